-- Shards (docs/architecture.md "Shards"): this database is the directory; a project's data lives on the shard named
-- here (binding SHARD_<n>). NULL: the project still has its rows in this database's own tables (an installation from
-- before the shards, until `npm run shards:split` moves it). Placement of new projects: functions/_lib/db/shards.ts.
ALTER TABLE projects ADD COLUMN shard INTEGER;
-- Set while `npm run shards:move` copies the project to another shard: its writes answer 503 until then.
ALTER TABLE projects ADD COLUMN moving_until INTEGER;
CREATE INDEX projects_shard ON projects (shard) WHERE deleted_at IS NULL;
