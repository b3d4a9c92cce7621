import { getAddress } from 'viem';

/** Whether an address's case matches its EIP-55 checksum; all-lower and all-upper case carry no checksum. */
export function checksumOk(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return getAddress(address) === address;
}
