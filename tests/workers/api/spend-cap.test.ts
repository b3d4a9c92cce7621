import { describe, expect, it } from 'vitest';
import { addr } from './fixtures';
import { api, newProject, shardOf } from './helpers';

/**
 * A policy's monthly spend cap is hard (docs/api.md "Usage alerts and spend caps"): a sponsorship reserves its
 * `maxCostUsd` when it is accepted, atomically with the cap check, and the reservation settles to the real cost when
 * that is recorded (or to nothing when the transaction ends without one). Real local D1, real concurrent requests.
 */

const uid = () => crypto.randomUUID().slice(0, 8);

async function cappedPolicy(cap: number) {
  const p = await newProject(`cap-owner-${uid()}`, 'Cap Game');
  const w = await api('POST', `/projects/${p.id}/live/wallets`, p.ownerToken, {
    address: addr(6160),
    chainId: 1,
    accountType: 'Smart Account',
  });
  expect(w.status, w.text).toBe(201);
  const pol = await api('POST', `/projects/${p.id}/live/policies`, p.ownerToken, {
    name: 'Capped',
    chainId: 1,
    monthlySpendCapUsd: cap,
  });
  expect(pol.status, pol.text).toBe(201);
  const sponsor = (maxCostUsd?: number) =>
    api('POST', `/projects/${p.id}/live/transactions`, p.ownerToken, {
      chainId: 1,
      accountId: w.body.id,
      policyId: pol.body.id,
      interactions: [{ to: addr(9), value: '1' }],
      ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
    });
  const report = (id: string, body: Record<string, unknown>) =>
    api('POST', `/projects/${p.id}/live/transactions/${id}/status`, p.ownerToken, body);
  return { p, policyId: pol.body.id as string, sponsor, report };
}

describe('a monthly spend cap holds under concurrent sponsorships', () => {
  it('twelve sponsorships of up to $3 at once against a $10 cap: exactly three accepted, nine refused', async () => {
    const { p, sponsor } = await cappedPolicy(10);
    const results = await Promise.all(Array.from({ length: 12 }, () => sponsor(3)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    const refused = results.filter((r) => r.status === 409);
    for (const r of refused) expect(r.body.error.code, r.text).toBe('policy_spend_cap_reached');
    expect(refused[0]!.body.error.message).toContain('has no room for this sponsorship (up to $3.00)');
    expect(refused[0]!.body.error.details).toMatchObject({ capUsd: 10, spentUsd: 0, reservedUsd: 9, maxCostUsd: 3 });
    // Nothing of a refused sponsorship was written: three intents, three audit entries of them.
    const shard = await shardOf(p.id);
    const n = await shard
      .prepare(`SELECT COUNT(*) AS n FROM transactions WHERE project_id = ? AND mode = 'live'`)
      .bind(p.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(3);
    const audited = await shard
      .prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE project_id = ? AND action = 'transaction.created'`)
      .bind(p.id)
      .first<{ n: number }>();
    expect(audited!.n).toBe(3);
  });

  it('a reservation settles to the recorded cost, and to nothing when the transaction ends without one', async () => {
    const { sponsor, report, policyId, p } = await cappedPolicy(10);
    const [a, b, c] = await Promise.all([sponsor(3), sponsor(3), sponsor(3)]);
    expect([a, b, c].map((r) => r.status)).toEqual([201, 201, 201]);
    expect(a!.body.maxCostUsd).toBe(3);
    // $9 held: a $2 sponsorship does not fit, a $1 one does ($10 exactly).
    expect((await sponsor(2)).status).toBe(409);
    const d = await sponsor(1);
    expect(d.status, d.text).toBe(201);
    // `a` cost $1.25 in the end: $1.75 of its reservation is freed.
    expect((await report(a!.body.id, { status: 'sent', costUsd: 1.25 })).status).toBe(200);
    expect((await sponsor(1.8)).status).toBe(409);
    expect((await sponsor(1.75)).status).toBe(201);
    // `b` is dropped before it was sent: its $3 are freed.
    expect((await report(b!.body.id, { status: 'dropped' })).status).toBe(200);
    expect((await sponsor(3)).status).toBe(201);
    // Recorded spend past the cap (the gas was spent): the plain "reached" refusal, and the policy reports it.
    expect((await report(c!.body.id, { status: 'sent', costUsd: 9 })).status).toBe(200);
    const over = await sponsor(0.01);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toMatch(
      /^The gas policy “Capped” reached its monthly spend cap \(\$10\.25 of \$10\.00/,
    );
    const read = await api('GET', `/projects/${p.id}/live/policies/${policyId}`, p.ownerToken);
    // d ($1), the $1.75 and the $3 sponsorships are still in flight.
    expect(read.body.spendThisMonth).toEqual({ transactions: 6, costUsd: 10.25, reservedUsd: 5.75 });
  });

  it('a capped policy needs maxCostUsd (a 400 at the field, nothing written); an uncapped one does not', async () => {
    const { sponsor, p } = await cappedPolicy(5);
    const res = await sponsor();
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'maxCostUsd', message: 'Required: the policy has a monthly spend cap' },
    ]);
    const bad = await sponsor(-1);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: 'maxCostUsd', message: 'Give an amount above 0' }]);
    const list = await api('GET', `/projects/${p.id}/live/transactions`, p.ownerToken);
    expect(list.body.data).toEqual([]);
  });
});
