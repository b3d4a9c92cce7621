/**
 * What a pasted string is (an id with a known prefix, an address, a transaction hash, an email or a name), and the
 * dashboard page of an object id. Used by the list search boxes and the command palette's "go to anything".
 */
import { projectPath, type Mode } from './routes';

/** `hex`: `0x` and fewer hex digits than an address, or between an address and a hash: part of one (a prefix). */
export type SearchKind = 'id' | 'address' | 'txHash' | 'hex' | 'email' | 'name';

export interface Recognized {
  kind: SearchKind;
  value: string;
  /** The id prefix, for ids (`pla`, `acc`, …). */
  prefix?: string;
}

const ID = /^([a-z]{3})_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const HEX_PREFIX = /^0x[0-9a-fA-F]{0,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The start of an id with a known prefix, still being typed (`pla_0190…`). */
const PARTIAL_ID = /^([a-z]{3})_[0-9a-f-]{0,35}$/;

/** Classifies what was typed or pasted (trimmed); null for an empty string. */
export function recognize(input: string): Recognized | null {
  const value = input.trim();
  if (!value) return null;
  const id = ID.exec(value);
  if (id) return { kind: 'id', value, prefix: id[1] };
  if (ADDRESS.test(value)) return { kind: 'address', value };
  if (TX_HASH.test(value)) return { kind: 'txHash', value: value.toLowerCase() };
  if (HEX_PREFIX.test(value)) return { kind: 'hex', value: value.toLowerCase() };
  if (EMAIL.test(value)) return { kind: 'email', value };
  return { kind: 'name', value };
}

/** Whether `input` is the start of an id of a known kind, not yet complete (the search waits for the rest). */
export function isPartialId(input: string): boolean {
  const m = PARTIAL_ID.exec(input.trim());
  return !!m && (m[1] === 'pro' || m[1]! in OBJECT_PAGES) && recognize(input)?.kind !== 'id';
}

/** What each id prefix names, and where its page is (section path and how the id is placed). */
export const OBJECT_PAGES: Readonly<Record<string, { label: string; path: (id: string) => string }>> = {
  pla: { label: 'User', path: (id) => `/users/${id}` },
  tin: { label: 'Transaction', path: (id) => `/transactions/${id}` },
  acc: { label: 'Wallet', path: (id) => `/wallets?wallet=${id}` },
  pol: { label: 'Gas policy', path: (id) => `/policies/${id}` },
  con: { label: 'Contract', path: (id) => `/contracts/${id}` },
  key: { label: 'API key', path: (id) => `/api-keys/${id}` },
  whk: { label: 'Webhook', path: (id) => `/webhooks/${id}` },
  dac: { label: 'Backend wallet', path: (id) => `/backend-wallets?wallet=${id}` },
  eve: { label: 'Event monitor', path: (id) => `/events?event=${id}` },
  req: { label: 'Request', path: (id) => `/logs/${id}` },
};

/** The API path that reads an object by id in a project and mode (the palette checks it exists before going). */
export const OBJECT_API: Readonly<Record<string, string>> = {
  pla: 'users',
  tin: 'transactions',
  acc: 'wallets',
  pol: 'policies',
  con: 'contracts',
  key: 'api-keys',
  whk: 'webhooks',
  dac: 'backend-wallets',
  eve: 'events',
  req: 'logs',
};

/** The dashboard URL of an object id in a project and mode, or null for an unknown prefix. */
export function objectHref(projectId: string, mode: Mode, id: string): string | null {
  const r = recognize(id);
  if (r?.kind !== 'id' || !r.prefix) return null;
  if (r.prefix === 'pro') return `/${id}`;
  const page = OBJECT_PAGES[r.prefix];
  return page ? projectPath(projectId, mode) + page.path(id) : null;
}
