-- A project delete can be undone: DELETE /projects/{id} moves the project to the trash for 7 days (deleted_at set;
-- hidden from lists, its keys refused, its webhooks paused); an owner restores it, or the scheduled work of
-- workers/webhook-dispatcher purges it afterwards (docs/api.md "Project trash").
ALTER TABLE projects ADD COLUMN deleted_at INTEGER;
ALTER TABLE projects ADD COLUMN deleted_by TEXT;
CREATE INDEX projects_trash ON projects (deleted_at) WHERE deleted_at IS NOT NULL;

-- The audit entry of a purge: the project's own audit log goes with it (ON DELETE CASCADE), so the purge is
-- recorded here, with who deleted it, when, and who its members were.
CREATE TABLE project_purges (
  project_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  deleted_at INTEGER NOT NULL,
  deleted_by TEXT,
  purged_at INTEGER NOT NULL,
  members TEXT NOT NULL
);
