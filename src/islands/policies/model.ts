/**
 * What the policy screens say about strategies and rules, and the shapes of the contracts and backend wallets they
 * pick from (types only: the schemas stay out of the bundle).
 */
import type { PolicyRule } from '../../shared/api/policies';
import type { INTERVAL_UNITS, LIMIT_TYPES, STRATEGIES } from '../../shared/api/collections';

export type Strategy = {
  type: (typeof STRATEGIES)[number];
  tokenContract?: string;
  exchangeRate?: string;
  tokenAmount?: string;
  depositor?: string;
};

export const STRATEGY_LABEL: Record<Strategy['type'], string> = {
  pay_for_user: 'Pay for the user',
  charge_custom_token: 'Charge a custom token at a rate',
  fixed_rate: 'Charge a fixed token amount',
};

export const STRATEGY_HELP: Record<Strategy['type'], string> = {
  pay_for_user: 'You pay the gas; the user pays nothing.',
  charge_custom_token: 'The user pays the gas in your token, converted at the exchange rate (tokens per native unit).',
  fixed_rate: 'The user pays the same token amount for every transaction, whatever its gas.',
};

/** The five kinds of rule the editor offers: a rule type, and for rate limits the limit type. */
export const RULE_KINDS = [
  { id: 'contract_functions', label: 'Contract functions', type: 'contract_functions' },
  { id: 'account_functions', label: 'Account functions', type: 'account_functions' },
  { id: 'gas_per_transaction', label: 'Gas per transaction', type: 'rate_limit' },
  { id: 'gas_per_interval', label: 'Gas per interval', type: 'rate_limit' },
  { id: 'count_per_interval', label: 'Transactions per interval', type: 'rate_limit' },
] as const;
export type RuleKind = (typeof RULE_KINDS)[number]['id'];

export function ruleKind(r: Pick<PolicyRule, 'type' | 'limitType'>): RuleKind {
  return r.type === 'rate_limit' ? ((r.limitType ?? 'gas_per_transaction') as RuleKind) : r.type;
}

export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export type LimitType = (typeof LIMIT_TYPES)[number];

const plural = (n: number, unit: string) => (n === 1 ? unit : `${n} ${unit}s`);
const fmt = new Intl.NumberFormat('en');

/** "100 transactions per day", "500,000 gas per transaction", "2,000,000 gas per 2 hours". */
export function limitText(r: Pick<PolicyRule, 'limitType' | 'limitValue' | 'intervalUnit' | 'intervalValue'>): string {
  const value = r.limitValue === null ? '—' : fmt.format(r.limitValue);
  if (r.limitType === 'gas_per_transaction') return `${value} gas per transaction`;
  const per = r.intervalUnit ? plural(r.intervalValue ?? 1, r.intervalUnit) : 'interval';
  return r.limitType === 'count_per_interval' ? `${value} transactions per ${per}` : `${value} gas per ${per}`;
}

export const formatNumber = (n: number) => fmt.format(n);

/** A contract as the API lists it; a read adds its ABI. */
export interface ContractRef {
  id: string;
  name: string;
  chainId: number;
  address: string;
  functions?: string[];
  abi?: { type?: string; name?: string; stateMutability?: string; inputs?: { type: string; name?: string }[] }[];
}

export interface BackendWalletRef {
  id: string;
  name: string;
  address: string;
}

/** Tabs of a policy page (`?page=`), the first is the default. */
export const POLICY_TABS = [
  { id: 'settings', label: 'Settings' },
  { id: 'rules', label: 'Rules' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'report', label: 'Spend report' },
] as const;
export type PolicyTab = (typeof POLICY_TABS)[number]['id'];

/** Periods of the spend report (`?days=`). */
export const REPORT_PERIODS = [7, 30, 90] as const;
