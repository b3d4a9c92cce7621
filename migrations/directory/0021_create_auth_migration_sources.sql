-- What a user import was made from (docs/api.md "User import in chunks"): the file's name and SHA-256, its row count
-- and the column mapping, so the import can continue in another browser from the same file, verified by its hash.

CREATE TABLE auth_migration_sources (
  migration_id TEXT PRIMARY KEY REFERENCES auth_migrations (id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  file_name TEXT NOT NULL,
  file_sha256 TEXT NOT NULL,
  row_count INTEGER NOT NULL,
  -- JSON: { columns: { field: column }, trim, idPrefix, idSuffix }
  mapping TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
