import { describe, expect, it } from 'vitest';
import { api, newProject } from './helpers';
import { addr } from './fixtures';

// Lists and reads carry the names of what a row references, so screens never show a bare id where a name exists.
describe('summaries of referenced rows', () => {
  it('wallets carry their user, transactions their user, wallet and policy', async () => {
    const p = await newProject('user-summaries');
    const base = `/projects/${p.id}/test`;
    const user = await api('POST', `${base}/users`, p.secretTest, { name: 'Ada Lovelace' });
    expect(user.status, user.text).toBe(201);
    const wallet = await api('POST', `${base}/wallets`, p.secretTest, {
      address: addr(77),
      chainId: 11155111,
      accountType: 'Smart Account',
      userId: user.body.id,
    });
    expect(wallet.status, wallet.text).toBe(201);
    const policy = await api('POST', `${base}/policies`, p.secretTest, {
      name: 'Sponsor everything',
      chainId: 11155111,
      strategy: { type: 'pay_for_user' },
    });
    expect(policy.status, policy.text).toBe(201);
    const tx = await api('POST', `${base}/transactions`, p.secretTest, {
      chainId: 11155111,
      accountId: wallet.body.id,
      policyId: policy.body.id,
      interactions: [{ to: addr(5), value: '0' }],
    });
    expect(tx.status, tx.text).toBe(201);

    const wallets = await api('GET', `${base}/wallets`, p.ownerToken);
    expect(wallets.body.data[0].user).toEqual({ id: user.body.id, name: 'Ada Lovelace', email: null });
    const one = await api('GET', `${base}/wallets/${wallet.body.id}`, p.ownerToken);
    expect(one.body.user.name).toBe('Ada Lovelace');

    const txs = await api('GET', `${base}/transactions`, p.ownerToken);
    expect(txs.body.data[0]).toMatchObject({
      account: { id: wallet.body.id, address: wallet.body.address },
      policy: { id: policy.body.id, name: 'Sponsor everything' },
    });
    const read = await api('GET', `${base}/transactions/${tx.body.id}`, p.ownerToken);
    expect(read.body.policy.name).toBe('Sponsor everything');
  });

  it('a row without a reference carries null', async () => {
    const p = await newProject('user-summaries-null');
    const base = `/projects/${p.id}/test`;
    await api('POST', `${base}/wallets`, p.secretTest, { address: addr(78), chainId: 1, accountType: 'Smart Account' });
    const wallets = await api('GET', `${base}/wallets`, p.ownerToken);
    expect(wallets.body.data[0].user).toBeNull();
  });
});
