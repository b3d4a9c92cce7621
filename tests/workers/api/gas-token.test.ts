import { erc1155Abi, erc721Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { NOT_A_FUNGIBLE_TOKEN } from '../../../src/shared/token-standard';
import { addr, ERC20_ABI } from './fixtures';
import { api, newProject } from './helpers';

/**
 * A gas policy charges its users in a fungible (ERC-20) token: an NFT (ERC-721), a multi-token (ERC-1155) or a
 * contract without an ABI is refused as `strategy.tokenContract`, on create and on update; nothing is written.
 */
describe('the token of a gas policy', () => {
  it.each([
    ['an ERC-20 token', 201, ERC20_ABI],
    ['an ERC-721 NFT', 400, erc721Abi],
    ['an ERC-1155 multi-token', 400, erc1155Abi],
    ['a contract without an ABI', 400, []],
  ] as const)('%s → %i', async (_, status, abi) => {
    const p = await newProject('gas-token-owner');
    const base = `/projects/${p.id}/test`;
    const t = p.secretTest;
    const contract = await api('POST', `${base}/contracts`, t, {
      name: 'Token',
      chainId: 11155111,
      address: addr(61),
      abi,
    });
    expect(contract.status, contract.text).toBe(201);
    for (const type of ['charge_custom_token', 'fixed_rate'] as const) {
      const strategy =
        type === 'fixed_rate'
          ? { type, tokenContract: contract.body.id, tokenAmount: '1000' }
          : { type, tokenContract: contract.body.id, exchangeRate: '1.5' };
      const created = await api('POST', `${base}/policies`, t, {
        name: `Pay in token ${type}`,
        chainId: 11155111,
        strategy,
      });
      expect(created.status, created.text).toBe(status);
      if (status === 400) {
        expect(created.body.error.details).toEqual([{ path: 'strategy.tokenContract', message: NOT_A_FUNGIBLE_TOKEN }]);
      }
    }
    const listed = await api('GET', `${base}/policies?limit=10`, t);
    expect(listed.body.total).toBe(status === 201 ? 2 : 0);

    // An update to a non-fungible token is refused too, and the policy keeps its strategy.
    const free = await api('POST', `${base}/policies`, t, {
      name: 'Free',
      chainId: 11155111,
      strategy: { type: 'pay_for_user' },
    });
    const changed = await api('PATCH', `${base}/policies/${free.body.id}`, t, {
      strategy: { type: 'charge_custom_token', tokenContract: contract.body.id, exchangeRate: '2' },
      version: free.body.version,
    });
    expect(changed.status, changed.text).toBe(status === 201 ? 200 : 400);
    if (status === 400)
      expect((await api('GET', `${base}/policies/${free.body.id}`, t)).body.strategy).toEqual({ type: 'pay_for_user' });
  });
});
