/** Address checks of the add dialog (viem, in the dialog's lazily loaded chunk). */
import { getAddress } from 'viem';

export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The address checksummed (EIP-55), or what is wrong with it. All-lower and all-upper case carry no checksum; a mixed
 * case that does not match its checksum is a typo.
 */
export function checkAddress(text: string): { address: string } | { error: string } {
  const value = text.trim();
  if (!ADDRESS.test(value)) return { error: 'Expected a 0x-prefixed address of 40 hex digits.' };
  const checksummed = getAddress(value);
  const hex = value.slice(2);
  if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase() && checksummed !== value)
    return { error: 'The address checksum (its mix of upper and lower case) does not match: check it for a typo.' };
  return { address: checksummed };
}
