/**
 * Shapes that both the data API (functions/) and the demo seed (scripts/seed/) write into D1, defined once so the two
 * cannot drift (docs/architecture.md "One source for stored shapes"). Runtime-neutral: no Node, no Workers API.
 */
import type { Mode } from './common.ts';

/** JS value → SQLite bind value: undefined is NULL, booleans 0/1, objects and arrays JSON. */
export function toSql(v: unknown): string | number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'object') return JSON.stringify(v);
  return v as string | number;
}

export type KeyType = 'publishable' | 'secret' | 'shield';

/** The prefix of a key's value: `pk_…`, `sk_…`, `shk_…` (then the mode). */
export const KEY_PREFIX: Record<KeyType, string> = { publishable: 'pk', secret: 'sk', shield: 'shk' };

/** What the API and the screens show of a stored key: its prefix and mode, then its last 4 characters. */
export const keyHint = (type: KeyType, mode: Mode, value: string) => `${KEY_PREFIX[type]}_${mode}_…${value.slice(-4)}`;

/** Secrets shorter than this get a hint without characters. */
export const HINT_MIN_LENGTH = 12;

/** A short hint of a secret: its last 4 characters, only when it has at least HINT_MIN_LENGTH (else `••••`). */
export function secretHint(secret: string): string {
  const chars = [...secret];
  return chars.length >= HINT_MIN_LENGTH ? `••••${chars.slice(-4).join('')}` : '••••';
}

/**
 * Fields kept in `row_counts` by the triggers of migrations 0006, 0007 and 0012 (API field → column), so that list
 * totals cost no count (functions/_lib/db/core.ts); the scale seed fills the same counters in bulk.
 */
export const COUNTED_FIELDS = {
  transactions: { status: 'status', chainId: 'chain_id' },
  wallets: { chainId: 'chain_id', accountType: 'account_type', custody: 'custody', deployed: 'deployed' },
  users: { authenticated: 'authenticated' },
} as const;
