import { describe, expect, it } from 'vitest';
import { api, newProject, shardOf } from './helpers';
import { addr, ERC20_ABI } from './fixtures';

// The gas policies screen: the list carries each policy's 30-day spend, the report takes a period, and rules that
// cannot work are answered at their field.
describe('gas policies for the screens', () => {
  it('the list carries spend over the last 30 days (one query per page); the report takes `days`', async () => {
    const p = await newProject('policy-spend');
    const base = `/projects/${p.id}/test`;
    const t = p.secretTest;
    const w = await api('POST', `${base}/wallets`, t, {
      address: addr(31),
      chainId: 11155111,
      accountType: 'Smart Account',
    });
    const used = await api('POST', `${base}/policies`, t, { name: 'Used', chainId: 11155111 });
    const idle = await api('POST', `${base}/policies`, t, { name: 'Idle', chainId: 11155111 });
    const send = async () =>
      (
        await api('POST', `${base}/transactions`, t, {
          chainId: 11155111,
          accountId: w.body.id,
          policyId: used.body.id,
          interactions: [{ to: addr(5), value: '0' }],
        })
      ).body.id as string;
    const [a, b, old] = [await send(), await send(), await send()];
    const now = Date.now();
    const shard = await shardOf(p.id);
    const set = (id: string, cost: number, at: number) =>
      shard.prepare('UPDATE transactions SET cost_usd = ?, created_at = ? WHERE id = ?').bind(cost, at, id).run();
    await set(a, 1.25, now - 86_400_000);
    await set(b, 0.5, now - 2 * 86_400_000);
    await set(old, 9, now - 45 * 86_400_000);

    const list = await api('GET', `${base}/policies?order=name:asc`, p.ownerToken);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((x: any) => [x.name, x.spend30d])).toEqual([
      ['Idle', { transactions: 0, costUsd: 0 }],
      ['Used', { transactions: 2, costUsd: 1.75 }],
    ]);
    // A read of one policy has its rules, not the list's spend.
    const one = await api('GET', `${base}/policies/${idle.body.id}`, p.ownerToken);
    expect(one.body.spend30d).toBeUndefined();

    const month = await api('GET', `${base}/policies/${used.body.id}/spend`, p.ownerToken);
    expect(month.body).toMatchObject({ days: 30, totals: { transactions: 2, costUsd: 1.75 } });
    const quarter = await api('GET', `${base}/policies/${used.body.id}/spend?days=90`, p.ownerToken);
    expect(quarter.body).toMatchObject({ days: 90, totals: { transactions: 3, costUsd: 10.75 } });
    expect(quarter.body.daily).toHaveLength(3);
    for (const bad of ['days=0', 'days=366', 'days=abc'])
      expect((await api('GET', `${base}/policies/${used.body.id}/spend?${bad}`, p.ownerToken)).status).toBe(400);
  });

  it('a contract rule needs a contract on the policy chain and a function of its ABI; edits keep rules whole', async () => {
    const p = await newProject('policy-rules');
    const base = `/projects/${p.id}/test`;
    const t = p.secretTest;
    const pol = await api('POST', `${base}/policies`, t, { name: 'Rules', chainId: 11155111 });
    const here = await api('POST', `${base}/contracts`, t, {
      name: 'Token',
      chainId: 11155111,
      address: addr(61),
      abi: ERC20_ABI,
    });
    const there = await api('POST', `${base}/contracts`, t, {
      name: 'Other',
      chainId: 84532,
      address: addr(62),
      abi: ERC20_ABI,
    });
    const rules = `${base}/policies/${pol.body.id}/rules`;

    const otherChain = await api('POST', rules, t, {
      type: 'contract_functions',
      contractId: there.body.id,
      wildcard: true,
    });
    expect(otherChain.status).toBe(400);
    expect(otherChain.body.error.details).toEqual([
      { path: 'contractId', message: expect.stringMatching(/chain 84532/) },
    ]);
    const noSuchFunction = await api('POST', rules, t, {
      type: 'contract_functions',
      contractId: here.body.id,
      functionName: 'mint',
    });
    expect(noSuchFunction.status).toBe(400);
    expect(noSuchFunction.body.error.details[0].path).toBe('functionName');

    const ok = await api('POST', rules, t, {
      type: 'contract_functions',
      contractId: here.body.id,
      functionName: 'transfer',
    });
    expect(ok.status, ok.text).toBe(201);
    const rule = `${rules}/${ok.body.id}`;
    const emptied = await api('PATCH', rule, t, { functionName: null, version: ok.body.version });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.details[0].path).toBe('functionName');
    expect((await api('PATCH', rule, t, { functionName: 'mint', version: ok.body.version })).status).toBe(400);
    const wild = await api('PATCH', rule, t, { functionName: null, wildcard: true, version: ok.body.version });
    expect(wild.status, wild.text).toBe(200);
    expect(wild.body).toMatchObject({ functionName: null, wildcard: true });

    const gas = await api('POST', rules, t, {
      type: 'rate_limit',
      limitType: 'gas_per_transaction',
      limitValue: 100000,
    });
    expect(gas.status, gas.text).toBe(201);
    const interval = await api('PATCH', `${rules}/${gas.body.id}`, t, { intervalUnit: 'day', version: 1 });
    expect(interval.status).toBe(400);
    expect(interval.body.error.details[0].path).toBe('intervalUnit');
    // Nothing changed by the refused edits.
    const read = await api('GET', `${base}/policies/${pol.body.id}`, t);
    expect(read.body.rules.map((r: any) => [r.functionName, r.wildcard, r.intervalUnit])).toEqual([
      [null, true, null],
      [null, false, null],
    ]);
  });
});
