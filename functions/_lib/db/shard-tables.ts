/** Which database each table is in (docs/architecture.md "Shards"; functions/_lib/db/shards.ts). */

/** The tables of the directory database; every other table of the API is a shard's. */
export const DIRECTORY_TABLES = [
  'projects',
  'members',
  'invites',
  'api_keys',
  'api_key_addresses',
  'ecosystem_domain_claims',
  'billing_subscriptions',
  'billing_events',
  'invoices',
  'project_purges',
] as const;

const IN_DIRECTORY: ReadonlySet<string> = new Set(DIRECTORY_TABLES);

/** Whether `table` is the directory's (every other table is a shard's): the API's accessor and the seed ask this. */
export const isDirectoryTable = (table: string): boolean => IN_DIRECTORY.has(table);

/**
 * A shard's tables (migrations/shard), children before their parents: the order a project's rows are deleted in.
 * `audit_log` and `idempotency_keys` are in both databases: each action is recorded where its write commits.
 */
export const SHARD_TABLES = [
  'transaction_statuses',
  'transactions',
  'linked_accounts',
  'wallets',
  'users',
  'policy_rules',
  'policies',
  'contracts',
  'backend_wallet_challenges',
  'backend_wallets',
  'webhook_deliveries',
  'webhook_events',
  'webhooks',
  'events',
  'settings',
  'rpc_urls',
  'notices',
  'auth_migration_chunks',
  'auth_migration_sources',
  'auth_migrations',
  'audit_log',
  'idempotency_keys',
  'row_counts',
] as const;

/**
 * The shard tables declared `WITHOUT ROWID`: a project's rows there are few (settings, counters, challenges, import
 * chunks, idempotency keys) and go in one statement; `transaction_statuses` has no project column and goes with its
 * transactions (the foreign key cascades).
 */
export const WITHOUT_ROWID_TABLES: ReadonlySet<string> = new Set([
  'transaction_statuses',
  'backend_wallet_challenges',
  'settings',
  'row_counts',
  'auth_migration_chunks',
  'auth_migration_sources',
  'idempotency_keys',
]);
