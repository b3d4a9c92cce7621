-- User import in chunks (docs/api.md "User import in chunks"): one row per accepted chunk of a migration, holding its
-- outcome, so a retry of the same chunk index answers the stored outcome and creates nothing twice.

CREATE TABLE auth_migration_chunks (
  migration_id TEXT NOT NULL REFERENCES auth_migrations (id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  row_count INTEGER NOT NULL,
  created INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  -- JSON array of { row, email, reason } for the rows of the chunk that were not imported.
  failures TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  PRIMARY KEY (migration_id, idx)
) WITHOUT ROWID;
