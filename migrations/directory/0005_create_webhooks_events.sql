-- Webhook subscriptions and their deliveries, event monitors, auth user migrations.

CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
);
CREATE INDEX webhooks_created ON webhooks (project_id, mode, created_at, id);
CREATE INDEX webhooks_enabled ON webhooks (project_id, mode, enabled, created_at, id);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  topic TEXT NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  response_code INTEGER,
  latency_ms INTEGER,
  payload TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at, id);
CREATE INDEX webhook_deliveries_status ON webhook_deliveries (webhook_id, status, created_at, id);

CREATE TABLE events (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
);
CREATE INDEX events_created ON events (project_id, mode, created_at, id);
CREATE INDEX events_type ON events (project_id, mode, type, created_at, id);

CREATE TABLE auth_migrations (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
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
