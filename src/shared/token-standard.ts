/**
 * Whether a contract is a fungible (ERC-20) token, judged by the names of its ABI's functions: a gas policy charges
 * its users in such a token. ERC-20 has `transfer`, `transferFrom`, `approve`, `allowance` and `balanceOf`; an
 * ERC-721 NFT has no `transfer` or `allowance` (it has `ownerOf`), an ERC-1155 multi-token has neither. Used by the
 * strategy editor's token picker and by the API, which refuses any other contract as a policy's token.
 */
const ERC20_FUNCTIONS = ['transfer', 'transferFrom', 'approve', 'allowance', 'balanceOf'] as const;

export function isFungibleToken(functionNames: readonly string[]): boolean {
  const names = new Set(functionNames);
  return ERC20_FUNCTIONS.every((f) => names.has(f)) && !names.has('ownerOf');
}

export const NOT_A_FUNGIBLE_TOKEN = 'Not a fungible (ERC-20) token: gas can only be charged in an ERC-20 token';
