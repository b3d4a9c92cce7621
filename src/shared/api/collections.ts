/**
 * Allow-lists and value sets of the collections, zod-free: the browser imports them without the schemas (bundle
 * weight), the API and the schema files import them from here.
 */
import type { ListSpec } from './list-params.ts';

// wallets
export const ACCOUNT_TYPES = ['Externally Owned Account', 'Smart Account', 'Delegated Account'] as const;

export const CHAIN_TYPES = ['EVM', 'SVM'] as const;

export const CUSTODY = ['User', 'Developer'] as const;

export const RECOVERY_METHODS = ['password', 'automatic', 'passkey'] as const;

export const IMPLEMENTATIONS = ['UpgradeableV4', 'UpgradeableV5', 'UpgradeableV6', 'ManagedV5', 'Calibur'] as const;

export const walletListSpec: ListSpec = {
  filters: {
    chainId: { type: 'int', ops: ['eq', 'in'] },
    accountType: { type: 'enum', ops: ['eq', 'in'], values: ACCOUNT_TYPES },
    custody: { type: 'enum', ops: ['eq'], values: CUSTODY },
    deployed: { type: 'bool', ops: ['eq'] },
    // `prefix`: case-insensitive, a partial address as typed (docs/api.md "Search").
    address: { type: 'address', ops: ['eq', 'prefix'] },
    userId: { type: 'id', ops: ['eq'] },
    // The wallet's user's name or email starts with it (case-insensitive); needs read access to users.
    user: { type: 'string', ops: ['prefix'], collection: 'users' },
    createdAt: { type: 'time', ops: ['gte', 'lte', 'gt', 'lt'] },
  },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

// users
export const LINKED_PROVIDERS = [
  'email',
  'google',
  'apple',
  'twitter',
  'discord',
  'facebook',
  'epic_games',
  'line',
  'wallet',
  'custom_jwt',
  'oidc',
  'third_party',
] as const;

export const userListSpec: ListSpec = {
  filters: {
    name: { type: 'string', ops: ['eq', 'prefix', 'contains'] },
    email: { type: 'string', ops: ['eq', 'prefix', 'contains'] },
    // Name or email starts with it, case-insensitive (the search box).
    nameOrEmail: { type: 'string', ops: ['prefix'] },
    authenticated: { type: 'bool', ops: ['eq'] },
    createdAt: { type: 'time', ops: ['gte', 'lte', 'gt', 'lt'] },
  },
  sorts: ['createdAt', 'name'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

// transactions
export const TX_STATUSES = [
  'new',
  'sent',
  'dropped',
  'indexed',
  'confirmed',
  'reverted',
  'notfound',
  'replaced',
  'expired',
] as const;

export const SUCCESS_STATUSES = ['confirmed', 'indexed'] as const;

export const FAILED_STATUSES = ['reverted', 'dropped', 'notfound', 'expired'] as const;

export const ABSTRACTION_TYPES = [
  'accountAbstractionV6',
  'accountAbstractionV8',
  'zkSync',
  'standard',
  'eip7702',
] as const;

export const transactionListSpec: ListSpec = {
  filters: {
    status: { type: 'enum', ops: ['eq', 'in'], values: TX_STATUSES },
    chainId: { type: 'int', ops: ['eq', 'in'] },
    accountId: { type: 'id', ops: ['eq'] },
    userId: { type: 'id', ops: ['eq'] },
    policyId: { type: 'id', ops: ['eq'] },
    // `prefix`: case-insensitive, a partial hash as typed.
    transactionHash: { type: 'string', ops: ['eq', 'prefix'] },
    createdAt: { type: 'time', ops: ['gte', 'lte', 'gt', 'lt'] },
  },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

export const TIME_FRAMES = ['day', 'week', 'month', 'all'] as const;

// projects
export const projectListSpec: ListSpec = {
  filters: { name: { type: 'string', ops: ['contains'] } },
  sorts: ['createdAt', 'name'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

/** The projects home's "Recently deleted" (`GET /projects/trash`). */
export const trashListSpec: ListSpec = {
  filters: { name: { type: 'string', ops: ['contains'] } },
  sorts: ['deletedAt', 'name'],
  defaultOrder: { field: 'deletedAt', dir: 'desc' },
};

export const auditListSpec: ListSpec = {
  filters: {
    action: { type: 'string', ops: ['eq'] },
    actorId: { type: 'string', ops: ['eq'] },
    targetType: { type: 'string', ops: ['eq'] },
    targetId: { type: 'string', ops: ['eq'] },
    createdAt: { type: 'time', ops: ['gte', 'lte', 'gt', 'lt'] },
  },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

// policies
export const STRATEGIES = ['pay_for_user', 'charge_custom_token', 'fixed_rate'] as const;

export const RULE_TYPES = ['contract_functions', 'account_functions', 'rate_limit'] as const;

export const LIMIT_TYPES = ['gas_per_transaction', 'gas_per_interval', 'count_per_interval'] as const;

export const INTERVAL_UNITS = ['minute', 'hour', 'day', 'week', 'month'] as const;

export const policyListSpec: ListSpec = {
  filters: {
    chainId: { type: 'int', ops: ['eq', 'in'] },
    enabled: { type: 'bool', ops: ['eq'] },
    name: { type: 'string', ops: ['eq', 'prefix', 'contains'] },
  },
  sorts: ['createdAt', 'name'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

// contracts
export const contractListSpec: ListSpec = {
  filters: {
    chainId: { type: 'int', ops: ['eq', 'in'] },
    name: { type: 'string', ops: ['eq', 'prefix', 'contains'] },
    address: { type: 'address', ops: ['eq'] },
  },
  sorts: ['createdAt', 'name'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

// backend-wallets
export const BACKEND_WALLET_CUSTODY = ['custodial', 'added'] as const;

export const backendWalletListSpec: ListSpec = {
  filters: {
    custody: { type: 'enum', ops: ['eq'], values: BACKEND_WALLET_CUSTODY },
    name: { type: 'string', ops: ['contains'] },
    address: { type: 'address', ops: ['eq'] },
  },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

// webhooks
export const WEBHOOK_TOPICS = [
  'transaction_intent.broadcast',
  'transaction_intent.successful',
  'transaction_intent.cancelled',
  'transaction_intent.failed',
  'balance.project',
  'balance.contract',
  'balance.dev_account',
  'user.created',
  'user.updated',
  'user.deleted',
  'account.created',
  'usage.threshold_reached',
  'test',
] as const;

export const webhookListSpec: ListSpec = {
  // `description`: the command palette finds a webhook by its description (a project has a few webhooks).
  filters: { enabled: { type: 'bool', ops: ['eq'] }, description: { type: 'string', ops: ['contains'] } },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

/** Why the delivery engine turned a webhook off: a 410 answer, or 5 days of failed attempts. */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing'] as const;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One row per attempt (docs/api.md "Webhook delivery"). */
export const deliveryListSpec: ListSpec = {
  filters: {
    topic: { type: 'enum', ops: ['eq', 'in'], values: WEBHOOK_TOPICS },
    status: { type: 'enum', ops: ['eq', 'in'], values: DELIVERY_STATUSES },
    createdAt: { type: 'time', ops: ['gte', 'lte', 'gt', 'lt'] },
  },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

/** The event log: every event of the outbox, one row per event. */
export const eventLogListSpec: ListSpec = {
  filters: {
    topic: { type: 'enum', ops: ['eq', 'in'], values: WEBHOOK_TOPICS },
    createdAt: { type: 'time', ops: ['gte', 'lte', 'gt', 'lt'] },
  },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

export const NOTICE_KINDS = ['webhook_disabled', 'usage_threshold'] as const;

export const EVENT_TYPES = ['balance_threshold', 'contract_function', 'backend_wallet', 'confirmations'] as const;

export const eventListSpec: ListSpec = {
  filters: { type: { type: 'enum', ops: ['eq'], values: EVENT_TYPES } },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

// api-keys
export const API_KEY_TYPES = ['publishable', 'secret', 'shield'] as const;

/**
 * Mode-scoped collections a secret key can be limited to (docs/api.md "Secret-key scopes"): the path segment after
 * `{mode}`. Keys may read and write the first list; the second is read-only for keys (a developer cannot change it).
 */
export const KEY_COLLECTIONS = [
  'wallets',
  'users',
  'transactions',
  'policies',
  'contracts',
  'backend-wallets',
  'webhooks',
  'events',
  // The mode's configuration as one document (`GET|POST …/config`, docs/api.md "Configuration as code").
  'config',
] as const;
export const KEY_READ_ONLY_COLLECTIONS = ['analytics', 'auth', 'ecosystem', 'logs'] as const;

/**
 * Secret-key scopes. `read`: every GET a key may make; `write`: everything a key may do (reads included);
 * `<collection>:read`: GET on that collection; `<collection>:write`: reads and writes on it. A key with no scope can
 * do nothing.
 */
export const API_KEY_SCOPES = [
  'read',
  'write',
  ...KEY_COLLECTIONS.flatMap((c) => [`${c}:read`, `${c}:write`] as const),
  ...KEY_READ_ONLY_COLLECTIONS.map((c) => `${c}:read` as const),
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes of which a key needs one for a GET (`write` = false) or another method on `collection`. */
export function scopesFor(collection: string, write: boolean): string[] {
  return write ? ['write', `${collection}:write`] : ['read', 'write', `${collection}:read`, `${collection}:write`];
}

export const apiKeyListSpec: ListSpec = {
  filters: { type: { type: 'enum', ops: ['eq'], values: API_KEY_TYPES } },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};
