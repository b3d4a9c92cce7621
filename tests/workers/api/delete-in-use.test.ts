import { describe, expect, it } from 'vitest';
import { addr, ERC20_ABI } from './fixtures';
import { api, newProject } from './helpers';

/**
 * A backend wallet that pays a gas policy's gas (its depositor) or a contract that is its token cannot be deleted
 * while the policy names it (docs/api.md "Writes"): 409 with the policy's name; once the strategy changes, it can.
 */
describe('deleting what a gas policy depends on', () => {
  it('refuses a depositor and a token contract, names the policy, and lets them go once the policy changes', async () => {
    const p = await newProject('delete-in-use');
    const base = `/projects/${p.id}/test`;
    const t = p.secretTest;
    const wallet = await api('POST', `${base}/backend-wallets`, t, { custody: 'custodial', name: 'Payer' });
    const token = await api('POST', `${base}/contracts`, t, {
      name: 'Gold',
      chainId: 11155111,
      address: addr(81),
      abi: ERC20_ABI,
    });
    const policy = await api('POST', `${base}/policies`, t, {
      name: 'Gold for gas',
      chainId: 11155111,
      strategy: {
        type: 'charge_custom_token',
        tokenContract: token.body.id,
        exchangeRate: '1.5',
        depositor: wallet.body.id,
      },
    });
    expect(policy.status, policy.text).toBe(201);
    for (const [path, message] of [
      [`backend-wallets/${wallet.body.id}`, /backend wallet is the depositor of the gas policy “Gold for gas”/],
      [`contracts/${token.body.id}`, /contract is the token contract of the gas policy “Gold for gas”/],
    ] as const) {
      const refused = await api('DELETE', `${base}/${path}`, t);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error.message).toMatch(message);
      expect((await api('GET', `${base}/${path}`, t)).status).toBe(200);
    }

    const changed = await api('PATCH', `${base}/policies/${policy.body.id}`, t, {
      strategy: { type: 'pay_for_user' },
      version: policy.body.version,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await api('DELETE', `${base}/backend-wallets/${wallet.body.id}`, t)).status).toBe(204);
    expect((await api('DELETE', `${base}/contracts/${token.body.id}`, t)).status).toBe(204);
  });
});
