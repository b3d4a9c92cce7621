import { backendWalletBalanceRecordSchema, backendWalletSchema } from '../../../../src/shared/api/backend-wallets';
import { chainById } from '../../../../src/shared/chains';
import { auditStmt } from '../../db/audit';
import type { Row } from '../../db/core';
import { defineRoute, scopeOf, type ApiRoute } from '../context';
import { ApiError, json, notFound } from '../request-response';
import { mustGet } from '../route-builders';
import { auditFor } from '../write-commits';
import { Outbox } from '../../webhooks/outbox';
import { backendWalletToApi } from './backend-wallets';

type Stored = { chainId: number; wei: string; recordedAt: number };

/** The enabled balance monitors (`events` of type balance_threshold) that watch this wallet on this chain. */
async function monitorsFor(
  db: D1Database,
  s: { projectId: string; mode: string | null },
  walletId: string,
  chainId: number,
) {
  const { results } = await db
    .prepare(
      `SELECT id, name, topic, threshold FROM events
       WHERE project_id = ? AND mode = ? AND enabled = 1 AND type = 'balance_threshold' AND threshold IS NOT NULL
         AND (backend_wallet_id IS NULL OR backend_wallet_id = ?) AND (chain_id IS NULL OR chain_id = ?)
       LIMIT 100`,
    )
    .bind(s.projectId, s.mode, walletId, chainId)
    .all<{ id: string; name: string; topic: string | null; threshold: string }>();
  return results;
}

/**
 * `PUT …/backend-wallets/{id}/balances/{chainId}`: the balance indexer records a wallet's balance on a chain (docs/api.md
 * "Balance records and balance events"). One D1 batch: the balances (compare-and-set on the version read), the audit
 * entry and a `balance.*` webhook event for every balance monitor whose threshold the balance just fell below.
 */
export const backendWalletBalanceRoutes: ApiRoute[] = [
  defineRoute({
    method: 'PUT',
    path: '/projects/:projectId/:mode/backend-wallets/:id/balances/:chainId',
    scope: 'mode',
    permission: 'write_data',
    tag: 'Backend wallets',
    summary: 'Record a balance reported by the balance indexer; emits balance.* events for the monitors it falls below',
    body: backendWalletBalanceRecordSchema,
    response: backendWalletSchema,
    handler: async (c) => {
      const chainId = Number(c.params.chainId);
      if (!/^[1-9][0-9]{0,15}$/.test(c.params.chainId) || !chainById(chainId))
        throw new ApiError('bad_request', 'Unknown chain', [{ path: 'chainId', message: 'Not a supported chain id' }]);
      const wallet = await mustGet(c, 'backend_wallets', c.params.id, 'Backend wallet');
      const db = c.db;
      const s = scopeOf(c);
      let stored: Stored[] = [];
      try {
        const parsed: unknown = JSON.parse((wallet.balances as string | null) ?? '[]');
        if (Array.isArray(parsed)) stored = parsed as Stored[];
      } catch {
        stored = [];
      }
      const previous = stored.find((b) => b.chainId === chainId) ?? null;
      const next: Stored[] = [
        ...stored.filter((b) => b.chainId !== chainId),
        { chainId, wei: c.body.wei, recordedAt: c.now },
      ].sort((a, b) => a.chainId - b.chainId);
      const wei = BigInt(c.body.wei);
      const outbox = new Outbox(db, s, c.now);
      const crossed = (await monitorsFor(db, s, wallet.id as string, chainId)).filter((m) => {
        if (!/^[0-9]{1,78}$/.test(m.threshold)) return false;
        const threshold = BigInt(m.threshold);
        // Below now, and not already below at the last record (a first record below counts).
        return wei < threshold && (previous === null || BigInt(previous.wei) >= threshold);
      });
      const [res] = await db.batch([
        db
          .prepare(
            `UPDATE backend_wallets SET balances = ?, updated_at = ?, version = version + 1
             WHERE id = ? AND project_id = ? AND mode = ? AND version = ? RETURNING *`,
          )
          .bind(JSON.stringify(next), c.now, wallet.id, s.projectId, s.mode, wallet.version),
        auditStmt(
          db,
          auditFor(c, 'backend_wallet.balance_recorded', 'backend_wallets', wallet.id as string, {
            chainId,
            wei: c.body.wei,
          }),
          true,
        ),
        ...crossed.map((m) =>
          outbox.event(
            m.topic?.startsWith('balance.') ? m.topic : 'balance.dev_account',
            {
              backendWalletId: wallet.id,
              address: wallet.address,
              chainId,
              wei: c.body.wei,
              previousWei: previous?.wei ?? null,
              threshold: m.threshold,
              monitorId: m.id,
              monitorName: m.name,
            },
            { onlyIfChanged: true },
          ),
        ),
      ]);
      const row = res!.results[0] as Row | undefined;
      if (!row) {
        if (await db.prepare('SELECT 1 FROM backend_wallets WHERE id = ?').bind(wallet.id).first())
          throw new ApiError('conflict', 'The wallet was changed at the same time: send the balance again', {
            reason: 'stale_version',
          });
        throw notFound('Backend wallet');
      }
      outbox.kick(c);
      return json(backendWalletToApi(row));
    },
  }),
];
