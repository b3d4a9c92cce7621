/** The parts of viem the contract screens use, in one chunk loaded with `import()` after the page shows. */
import { getAddress } from 'viem';

export { encodeFunctionData, erc1155Abi, erc20Abi, erc721Abi, getAddress, toFunctionSelector } from 'viem';

/** Whether an address's case matches its EIP-55 checksum; all-lower and all-upper case carry no checksum. */
export function checksumOk(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return getAddress(address) === address;
}

export type ViemBits = typeof import('./viem-bits');
