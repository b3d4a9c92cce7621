-- End users of a project's apps (formerly players), their linked login identities and their wallets.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
);
CREATE INDEX users_created ON users (project_id, mode, created_at, id);
CREATE INDEX users_name ON users (project_id, mode, name, created_at, id);
CREATE INDEX users_email ON users (project_id, mode, email, created_at, id);
CREATE INDEX users_authenticated ON users (project_id, mode, authenticated, created_at, id);

CREATE TABLE linked_accounts (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  email TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX linked_accounts_user ON linked_accounts (user_id, created_at, id);
CREATE UNIQUE INDEX linked_accounts_subject ON linked_accounts (project_id, mode, provider, subject);

CREATE TABLE wallets (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
CREATE INDEX wallets_created ON wallets (project_id, mode, created_at, id);
CREATE INDEX wallets_chain ON wallets (project_id, mode, chain_id, created_at, id);
CREATE INDEX wallets_account_type ON wallets (project_id, mode, account_type, created_at, id);
CREATE INDEX wallets_user ON wallets (user_id, created_at, id);
CREATE INDEX wallets_address ON wallets (project_id, mode, address);
