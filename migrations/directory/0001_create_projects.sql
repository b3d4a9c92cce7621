-- Projects, members, invites, API keys, per-mode settings, audit log and idempotency records.
-- Timestamps are integer milliseconds since the epoch (UTC). Ids are `prefix_` + UUIDv7 (time-ordered).

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  parent_id TEXT REFERENCES projects (id) ON DELETE SET NULL,
  plan TEXT NOT NULL DEFAULT 'free',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX projects_parent ON projects (parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE members (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX members_user ON members (user_id, project_id);
CREATE INDEX members_project_role ON members (project_id, role);

CREATE TABLE invites (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
  invited_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX invites_project_email ON invites (project_id, email);
CREATE INDEX invites_email ON invites (email, expires_at);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  type TEXT NOT NULL CHECK (type IN ('publishable', 'secret', 'shield')),
  name TEXT NOT NULL,
  scopes TEXT NOT NULL DEFAULT '[]',
  -- Publishable keys are public and kept as is; secret and shield keys only as a SHA-256 hash.
  public_key TEXT,
  key_hash TEXT,
  hint TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER,
  expires_at INTEGER,
  replaced_by TEXT,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX api_keys_hash ON api_keys (key_hash) WHERE key_hash IS NOT NULL;
CREATE UNIQUE INDEX api_keys_public ON api_keys (public_key) WHERE public_key IS NOT NULL;
CREATE INDEX api_keys_created ON api_keys (project_id, mode, created_at, id);
CREATE INDEX api_keys_type ON api_keys (project_id, mode, type, created_at, id);

-- One row per project, mode and kind (security, providers, email_templates, smtp, ecosystem).
-- `data` is public JSON; `secrets` is JSON of AES-GCM ciphertexts, never returned.
CREATE TABLE settings (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  kind TEXT NOT NULL CHECK (kind IN ('security', 'providers', 'email_templates', 'smtp', 'ecosystem')),
  data TEXT NOT NULL DEFAULT '{}',
  secrets TEXT NOT NULL DEFAULT '{}',
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, mode, kind)
) WITHOUT ROWID;

CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT CHECK (mode IN ('live', 'test')),
  actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'key')),
  actor_id TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT,
  details TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (project_id, created_at, id);
CREATE INDEX audit_log_action ON audit_log (project_id, action, created_at, id);
CREATE INDEX audit_log_actor ON audit_log (project_id, actor_id, created_at, id);
CREATE INDEX audit_log_target ON audit_log (project_id, target_type, created_at, id);

-- Replays of create requests sent with an Idempotency-Key header (kept 24 h).
CREATE TABLE idempotency_keys (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  actor_id TEXT NOT NULL,
  key TEXT NOT NULL,
  path TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (actor_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_project ON idempotency_keys (project_id);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
