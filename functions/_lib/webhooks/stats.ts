import type { Row } from '../db/core';
import type { ApiContext } from '../api/context';

const DAY = 86_400_000;

/**
 * Sets `success_rate_24h` on webhook rows: the share of attempts finished in the last 24 h that succeeded (left
 * unset without any). One grouped query for the page, on the (webhook_id, created_at) index.
 */
export async function attachDeliveryStats(c: ApiContext, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const { results } = await c.db
    .prepare(
      `SELECT webhook_id, SUM(status = 'succeeded') AS ok, COUNT(*) AS n FROM webhook_deliveries
     WHERE webhook_id IN (SELECT value FROM json_each(?)) AND created_at >= ? AND status != 'pending'
     GROUP BY webhook_id`,
    )
    .bind(JSON.stringify(rows.map((r) => r.id)), c.now - DAY)
    .all<{ webhook_id: string; ok: number; n: number }>();
  const byId = new Map(results.map((r) => [r.webhook_id, r]));
  for (const row of rows) {
    const s = byId.get(row.id as string);
    if (s && s.n > 0) row.success_rate_24h = s.ok / s.n;
  }
}
