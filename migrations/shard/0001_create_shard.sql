-- A shard (bindings SHARD_0 … SHARD_n-1, docs/architecture.md "Shards"): the data of the projects placed on it.
-- The schema of these tables as migrations/directory 0001–0029 left it, without the foreign keys to `projects`
-- (the projects are in the directory database). Every shard runs the same migrations.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  name TEXT,
  description TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  email TEXT,
  email_verified INTEGER NOT NULL DEFAULT 0,
  phone TEXT,
  phone_verified INTEGER NOT NULL DEFAULT 0,
  anonymous INTEGER NOT NULL DEFAULT 0,
  -- 0: created through the API with no login identity ("unauthenticated user").
  authenticated INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
, email_duplicate_of TEXT);
CREATE INDEX users_authenticated ON users (project_id, mode, authenticated, created_at, id);
CREATE INDEX users_created ON users (project_id, mode, created_at, id);
CREATE INDEX users_email ON users (project_id, mode, email, created_at, id);
CREATE INDEX users_email_lower ON users (project_id, mode, lower(email), created_at, id);
CREATE UNIQUE INDEX users_email_unique ON users (project_id, mode, lower(email))
  WHERE email IS NOT NULL AND email_duplicate_of IS NULL;
CREATE INDEX users_name ON users (project_id, mode, name, created_at, id);
CREATE INDEX users_name_lower ON users (project_id, mode, lower(name), created_at, id);
CREATE TRIGGER users_count_delete AFTER DELETE ON users BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'users' AND field = '' AND value = '';
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'users' AND field = 'authenticated' AND value = CAST(OLD.authenticated AS TEXT);
END;
CREATE TRIGGER users_count_insert AFTER INSERT ON users BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'users', '', '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'users', 'authenticated', CAST(NEW.authenticated AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER users_count_update_authenticated AFTER UPDATE OF authenticated ON users WHEN OLD.authenticated IS NOT NEW.authenticated BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'users' AND field = 'authenticated' AND value = CAST(OLD.authenticated AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'users', 'authenticated', CAST(NEW.authenticated AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE linked_accounts (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  email TEXT,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX linked_accounts_subject ON linked_accounts (project_id, mode, provider, subject);
CREATE INDEX linked_accounts_user ON linked_accounts (user_id, created_at, id);

CREATE TABLE wallets (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  address TEXT NOT NULL,
  owner_address TEXT,
  chain_id INTEGER NOT NULL,
  chain_type TEXT NOT NULL CHECK (chain_type IN ('EVM', 'SVM')),
  account_type TEXT NOT NULL CHECK (account_type IN ('Externally Owned Account', 'Smart Account', 'Delegated Account')),
  implementation TEXT,
  deployed INTEGER NOT NULL DEFAULT 0,
  custody TEXT NOT NULL CHECK (custody IN ('User', 'Developer')),
  recovery_method TEXT CHECK (recovery_method IN ('password', 'automatic', 'passkey')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX wallets_account_type ON wallets (project_id, mode, account_type, created_at, id);
CREATE INDEX wallets_address ON wallets (project_id, mode, address);
CREATE INDEX wallets_address_lower ON wallets (project_id, mode, lower(address), created_at, id);
CREATE INDEX wallets_chain ON wallets (project_id, mode, chain_id, created_at, id);
CREATE INDEX wallets_created ON wallets (project_id, mode, created_at, id);
CREATE INDEX wallets_custody ON wallets (project_id, mode, custody, created_at, id);
CREATE INDEX wallets_deployed ON wallets (project_id, mode, deployed, created_at, id);
CREATE INDEX wallets_user ON wallets (user_id, created_at, id);
CREATE TRIGGER wallets_count_delete AFTER DELETE ON wallets BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = '' AND value = '';
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'accountType' AND value = CAST(OLD.account_type AS TEXT);
END;
CREATE TRIGGER wallets_count_delete_custody_deployed AFTER DELETE ON wallets BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'custody' AND value = CAST(OLD.custody AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'deployed' AND value = CAST(OLD.deployed AS TEXT);
END;
CREATE TRIGGER wallets_count_insert AFTER INSERT ON wallets BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', '', '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'accountType', CAST(NEW.account_type AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER wallets_count_insert_custody_deployed AFTER INSERT ON wallets BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'custody', CAST(NEW.custody AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'deployed', CAST(NEW.deployed AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER wallets_count_update_account_type AFTER UPDATE OF account_type ON wallets WHEN OLD.account_type IS NOT NEW.account_type BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'accountType' AND value = CAST(OLD.account_type AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'accountType', CAST(NEW.account_type AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER wallets_count_update_chain_id AFTER UPDATE OF chain_id ON wallets WHEN OLD.chain_id IS NOT NEW.chain_id BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER wallets_count_update_custody AFTER UPDATE OF custody ON wallets WHEN OLD.custody IS NOT NEW.custody BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'custody' AND value = CAST(OLD.custody AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'custody', CAST(NEW.custody AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER wallets_count_update_deployed AFTER UPDATE OF deployed ON wallets WHEN OLD.deployed IS NOT NEW.deployed BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'deployed' AND value = CAST(OLD.deployed AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'deployed', CAST(NEW.deployed AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  chain_id INTEGER NOT NULL,
  account_id TEXT REFERENCES wallets (id) ON DELETE SET NULL,
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  policy_id TEXT,
  interactions TEXT NOT NULL DEFAULT '[]',
  abstraction_type TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('new', 'sent', 'dropped', 'indexed', 'confirmed', 'reverted', 'notfound', 'replaced', 'expired')),
  user_operation_hash TEXT,
  transaction_hash TEXT,
  block_number INTEGER,
  gas_used INTEGER,
  -- Wei as a decimal string: fees overflow 2^53.
  gas_fee TEXT,
  cost_usd REAL,
  error_reason TEXT,
  error_explanation TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX transactions_account ON transactions (account_id, created_at, id);
CREATE INDEX transactions_chain ON transactions (project_id, mode, chain_id, created_at, id);
CREATE INDEX transactions_created ON transactions (project_id, mode, created_at, id);
CREATE INDEX transactions_hash ON transactions (transaction_hash) WHERE transaction_hash IS NOT NULL;
CREATE INDEX transactions_hash_prefix ON transactions (project_id, mode, transaction_hash, created_at, id);
CREATE INDEX transactions_policy ON transactions (policy_id, created_at, id) WHERE policy_id IS NOT NULL;
CREATE INDEX transactions_status ON transactions (project_id, mode, status, created_at, id);
CREATE INDEX transactions_user ON transactions (user_id, created_at, id);
CREATE TRIGGER transactions_count_delete AFTER DELETE ON transactions BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = '' AND value = '';
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'status' AND value = CAST(OLD.status AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'day' AND value = date(OLD.created_at / 1000, 'unixepoch');
END;
CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', '', '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'status', CAST(NEW.status AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'day', date(NEW.created_at / 1000, 'unixepoch'), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER transactions_count_update_chain_id AFTER UPDATE OF chain_id ON transactions WHEN OLD.chain_id IS NOT NEW.chain_id BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER transactions_count_update_status AFTER UPDATE OF status ON transactions WHEN OLD.status IS NOT NEW.status BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'status' AND value = CAST(OLD.status AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'status', CAST(NEW.status AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TABLE transaction_statuses (
  transaction_id TEXT NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (transaction_id, seq)
) WITHOUT ROWID;

CREATE TABLE policies (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  name TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  strategy TEXT NOT NULL DEFAULT '{"type":"pay_for_user"}',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX policies_chain ON policies (project_id, mode, chain_id, created_at, id);
CREATE INDEX policies_created ON policies (project_id, mode, created_at, id);
CREATE INDEX policies_enabled ON policies (project_id, mode, enabled, created_at, id);
CREATE INDEX policies_name ON policies (project_id, mode, name, created_at, id);

CREATE TABLE policy_rules (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  policy_id TEXT NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('contract_functions', 'account_functions', 'rate_limit')),
  contract_id TEXT,
  function_name TEXT,
  wildcard INTEGER NOT NULL DEFAULT 0,
  limit_type TEXT CHECK (limit_type IN ('gas_per_transaction', 'gas_per_interval', 'count_per_interval')),
  limit_value INTEGER,
  interval_unit TEXT CHECK (interval_unit IN ('minute', 'hour', 'day', 'week', 'month')),
  interval_value INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX policy_rules_policy ON policy_rules (policy_id, created_at, id);

CREATE TABLE contracts (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  name TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  address TEXT NOT NULL,
  abi TEXT NOT NULL DEFAULT '[]',
  public_verified INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX contracts_address ON contracts (project_id, mode, chain_id, address);
CREATE INDEX contracts_chain ON contracts (project_id, mode, chain_id, created_at, id);
CREATE INDEX contracts_created ON contracts (project_id, mode, created_at, id);
CREATE INDEX contracts_name ON contracts (project_id, mode, name, created_at, id);

CREATE TABLE backend_wallets (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  custody TEXT NOT NULL CHECK (custody IN ('custodial', 'added')),
  chain_id INTEGER,
  -- AES-GCM ciphertext of the private key (custodial only); never returned.
  encrypted_private_key TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
, balances TEXT NOT NULL DEFAULT '[]');
CREATE UNIQUE INDEX backend_wallets_address ON backend_wallets (project_id, mode, address);
CREATE INDEX backend_wallets_created ON backend_wallets (project_id, mode, created_at, id);
CREATE INDEX backend_wallets_custody ON backend_wallets (project_id, mode, custody, created_at, id);

CREATE TABLE backend_wallet_challenges (
  nonce TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  address TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX backend_wallet_challenges_expires ON backend_wallet_challenges (expires_at);
CREATE INDEX backend_wallet_challenges_project ON backend_wallet_challenges (project_id);

CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  url TEXT NOT NULL,
  description TEXT,
  topics TEXT NOT NULL DEFAULT '[]',
  enabled INTEGER NOT NULL DEFAULT 1,
  -- AES-GCM ciphertext of the signing secret; the response carries only `secret_hint`.
  secret_encrypted TEXT NOT NULL,
  secret_hint TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
, disabled_reason TEXT CHECK (disabled_reason IN ('gone', 'failing')), previous_secret_encrypted TEXT, previous_secret_expires_at INTEGER, last_delivery_at INTEGER, last_delivery_status TEXT, failing_since INTEGER, url_changed_at INTEGER);
CREATE INDEX webhooks_created ON webhooks (project_id, mode, created_at, id);
CREATE INDEX webhooks_enabled ON webhooks (project_id, mode, enabled, created_at, id);

CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  topic TEXT NOT NULL,
  -- The thin JSON body sent (`{ type, timestamp, data }`), under 20 KB.
  payload TEXT NOT NULL,
  -- Only to this webhook (test events); NULL: every enabled webhook of the project and mode subscribed to the topic.
  webhook_id TEXT,
  -- When the dispatcher fanned it out into deliveries; NULL: not yet (its cron enqueues it again: nothing is lost).
  dispatched_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_events_created ON webhook_events (project_id, mode, created_at, id);
CREATE INDEX webhook_events_topic ON webhook_events (project_id, mode, topic, created_at, id);
CREATE INDEX webhook_events_undispatched ON webhook_events (created_at) WHERE dispatched_at IS NULL;

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  topic TEXT NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  response_code INTEGER,
  latency_ms INTEGER,
  payload TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL
, event_id TEXT, response_body TEXT, error TEXT, next_attempt_at INTEGER, claimed_until INTEGER);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (created_at) WHERE status = 'pending';
CREATE UNIQUE INDEX webhook_deliveries_event ON webhook_deliveries (event_id, webhook_id, attempt);
CREATE INDEX webhook_deliveries_status ON webhook_deliveries (webhook_id, status, created_at, id);
CREATE INDEX webhook_deliveries_topic ON webhook_deliveries (webhook_id, topic, created_at, id);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at, id);

CREATE TABLE events (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('balance_threshold', 'contract_function', 'backend_wallet', 'confirmations')),
  topic TEXT,
  threshold TEXT,
  contract_id TEXT,
  function_name TEXT,
  backend_wallet_id TEXT,
  chain_id INTEGER,
  confirmations INTEGER,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
, function_args TEXT);
CREATE INDEX events_created ON events (project_id, mode, created_at, id);
CREATE INDEX events_type ON events (project_id, mode, type, created_at, id);

CREATE TABLE settings (
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  kind TEXT NOT NULL CHECK (kind IN ('security', 'providers', 'email_templates', 'smtp', 'ecosystem')),
  data TEXT NOT NULL DEFAULT '{}',
  secrets TEXT NOT NULL DEFAULT '{}',
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, mode, kind)
) WITHOUT ROWID;
CREATE INDEX settings_ecosystem_domain ON settings (json_extract(data, '$.customDomain')) WHERE kind = 'ecosystem';

CREATE TABLE rpc_urls (
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  chain_id INTEGER NOT NULL,
  url_encrypted TEXT NOT NULL,
  url_hint TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, mode, chain_id)
);

CREATE TABLE row_counts (
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  tbl TEXT NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (project_id, mode, tbl, field, value)
) WITHOUT ROWID;

CREATE TABLE notices (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  kind TEXT NOT NULL CHECK (kind IN ('webhook_disabled')),
  webhook_id TEXT,
  reason TEXT,
  dismissed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX notices_open ON notices (project_id, created_at) WHERE dismissed_at IS NULL;

CREATE TABLE auth_migrations (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  source_provider TEXT NOT NULL,
  mapping_strategy TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'running', 'paused', 'completed', 'failed', 'canceled')),
  total_count INTEGER NOT NULL DEFAULT 0,
  imported_count INTEGER NOT NULL DEFAULT 0,
  failed_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX auth_migrations_created ON auth_migrations (project_id, mode, created_at, id);
CREATE INDEX auth_migrations_status ON auth_migrations (project_id, mode, status, created_at, id);

CREATE TABLE auth_migration_chunks (
  migration_id TEXT NOT NULL REFERENCES auth_migrations (id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  row_count INTEGER NOT NULL,
  created INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  -- JSON array of { row, email, reason } for the rows of the chunk that were not imported.
  failures TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  PRIMARY KEY (migration_id, idx)
) WITHOUT ROWID;

CREATE TABLE auth_migration_sources (
  migration_id TEXT PRIMARY KEY REFERENCES auth_migrations (id) ON DELETE CASCADE,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  file_name TEXT NOT NULL,
  file_sha256 TEXT NOT NULL,
  row_count INTEGER NOT NULL,
  -- JSON: { columns: { field: column }, trim, idPrefix, idSuffix }
  mapping TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE "audit_log" (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT CHECK (mode IN ('live', 'test')),
  actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'key', 'provider')),
  actor_id TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT,
  details TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_action ON audit_log (project_id, action, created_at, id);
CREATE INDEX audit_log_actor ON audit_log (project_id, actor_id, created_at, id);
CREATE INDEX audit_log_created ON audit_log (project_id, created_at, id);
CREATE INDEX audit_log_target ON audit_log (project_id, target_type, created_at, id);
CREATE INDEX audit_log_target_id ON audit_log (project_id, target_id, created_at, id);

CREATE TABLE idempotency_keys (
  project_id TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  key TEXT NOT NULL,
  path TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (actor_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
CREATE INDEX idempotency_keys_project ON idempotency_keys (project_id);

CREATE VIEW user_email_duplicates AS
SELECT d.project_id, d.mode, d.email, d.id AS user_id, d.email_duplicate_of AS kept_user_id, d.created_at
FROM users d
WHERE d.email_duplicate_of IS NOT NULL;

-- Which binding this database is (written once by the local seed and by `npm run shards:init` when deploying):
-- scripts that open the SQLite files or talk to shards check they have the right one.
CREATE TABLE shard_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  shard INTEGER NOT NULL
);
