-- Gas sponsorship policies and their rules, contracts, backend (developer) wallets.

CREATE TABLE policies (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  name TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  strategy TEXT NOT NULL DEFAULT '{"type":"pay_for_user"}',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX policies_created ON policies (project_id, mode, created_at, id);
CREATE INDEX policies_chain ON policies (project_id, mode, chain_id, created_at, id);
CREATE INDEX policies_enabled ON policies (project_id, mode, enabled, created_at, id);
CREATE INDEX policies_name ON policies (project_id, mode, name, created_at, id);

CREATE TABLE policy_rules (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
CREATE INDEX contracts_created ON contracts (project_id, mode, created_at, id);
CREATE INDEX contracts_chain ON contracts (project_id, mode, chain_id, created_at, id);
CREATE INDEX contracts_name ON contracts (project_id, mode, name, created_at, id);
CREATE UNIQUE INDEX contracts_address ON contracts (project_id, mode, chain_id, address);

CREATE TABLE backend_wallets (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
);
CREATE INDEX backend_wallets_created ON backend_wallets (project_id, mode, created_at, id);
CREATE INDEX backend_wallets_custody ON backend_wallets (project_id, mode, custody, created_at, id);
CREATE UNIQUE INDEX backend_wallets_address ON backend_wallets (project_id, mode, address);
