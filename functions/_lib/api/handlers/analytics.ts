import {
  analyticsQuerySchema,
  SUCCESS_STATUSES,
  FAILED_STATUSES,
  transactionSeriesSchema,
  walletSeriesSchema,
} from '../../../../src/shared/api/transactions';
import type { z } from 'zod';
import { frameStart } from '../../../../src/shared/time-window';
import { scopeOf, type ApiContext, type ApiRoute, defineRoute } from '../context';
import { json } from '../request-response';

const P = '/projects/:projectId/:mode/analytics';

function frame(c: ApiContext<string, unknown, z.output<typeof analyticsQuerySchema>>) {
  const { timeFrame } = c.query;
  // Whole UTC buckets ending with the current one: the overview's "last 30 days" is the same window (time-window.ts).
  const since = frameStart(timeFrame, c.now);
  // Hourly buckets for one day, daily otherwise; the range uses the (project_id, mode, created_at) index.
  const bucket = timeFrame === 'day' ? ('hour' as const) : ('day' as const);
  const fmt =
    bucket === 'hour'
      ? `strftime('%Y-%m-%dT%H:00:00Z', created_at / 1000, 'unixepoch')`
      : `date(created_at / 1000, 'unixepoch')`;
  return { timeFrame, since, bucket, fmt };
}

const list = (xs: readonly string[]) => xs.map((s) => `'${s}'`).join(', ');

export const analyticsRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: `${P}/transactions`,
    scope: 'mode',
    permission: 'read',
    tag: 'Analytics',
    summary: 'Transactions per bucket: total, successful, failed, gas used, cost (timeFrame=day|week|month|all)',
    query: analyticsQuerySchema,
    response: transactionSeriesSchema,
    handler: async (c) => {
      const f = frame(c);
      const s = scopeOf(c);
      const { results } = await c.db
        .prepare(
          `SELECT ${f.fmt} AS d, COUNT(*) AS total, SUM(status IN (${list(SUCCESS_STATUSES)})) AS ok, SUM(status IN (${list(FAILED_STATUSES)})) AS failed,
                COALESCE(SUM(gas_used), 0) AS gas, COALESCE(SUM(cost_usd), 0) AS cost
         FROM transactions WHERE project_id = ? AND mode = ? AND created_at >= ? GROUP BY d ORDER BY d`,
        )
        .bind(s.projectId, s.mode, f.since)
        .all<{ d: string; total: number; ok: number; failed: number; gas: number; cost: number }>();
      return json({
        timeFrame: f.timeFrame,
        bucket: f.bucket,
        data: results.map((r) => ({
          date: r.d,
          total: r.total,
          successful: r.ok,
          failed: r.failed,
          gasUsed: r.gas,
          costUsd: Math.round(r.cost * 100) / 100,
        })),
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/wallets`,
    scope: 'mode',
    permission: 'read',
    tag: 'Analytics',
    summary: 'New wallets per bucket by chain and account type',
    query: analyticsQuerySchema,
    response: walletSeriesSchema,
    handler: async (c) => {
      const f = frame(c);
      const s = scopeOf(c);
      const { results } = await c.db
        .prepare(
          `SELECT ${f.fmt} AS d, chain_id, account_type, COUNT(*) AS n FROM wallets WHERE project_id = ? AND mode = ? AND created_at >= ?
         GROUP BY d, chain_id, account_type ORDER BY d, chain_id, account_type`,
        )
        .bind(s.projectId, s.mode, f.since)
        .all<{ d: string; chain_id: number; account_type: string; n: number }>();
      return json({
        timeFrame: f.timeFrame,
        bucket: f.bucket,
        data: results.map((r) => ({ date: r.d, chainId: r.chain_id, accountType: r.account_type, count: r.n })),
      });
    },
  }),
];
