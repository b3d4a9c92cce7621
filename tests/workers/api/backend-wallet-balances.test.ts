import { describe, expect, it } from 'vitest';
import { api, newProject, shardOf } from './helpers';

/**
 * Backend wallets' recorded balances (migration 0013) and the list's search filters (`name` contains, `address` eq):
 * docs/api.md "Backend wallets".
 */
describe('backend wallets: recorded balances and search', () => {
  it('answers balances as recorded (wei as digits, ISO times) in the list, the read and the CSV; none for a new one', async () => {
    const p = await newProject('bwb-owner');
    const base = `/projects/${p.id}/test/backend-wallets`;
    const created = await api('POST', base, p.ownerToken, { custody: 'custodial', name: 'Hot wallet' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.balances).toEqual([]);

    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    const recorded = [
      { chainId: 11155111, wei: '12500000000000000000', recordedAt: at },
      { chainId: 84532, wei: '80000000000000000', recordedAt: at - 3_600_000 },
    ];
    await (
      await shardOf(p.id)
    )
      .prepare('UPDATE backend_wallets SET balances = ? WHERE id = ?')
      .bind(JSON.stringify(recorded), created.body.id)
      .run();
    const expected = [
      { chainId: 11155111, wei: '12500000000000000000', recordedAt: '2026-01-02T03:04:05.000Z' },
      { chainId: 84532, wei: '80000000000000000', recordedAt: '2026-01-02T02:04:05.000Z' },
    ];
    const list = await api('GET', base, p.ownerToken);
    expect(list.body.data[0].balances).toEqual(expected);
    expect((await api('GET', `${base}/${created.body.id}`, p.ownerToken)).body.balances).toEqual(expected);

    // A rename answers them too; a write cannot set them (strict bodies).
    const renamed = await api('PATCH', `${base}/${created.body.id}`, p.ownerToken, { name: 'Treasury', version: 1 });
    expect(renamed.body.balances).toEqual(expected);
    const refused = await api('PATCH', `${base}/${created.body.id}`, p.ownerToken, {
      name: 'Treasury',
      version: 2,
      balances: [],
    });
    expect(refused.status).toBe(400);

    const csv = await api('GET', `${base.replace(/backend-wallets$/, 'backend-wallets.csv')}`, p.ownerToken);
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.split('\r\n');
    expect(header).toContain('balances');
    expect(row).toContain(`"${JSON.stringify(expected).replaceAll('"', '""')}"`);
  });

  it('searches by name (contains) and by address (any case), in the list and the CSV', async () => {
    const p = await newProject('bwb-search');
    const base = `/projects/${p.id}/test/backend-wallets`;
    const a = await api('POST', base, p.ownerToken, { custody: 'custodial', name: 'Gas tank' });
    await api('POST', base, p.ownerToken, { custody: 'custodial', name: 'Treasury' });
    const q = (filters: unknown) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;

    const byName = await api('GET', `${base}?${q([{ field: 'name', op: 'contains', value: 'tank' }])}`, p.ownerToken);
    expect(byName.body.data.map((w: { name: string }) => w.name)).toEqual(['Gas tank']);
    const lower = String(a.body.address).toLowerCase();
    const byAddress = await api('GET', `${base}?${q([{ field: 'address', op: 'eq', value: lower }])}`, p.ownerToken);
    expect(byAddress.body.total).toBe(1);
    expect(byAddress.body.data[0].id).toBe(a.body.id);
    const csv = await api(
      'GET',
      `/projects/${p.id}/test/backend-wallets.csv?${q([{ field: 'name', op: 'contains', value: 'sury' }])}`,
      p.ownerToken,
    );
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv.text).toContain('Treasury');
    // Other operators stay refused.
    const prefix = await api('GET', `${base}?${q([{ field: 'name', op: 'prefix', value: 'Gas' }])}`, p.ownerToken);
    expect(prefix.status).toBe(400);
  });
});
