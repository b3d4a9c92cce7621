import { formatUnits } from 'viem';
import { chainById } from '../../shared/chains';

const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const cents = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** "$12.34", "$0.0123" below a dollar, "< $0.0001" (null: nothing was paid yet). */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value > 0 && value < 0.0001) return '< $0.0001';
  return value >= 1 ? usd.format(value) : cents.format(value);
}

/** A wei amount in the chain's native currency ("0.0042 ETH"), with the chain's decimals; "N wei" for unknown chains. */
export function formatNative(wei: string | null | undefined, chainId: number): string {
  if (wei === null || wei === undefined || !/^[0-9]+$/.test(wei)) return '—';
  const currency = chainById(chainId)?.nativeCurrency;
  if (!currency) return `${wei} wei`;
  return `${formatUnits(BigInt(wei), currency.decimals)} ${currency.symbol}`;
}
