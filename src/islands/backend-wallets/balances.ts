/** Recorded balances on screen: wei as the chain's native currency ("12.5 ETH"), exact, without floating point. */
import { chainById, chainName } from '../../shared/chains';
import type { Balance } from './types';

const GROUPED = new Intl.NumberFormat('en');

/** `12500000000000000000` wei → "12.5"; at most `digits` decimals, rounded down; "< 0.0001" for dust. */
export function formatAmount(wei: string, decimals = 18, digits = 4): string {
  const value = BigInt(wei);
  const unit = 10n ** BigInt(decimals);
  const whole = value / unit;
  const fraction = (value % unit).toString().padStart(decimals, '0').slice(0, digits).replace(/0+$/, '');
  if (whole === 0n && !fraction && value > 0n) return `< 0.${'0'.repeat(digits - 1)}1`;
  return `${GROUPED.format(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** "12.5 ETH" (or "12.5 native units" on a chain the dashboard does not know). */
export function formatBalance(b: Pick<Balance, 'chainId' | 'wei'>): string {
  const chain = chainById(b.chainId);
  return `${formatAmount(b.wei, chain?.nativeCurrency.decimals ?? 18)} ${chain?.nativeCurrency.symbol ?? 'native units'}`;
}

/** "12.5 ETH on Sepolia" for a title or a screen reader. */
export function describeBalance(b: Pick<Balance, 'chainId' | 'wei'>): string {
  return `${formatBalance(b)} on ${chainName(b.chainId)}`;
}
