import { describe, expect, it } from 'vitest';
import { DAY_MS, frameStart } from '../../../src/shared/time-window';
import { api, newProject, shardOf } from './helpers';
import { addr } from './fixtures';

/**
 * The overview's "last 30 days" and analytics' "Last 30 days" are one window (src/shared/time-window.ts): today (UTC)
 * and the 29 days before. The overview counts a list with `createdAt >= start`; analytics sums its daily buckets.
 * Rows just outside the window (a millisecond before its first day, which a rolling "now − 30 days" still counted) make
 * the two disagree unless both use it.
 */
describe('the 30-day window of the overview and of analytics', () => {
  it('the transactions list and analytics count the same rows and cost; the wallets list and analytics the same wallets', async () => {
    const p = await newProject('window-owner');
    const now = Date.now();
    const start = frameStart('month', now);
    // [offset from the window start, cost]: inside are the first millisecond, mid-window and a minute ago.
    const txs: [number, number][] = [
      [-1, 100], // the last millisecond before the window: in neither
      [-DAY_MS / 2, 50], // half a day before: a rolling "now − 30 days" would count it
      [0, 1.25],
      [10 * DAY_MS + 3_600_000, 2.5],
      [now - start - 60_000, 0.75],
    ];
    await (
      await shardOf(p.id)
    )
      .prepare(
        `INSERT INTO transactions (id, project_id, mode, chain_id, abstraction_type, status, cost_usd, created_at, updated_at)
       SELECT value ->> 'id', ?1, 'test', 1, 'standard', 'confirmed', value ->> 'cost', value ->> 'at', value ->> 'at'
       FROM json_each(?2)`,
      )
      .bind(
        p.id,
        JSON.stringify(txs.map(([off, cost]) => ({ id: `tin_${crypto.randomUUID()}`, cost, at: start + off }))),
      )
      .run();
    await (
      await shardOf(p.id)
    )
      .prepare(
        `INSERT INTO wallets (id, project_id, mode, address, chain_id, chain_type, account_type, custody, created_at, updated_at)
       SELECT value ->> 'id', ?1, 'test', value ->> 'address', 1, 'EVM', 'Smart Account', 'User', value ->> 'at', value ->> 'at'
       FROM json_each(?2)`,
      )
      .bind(
        p.id,
        JSON.stringify(
          txs.map(([off], i) => ({ id: `acc_${crypto.randomUUID()}`, address: addr(900 + i), at: start + off })),
        ),
      )
      .run();

    const base = `/projects/${p.id}/test`;
    const window = encodeURIComponent(
      JSON.stringify([{ field: 'createdAt', op: 'gte', value: new Date(start).toISOString() }]),
    );
    const listed = await api('GET', `${base}/transactions?limit=100&filters=${window}`, p.secretTest);
    expect(listed.status, listed.text).toBe(200);
    const analytics = await api('GET', `${base}/analytics/transactions?timeFrame=month`, p.secretTest);
    expect(analytics.status, analytics.text).toBe(200);
    const days = analytics.body.data as { date: string; total: number; costUsd: number }[];
    const counted = days.reduce((s, d) => s + d.total, 0);
    expect(listed.body.total).toBe(3);
    expect(counted).toBe(listed.body.total);
    // The cost the overview sums (the same days) is the cost analytics shows.
    const listedCost = (listed.body.data as { costUsd: number }[]).reduce((s, t) => s + t.costUsd, 0);
    expect(days.reduce((s, d) => s + d.costUsd, 0)).toBeCloseTo(listedCost, 6);
    expect(listedCost).toBeCloseTo(4.5, 6);
    // Whole days: the first bucket is the window's first day, and there are at most 30.
    expect(days[0]!.date).toBe(new Date(start).toISOString().slice(0, 10));
    expect(new Set(days.map((d) => d.date)).size).toBeLessThanOrEqual(30);

    const wallets = await api('GET', `${base}/wallets?limit=1&filters=${window}`, p.secretTest);
    const walletSeries = await api('GET', `${base}/analytics/wallets?timeFrame=month`, p.secretTest);
    expect(wallets.body.total).toBe(3);
    expect((walletSeries.body.data as { count: number }[]).reduce((s, d) => s + d.count, 0)).toBe(wallets.body.total);
  });

  it.each([
    ['day', '2026-11-23T12:34:56Z', '2026-11-22T13:00:00.000Z'],
    ['week', '2026-11-23T12:34:56Z', '2026-11-17T00:00:00.000Z'],
    ['month', '2026-11-23T12:34:56Z', '2026-10-25T00:00:00.000Z'],
    ['month', '2026-11-23T00:00:00Z', '2026-10-25T00:00:00.000Z'],
  ] as const)('%s at %s starts at %s', (frame, now, start) => {
    expect(new Date(frameStart(frame, Date.parse(now))).toISOString()).toBe(start);
  });
});
