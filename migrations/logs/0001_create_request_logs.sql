-- The request log (docs/api.md "Request logs"): one row per /api/v1 request of a project, written in batches by the
-- queue consumer of workers/webhook-dispatcher into this database of its own (binding LOGS), so log volume never
-- competes with the data. Kept 30 days (the dispatcher's cron deletes older rows).
--
-- `mode` is '' for a request of a project-level route (members, settings, billing: no mode in the path).
-- `id` is the request id (`req_` + UUIDv7), also in the X-Request-Id response header.
CREATE TABLE request_logs (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  method TEXT NOT NULL,
  route TEXT,
  path TEXT NOT NULL,
  -- The path after `/api/v1/projects/{projectId}/{mode}` (`/wallets/acc_…`): what the screen shows and searches.
  short_path TEXT NOT NULL,
  query TEXT,
  status INTEGER NOT NULL,
  status_class TEXT NOT NULL,
  error_code TEXT,
  latency_ms INTEGER NOT NULL,
  caller_type TEXT,
  caller_id TEXT,
  key_id TEXT,
  client_address TEXT,
  user_agent TEXT,
  request_bytes INTEGER,
  response_bytes INTEGER
);

-- Page 1 of every filter the screen offers walks one of these in time order (newest first) and stops at the limit:
-- project and mode first, then the filter's column, then the time.
CREATE INDEX request_logs_time ON request_logs (project_id, mode, created_at);
CREATE INDEX request_logs_status ON request_logs (project_id, mode, status_class, created_at);
CREATE INDEX request_logs_method ON request_logs (project_id, mode, method, created_at);
CREATE INDEX request_logs_route ON request_logs (project_id, mode, route, created_at);
CREATE INDEX request_logs_key ON request_logs (project_id, mode, key_id, created_at);
-- Two filters at once, each pair a user asks about ("the errors of this key", "the errors of this route", "this key
-- on this route", "this key's writes"): equality on both, then the time, so page 1 stops at the limit even when few
-- rows match (5,000,000 rows: a pair with no match read a whole single-column range, ~0.4 s, before these).
CREATE INDEX request_logs_status_key ON request_logs (project_id, mode, status_class, key_id, created_at);
CREATE INDEX request_logs_status_route ON request_logs (project_id, mode, status_class, route, created_at);
CREATE INDEX request_logs_key_route ON request_logs (project_id, mode, key_id, route, created_at);
CREATE INDEX request_logs_key_method ON request_logs (project_id, mode, key_id, method, created_at);
-- Path prefix search: a range on the short path.
CREATE INDEX request_logs_path ON request_logs (project_id, mode, short_path);
-- Retention: the oldest rows of every project, deleted in chunks.
CREATE INDEX request_logs_created ON request_logs (created_at);
