-- Page 1 of every filter combination within 25 ms at 5,000,000 rows, and half the index bytes (issue 21;
-- docs/decisions.md "Page 1 never waits for the count").
--
-- 1. An integer key per (project, mode) leads every index instead of the 40-character project id and the mode that
--    0001 repeated in each entry of its twelve indexes. `request_log_scopes` holds the keys; the queue consumer adds a
--    batch's keys in the same batch as its rows (functions/_lib/logs/store.ts), and the API finds a scope's key with a
--    subquery in the query itself.
-- 2. Each single-filter index also holds the other filters' columns after the time: a combination without an index of
--    its own (a path prefix with a status class, a status class with a method, a route with a method) walks one
--    index in time order and tests the others on the index, without reading a table row per entry.
CREATE TABLE request_log_scopes (
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  UNIQUE (project_id, mode)
);
INSERT INTO request_log_scopes (project_id, mode) SELECT DISTINCT project_id, mode FROM request_logs;
ALTER TABLE request_logs ADD COLUMN scope_id INTEGER NOT NULL DEFAULT 0;
UPDATE request_logs SET scope_id = (
  SELECT s.id FROM request_log_scopes s WHERE s.project_id = request_logs.project_id AND s.mode = request_logs.mode
);
DROP INDEX request_logs_time;
DROP INDEX request_logs_status;
DROP INDEX request_logs_method;
DROP INDEX request_logs_route;
DROP INDEX request_logs_key;
DROP INDEX request_logs_status_key;
DROP INDEX request_logs_status_route;
DROP INDEX request_logs_key_route;
DROP INDEX request_logs_key_method;
DROP INDEX request_logs_path;
CREATE INDEX request_logs_time ON request_logs (scope_id, created_at, short_path, status_class, method, key_id);
CREATE INDEX request_logs_status ON request_logs (scope_id, status_class, created_at, short_path, method, key_id);
CREATE INDEX request_logs_method ON request_logs (scope_id, method, created_at, short_path, status_class, key_id);
CREATE INDEX request_logs_route ON request_logs (scope_id, route, created_at, short_path, status_class, method, key_id);
CREATE INDEX request_logs_key ON request_logs (scope_id, key_id, created_at, short_path, status_class, method);
-- The pairs a user asks about, so their count stops at 10,001 on one range (as in 0001).
CREATE INDEX request_logs_status_key ON request_logs (scope_id, status_class, key_id, created_at);
CREATE INDEX request_logs_status_route ON request_logs (scope_id, status_class, route, created_at);
CREATE INDEX request_logs_key_route ON request_logs (scope_id, key_id, route, created_at);
CREATE INDEX request_logs_key_method ON request_logs (scope_id, key_id, method, created_at);
-- A rare path prefix: its range in time order, the other filters tested on the index.
CREATE INDEX request_logs_path ON request_logs (scope_id, short_path, created_at, status_class, method, key_id);
