-- Transaction intents and their status history.

CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
CREATE INDEX transactions_created ON transactions (project_id, mode, created_at, id);
CREATE INDEX transactions_status ON transactions (project_id, mode, status, created_at, id);
CREATE INDEX transactions_chain ON transactions (project_id, mode, chain_id, created_at, id);
CREATE INDEX transactions_account ON transactions (account_id, created_at, id);
CREATE INDEX transactions_user ON transactions (user_id, created_at, id);
CREATE INDEX transactions_policy ON transactions (policy_id, created_at, id) WHERE policy_id IS NOT NULL;
CREATE INDEX transactions_hash ON transactions (transaction_hash) WHERE transaction_hash IS NOT NULL;

CREATE TABLE transaction_statuses (
  transaction_id TEXT NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (transaction_id, seq)
) WITHOUT ROWID;
