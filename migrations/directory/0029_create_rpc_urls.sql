-- The JSON-RPC endpoint a project uses per chain and mode for read calls of its contracts (docs/api.md "RPC URLs and
-- read calls"). The URL often carries a provider key: it is encrypted at rest (AES-GCM, bound to project, mode and
-- chain) and only a hint of it (host and last 4 characters) is ever shown.
CREATE TABLE rpc_urls (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  chain_id INTEGER NOT NULL,
  url_encrypted TEXT NOT NULL,
  url_hint TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, mode, chain_id)
);
