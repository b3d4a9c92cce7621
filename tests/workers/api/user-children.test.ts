import { describe, expect, it } from 'vitest';
import { api, newProject } from './helpers';
import { addr } from './fixtures';

// A user's page lists what belongs to the user: its wallets, transactions and linked accounts.
describe("a user's wallets, transactions and linked accounts", () => {
  it('lists them for the user only, with names, without the status history of a single read', async () => {
    const p = await newProject('user-children');
    const base = `/projects/${p.id}/test`;
    const user = await api('POST', `${base}/users`, p.secretTest, { name: 'Grace Hopper' });
    const other = await api('POST', `${base}/users`, p.secretTest, { name: 'Someone else' });
    const wallet = await api('POST', `${base}/wallets`, p.secretTest, {
      address: addr(91),
      chainId: 11155111,
      accountType: 'Smart Account',
      userId: user.body.id,
    });
    expect(wallet.status, wallet.text).toBe(201);
    await api('POST', `${base}/wallets`, p.secretTest, {
      address: addr(92),
      chainId: 11155111,
      accountType: 'Smart Account',
      userId: other.body.id,
    });
    for (let i = 0; i < 3; i++) {
      const tx = await api('POST', `${base}/transactions`, p.secretTest, {
        chainId: 11155111,
        accountId: wallet.body.id,
        interactions: [{ to: addr(5), value: String(i) }],
      });
      expect(tx.status, tx.text).toBe(201);
    }

    const txs = await api('GET', `${base}/users/${user.body.id}/transactions?limit=2`, p.ownerToken);
    expect(txs.status, txs.text).toBe(200);
    expect(txs.body.total).toBe(3);
    expect(txs.body.data).toHaveLength(2);
    for (const t of txs.body.data) {
      expect(t.userId).toBe(user.body.id);
      expect(t.user.name).toBe('Grace Hopper');
      expect(t).not.toHaveProperty('statusHistory');
    }
    const page2 = await api('GET', `${base}/users/${user.body.id}/transactions?limit=2&page=2&total=3`, p.ownerToken);
    expect(page2.status, page2.text).toBe(200);
    expect(page2.body.data).toHaveLength(1);

    const wallets = await api('GET', `${base}/users/${user.body.id}/wallets`, p.ownerToken);
    expect(wallets.body.data.map((w: { id: string }) => w.id)).toEqual([wallet.body.id]);
    const linked = await api('GET', `${base}/users/${user.body.id}/linked-accounts`, p.ownerToken);
    expect(linked.body).toEqual({ data: [], page: 1, limit: 100, total: 0 });
  });

  it("answers 404 for an unknown user and for another project's user", async () => {
    const a = await newProject('user-children-a');
    const b = await newProject('user-children-b');
    const user = await api('POST', `/projects/${b.id}/test/users`, b.secretTest, { name: 'Not yours' });
    for (const id of [user.body.id, 'pla_01900000-0000-7000-8000-000000000bad'])
      for (const child of ['transactions', 'wallets', 'linked-accounts', '']) {
        const res = await api('GET', `/projects/${a.id}/test/users/${id}${child && `/${child}`}`, a.ownerToken);
        expect(res.status, `${child} ${res.text}`).toBe(404);
      }
  });
});
