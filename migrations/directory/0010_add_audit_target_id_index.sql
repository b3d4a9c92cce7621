-- An API key's (or any object's) page lists the audit entries about it: the audit log filters by target id, on an
-- index that starts with the project and ends with the sort (docs/api.md "Database").
CREATE INDEX audit_log_target_id ON audit_log (project_id, target_id, created_at, id);
