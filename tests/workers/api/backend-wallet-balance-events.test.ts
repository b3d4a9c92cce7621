import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, api, newProject, token, shardOf } from './helpers';

/**
 * `PUT …/backend-wallets/{id}/balances/{chainId}` (docs/api.md "Balance records and balance events"): the balance
 * indexer's record, and the `balance.*` event of every balance monitor whose threshold it falls below.
 */
type Project = Awaited<ReturnType<typeof newProject>>;
const db = () => shardOf(p.id);
let p: Project;
let walletId: string;
const base = () => `/projects/${p.id}/test`;
const record = (wei: string, chainId = 11155111, t = p.ownerToken) =>
  api('PUT', `${base()}/backend-wallets/${walletId}/balances/${chainId}`, t, { wei });

async function balanceEvents(): Promise<{ topic: string; data: Record<string, unknown> }[]> {
  const { results } = await (
    await db()
  )
    .prepare(
      "SELECT topic, payload FROM webhook_events WHERE project_id = ? AND topic LIKE 'balance.%' AND json_extract(payload, '$.data.backendWalletId') = ? ORDER BY created_at, rowid",
    )
    .bind(p.id, walletId)
    .all<{ topic: string; payload: string }>();
  return results.map((r) => ({ topic: r.topic, data: JSON.parse(r.payload).data }));
}

beforeAll(async () => {
  p = await newProject('balance-events-owner', 'Balance events');
  const w = await api('POST', `${base()}/backend-wallets`, p.ownerToken, { custody: 'custodial', name: 'Gas tank' });
  expect(w.status, w.text).toBe(201);
  walletId = w.body.id;
  const monitors: Record<string, unknown>[] = [
    // 1 ETH on Sepolia for this wallet, to the default topic.
    {
      name: 'Gas tank low',
      type: 'balance_threshold',
      threshold: '1000000000000000000',
      backendWalletId: walletId,
      chainId: 11155111,
    },
    // 0.1 ETH on any chain, to the project's topic.
    { name: 'Project floor', type: 'balance_threshold', threshold: '100000000000000000', topic: 'balance.project' },
    // Disabled: never fires.
    { name: 'Off', type: 'balance_threshold', threshold: '5000000000000000000', enabled: false },
  ];
  for (const m of monitors) {
    const res = await api('POST', `${base()}/events`, p.ownerToken, m);
    expect(res.status, res.text).toBe(201);
  }
});

describe('balance records and the events of crossed thresholds', () => {
  const steps: [string, string, string[]][] = [
    ['a first record above every threshold', '2000000000000000000', []],
    ['below 1 ETH: the wallet monitor fires', '500000000000000000', ['balance.dev_account']],
    ['still below 1 ETH: nothing fires again', '400000000000000000', []],
    ['below 0.1 ETH too: the project monitor fires', '50000000000000000', ['balance.project']],
    ['back above both', '3000000000000000000', []],
    ['below both at once: both fire', '1', ['balance.dev_account', 'balance.project']],
  ];
  for (const [i, [what, wei, topics]] of steps.entries())
    it(`${i + 1}. ${what}`, async () => {
      const before = (await balanceEvents()).length;
      const res = await record(wei);
      expect(res.status, res.text).toBe(200);
      expect(res.body.balances).toEqual([{ chainId: 11155111, wei, recordedAt: expect.any(String) }]);
      const added = (await balanceEvents()).slice(before);
      expect(added.map((e) => e.topic).sort()).toEqual([...topics].sort());
      for (const e of added) expect(e.data).toMatchObject({ backendWalletId: walletId, chainId: 11155111, wei });
    });

  it('another chain keeps its own balance and its own crossing (the Sepolia-only monitor stays quiet)', async () => {
    const before = (await balanceEvents()).length;
    const res = await record('10', 84532);
    expect(res.status, res.text).toBe(200);
    expect(res.body.balances.map((b: { chainId: number }) => b.chainId)).toEqual([84532, 11155111]);
    expect((await balanceEvents()).slice(before).map((e) => e.topic)).toEqual(['balance.project']);
  });

  const bad: [string, string, number, string][] = [
    ['a decimal fraction', '1.5', 11155111, 'wei'],
    ['a leading zero', '01', 11155111, 'wei'],
    ['a negative amount', '-1', 11155111, 'wei'],
    ['an unknown chain', '1', 999999999, 'chainId'],
  ];
  for (const [what, wei, chainId, path] of bad)
    it(`refuses ${what} at the field`, async () => {
      const res = await record(wei, chainId);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    });

  it('viewers may not record; another tenant is a 404; a secret key with backend-wallets:write may', async () => {
    await addMember(p.id, 'balance-viewer', 'viewer');
    expect((await record('7', 11155111, await token('balance-viewer'))).status).toBe(403);
    expect((await record('7', 11155111, await token('balance-stranger'))).status).toBe(404);
    expect((await record('7', 11155111, p.secretTest)).status).toBe(200);
  });
});
