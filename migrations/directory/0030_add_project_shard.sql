-- Shards (docs/architecture.md "Shards"): this database is the directory; a project's data lives on the shard named
-- here (binding SHARD_<n>). NULL: the project still has its rows in this database's own tables (an installation from
-- before the shards, until `npm run shards:split` moves it). Placement of new projects: functions/_lib/db/shards.ts.
ALTER TABLE projects ADD COLUMN shard INTEGER;
-- While `npm run shards:move` (or `shards:split`) copies the project to shard `moving_to`: its writes answer 503 until
-- `moving_until` (the copy keeps moving it forward; a copy that died lets the project be written again on its old shard).
ALTER TABLE projects ADD COLUMN moving_until INTEGER;
ALTER TABLE projects ADD COLUMN moving_to INTEGER;
CREATE INDEX projects_shard ON projects (shard) WHERE deleted_at IS NULL;
