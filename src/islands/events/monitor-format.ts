/** Words and amounts of event monitors (docs/api.md "Events"): pure, shared by the list and the dialog. */
import { EVENT_TYPES } from '../../shared/api/collections';
import { chainById } from '../../shared/chains';

export type MonitorType = (typeof EVENT_TYPES)[number];

export const TYPE_LABEL: Record<MonitorType, string> = {
  balance_threshold: 'Balance threshold',
  contract_function: 'Contract function',
  backend_wallet: 'Backend wallet activity',
  confirmations: 'Confirmations',
};

export const TYPE_HINT: Record<MonitorType, string> = {
  balance_threshold: 'An event when a balance falls below an amount.',
  contract_function: 'An event when a function of one of your contracts is called.',
  backend_wallet: 'An event for each transaction of a backend wallet on a chain.',
  confirmations: 'How many blocks a successful transaction waits before its event.',
};

export const BALANCE_TOPICS = [
  { value: 'balance.project', label: 'The project (gas sponsoring)' },
  { value: 'balance.contract', label: 'A contract' },
  { value: 'balance.dev_account', label: 'A backend wallet' },
] as const;

/** The native currency's symbol of a chain, or null when the chain is not known. */
export function symbolOf(chainId: number | null | undefined): string | null {
  return chainId ? (chainById(chainId)?.nativeCurrency.symbol ?? null) : null;
}

/** "0.1" from "100000000000000000" (18 decimals; trailing zeros dropped). */
export function formatUnits18(wei: string): string {
  const s = wei.replace(/^0+/, '').padStart(19, '0');
  const whole = s.slice(0, -18).replace(/^0+(?=\d)/, '');
  const frac = s.slice(-18).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** "100000000000000000" from "0.1"; null when it is not a plain non-negative amount with at most 18 decimals. */
export function parseUnits18(amount: string): string | null {
  const m = /^(\d{0,60})(?:\.(\d{0,18}))?$/.exec(amount.trim());
  if (!m || (!m[1] && !m[2])) return null;
  const wei = `${m[1] ?? ''}${(m[2] ?? '').padEnd(18, '0')}`.replace(/^0+(?=\d)/, '');
  return wei.replace(/^0+$/, '0');
}
