import { TX_NEXT, txTopic, type TxStatus } from '../../../../src/shared/api/transaction-lifecycle';
import { transactionSchema, transactionStatusChangeSchema } from '../../../../src/shared/api/transactions';
import { auditStmt } from '../../db/audit';
import { type Row } from '../../db/core';
import { defineRoute, scopeOf, type ApiRoute } from '../context';
import { ApiError, json } from '../request-response';
import { mustGet } from '../route-builders';
import { auditFor } from '../write-commits';
import { Outbox } from '../../webhooks/outbox';
import { transactionToApi } from './transactions';
import { checkUsageAlerts, logAlertFailure } from '../../billing/usage-alerts';

/**
 * `POST …/transactions/{id}/status`: the relayer or the chain indexer reports a transaction's new status (docs/api.md
 * "Transaction status changes"). One D1 batch: the row (compare-and-set on the status read), its history, the
 * `transaction_intent.*` event of the move (the outbox) and the audit entry.
 */
export const transactionStatusRoutes: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/projects/:projectId/:mode/transactions/:id/status',
    scope: 'mode',
    permission: 'write_data',
    tag: 'Transactions',
    summary:
      'Record a status reported by the relayer or the chain indexer (allowed moves only); emits the transaction_intent.* webhook event',
    body: transactionStatusChangeSchema,
    response: transactionSchema,
    status: 200,
    handler: async (c) => {
      const b = c.body;
      const tx = await mustGet(c, 'transactions', c.params.id, 'Transaction');
      const from = tx.status as TxStatus;
      if (!TX_NEXT[from].includes(b.status))
        throw new ApiError(
          'conflict',
          TX_NEXT[from].length
            ? `A ${from} transaction can move to ${TX_NEXT[from].join(', ')}, not ${b.status}`
            : `The transaction is ${from}: that status is final`,
          { reason: 'invalid_transition', from, allowed: TX_NEXT[from] },
        );
      const db = c.db;
      const s = scopeOf(c);
      const set: Row = {
        status: b.status,
        ...(b.transactionHash === undefined ? {} : { transaction_hash: b.transactionHash.toLowerCase() }),
        ...(b.userOperationHash === undefined ? {} : { user_operation_hash: b.userOperationHash.toLowerCase() }),
        ...(b.blockNumber === undefined ? {} : { block_number: b.blockNumber }),
        ...(b.gasUsed === undefined ? {} : { gas_used: b.gasUsed }),
        ...(b.gasFee === undefined ? {} : { gas_fee: b.gasFee }),
        ...(b.costUsd === undefined ? {} : { cost_usd: b.costUsd }),
        ...(b.error === undefined
          ? {}
          : { error_reason: b.error.reason, error_explanation: b.error.explanation ?? null }),
      };
      const cols = Object.keys(set);
      const outbox = new Outbox(db, s, c.now);
      const topic = txTopic(from, b.status);
      const [res] = await db.batch([
        // Compare-and-set: a concurrent report of another status changes nothing here (409 below).
        db
          .prepare(
            `UPDATE transactions SET ${cols.map((k) => `${k} = ?`).join(', ')}, updated_at = ?, version = version + 1
             WHERE id = ? AND project_id = ? AND mode = ? AND status = ? RETURNING *`,
          )
          .bind(...cols.map((k) => set[k] as string | number | null), c.now, tx.id, s.projectId, s.mode, from),
        db
          .prepare(
            `INSERT INTO transaction_statuses (transaction_id, seq, status, created_at)
             SELECT ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM transaction_statuses WHERE transaction_id = ?), ?, ?
             WHERE changes() = 1`,
          )
          .bind(tx.id, tx.id, b.status, c.now),
        auditStmt(
          db,
          auditFor(c, 'transaction.status_changed', 'transactions', tx.id as string, { from, to: b.status }),
          true,
        ),
        ...(topic
          ? [
              outbox.event(
                topic,
                {
                  id: tx.id,
                  status: b.status,
                  previousStatus: from,
                  chainId: tx.chain_id,
                  accountId: tx.account_id,
                  userId: tx.user_id,
                  transactionHash: (set.transaction_hash as string | undefined) ?? tx.transaction_hash ?? null,
                },
                { onlyIfChanged: true },
              ),
            ]
          : []),
      ]);
      const row = res!.results[0] as Row | undefined;
      if (!row)
        throw new ApiError('conflict', 'The transaction’s status was changed by someone else: read it and try again', {
          reason: 'stale_status',
        });
      outbox.kick(c);
      // Sponsored gas of a live policy counts against the monthly gas budget of the month the transaction was created
      // in, as the spend report counts it (usage alerts; never fails the write).
      if (s.mode === 'live' && row.policy_id && b.costUsd !== undefined)
        c.waitUntil(checkUsageAlerts(c, 'gas', { at: tx.created_at as number }).catch(logAlertFailure));
      const history = (
        await db
          .prepare('SELECT status, created_at FROM transaction_statuses WHERE transaction_id = ? ORDER BY seq')
          .bind(tx.id)
          .all<Row>()
      ).results;
      return json(transactionToApi(row, history));
    },
  }),
];
