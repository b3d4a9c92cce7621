import { COUNTED_FIELDS } from '../../../../src/shared/api/stored-shapes';
import { newId } from '../../../../src/shared/api/ids';
import {
  transactionCreateSchema,
  transactionListSpec,
  transactionSchema,
} from '../../../../src/shared/api/transactions';
import { insertStmt, parseJson, type Row } from '../../db/core';
import { modeOf, type ApiRoute, defineRoute } from '../context';
import { ApiError, isoStrict } from '../request-response';
import { auditFor, commitCreate } from '../write-commits';
import { getRoute, listRoute, mustGet } from '../route-builders';
import type { Relation } from '../../db/related';
import { mustReference } from './wallets';
import { checkUsageAlerts, logAlertFailure } from '../../billing/usage-alerts';
import { isSpendCapAbort, refusalAfterAbort, spendCapCheck } from '../../billing/spend-cap';

const P = '/projects/:projectId/:mode/transactions';
export const TRANSACTIONS = {
  counted: Object.keys(COUNTED_FIELDS.transactions),
  countedByDay: true,
  table: 'transactions',
  columns: {
    createdAt: 'created_at',
    status: 'status',
    chainId: 'chain_id',
    accountId: 'account_id',
    userId: 'user_id',
    policyId: 'policy_id',
    transactionHash: 'transaction_hash',
  },
  // Hashes are stored in lower case (transaction-status.ts), so the column itself is the folded expression.
  folded: { transactionHash: { exprs: [{ expr: 'transaction_hash', index: 'transactions_hash_prefix' }] } },
};

/** Summaries transaction lists and reads carry, each when the caller may read its collection (docs/api.md "Summaries"). */
export const TRANSACTION_RELATIONS: readonly Relation[] = [
  {
    column: 'user_id',
    table: 'users',
    fields: ['name', 'email'],
    field: 'user',
    collection: 'users',
    csv: { userEmail: 'email' },
  },
  {
    column: 'account_id',
    table: 'wallets',
    fields: ['address'],
    field: 'account',
    collection: 'wallets',
    csv: { accountAddress: 'address' },
  },
  {
    column: 'policy_id',
    table: 'policies',
    fields: ['name'],
    field: 'policy',
    collection: 'policies',
    csv: { policyName: 'name' },
  },
];

/** API shape of a transaction row (with `history` rows when given). */
export function transactionToApi(r: Row, history?: Row[]) {
  return {
    id: r.id,
    chainId: r.chain_id,
    accountId: r.account_id,
    userId: r.user_id,
    policyId: r.policy_id,
    ...(r._user === undefined ? {} : { user: r._user }),
    ...(r._account === undefined ? {} : { account: r._account }),
    ...(r._policy === undefined ? {} : { policy: r._policy }),
    interactions: parseJson(r.interactions, []),
    abstractionType: r.abstraction_type,
    status: r.status,
    ...(history
      ? { statusHistory: history.map((h) => ({ status: h.status, at: isoStrict(h.created_at as number) })) }
      : {}),
    userOperationHash: r.user_operation_hash,
    transactionHash: r.transaction_hash,
    blockNumber: r.block_number,
    gasUsed: r.gas_used,
    gasFee: r.gas_fee,
    costUsd: r.cost_usd,
    maxCostUsd: (r.max_cost_usd as number | null | undefined) ?? null,
    error: r.error_reason ? { reason: r.error_reason, explanation: r.error_explanation ?? null } : null,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
  };
}

export const transactionRoutes: ApiRoute[] = [
  listRoute({
    path: P,
    tag: 'Transactions',
    summary: 'List transaction intents',
    def: TRANSACTIONS,
    spec: transactionListSpec,
    toApi: (r) => transactionToApi(r),
    item: transactionSchema,
    relations: TRANSACTION_RELATIONS,
  }),
  defineRoute({
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Transactions',
    summary: 'Create a transaction intent (status new)',
    body: transactionCreateSchema,
    response: transactionSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      const wallet = await mustGet(c, 'wallets', b.accountId, 'Wallet').catch(() => {
        throw new ApiError('bad_request', '`accountId` does not exist in this project and mode');
      });
      if (wallet.chain_id !== b.chainId) throw new ApiError('bad_request', '`chainId` does not match the wallet chain');
      await mustReference(c, 'policies', b.policyId, 'policyId');
      // A capped policy reserves the sponsorship's maximum cost in the same batch (the guard aborts it past the cap).
      const guard = b.policyId ? await spendCapCheck(c, b.policyId, b.maxCostUsd) : null;
      const row: Row = {
        id: newId('tin'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        chain_id: b.chainId,
        account_id: b.accountId,
        user_id: wallet.user_id ?? null,
        policy_id: b.policyId ?? null,
        interactions: JSON.stringify(b.interactions),
        abstraction_type: b.abstractionType,
        status: 'new',
        user_operation_hash: null,
        transaction_hash: null,
        block_number: null,
        gas_used: null,
        gas_fee: null,
        cost_usd: null,
        max_cost_usd: b.maxCostUsd ?? null,
        error_reason: null,
        error_explanation: null,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const db = c.db;
      const response = transactionToApi(row, [{ status: 'new', created_at: c.now }]);
      const created = await commitCreate(c, {
        statements: [
          insertStmt(db, 'transactions', row),
          insertStmt(db, 'transaction_statuses', { transaction_id: row.id, seq: 1, status: 'new', created_at: c.now }),
          ...(guard ? [guard] : []),
        ],
        audit: auditFor(c, 'transaction.created', 'transactions', row.id as string),
        body: response,
        response,
        requestBody: b,
      }).catch(async (err: unknown) => {
        if (guard && isSpendCapAbort(err)) throw await refusalAfterAbort(c, b.policyId!, b.maxCostUsd!);
        throw err;
      });
      // A live operation counts against the plan: a threshold it crossed is recorded after the commit (never fails it).
      if (row.mode === 'live') c.waitUntil(checkUsageAlerts(c, 'operations').catch(logAlertFailure));
      return created;
    },
  }),
  getRoute({
    path: `${P}/:id`,
    tag: 'Transactions',
    summary: 'Read a transaction with its status history',
    table: 'transactions',
    what: 'Transaction',
    item: transactionSchema,
    relations: TRANSACTION_RELATIONS,
    toApi: async (r, c) => {
      const { results } = await c.db
        .prepare('SELECT status, created_at FROM transaction_statuses WHERE transaction_id = ? ORDER BY seq')
        .bind(r.id)
        .all<Row>();
      return transactionToApi(r, results);
    },
  }),
];
