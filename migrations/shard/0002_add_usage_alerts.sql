-- Usage alerts and spend caps (docs/api.md "Usage alerts and spend caps").
--
-- A policy's hard monthly spend cap in USD (the spend report's `costUsd`, this UTC calendar month); NULL: no cap.
ALTER TABLE policies ADD COLUMN monthly_spend_cap_usd REAL;

-- Notices get a second kind, `usage_threshold`: a crossed threshold of the operations or the gas budget. SQLite cannot
-- change a CHECK, so the table is rebuilt (it holds few rows). `alert_key` (`<meter>:<YYYY-MM>:<percent>`) is unique
-- per project: the crossing is recorded once per threshold and period whatever the number of concurrent writers
-- (`INSERT … ON CONFLICT DO NOTHING`; whoever changed a row sends the email and wrote the webhook event). `data`: the
-- JSON of what was crossed (`{ used, limit }`).
CREATE TABLE notices_new (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  kind TEXT NOT NULL CHECK (kind IN ('webhook_disabled', 'usage_threshold')),
  webhook_id TEXT,
  reason TEXT,
  dismissed_at INTEGER,
  created_at INTEGER NOT NULL,
  alert_key TEXT,
  data TEXT
);
INSERT INTO notices_new (id, project_id, mode, kind, webhook_id, reason, dismissed_at, created_at)
  SELECT id, project_id, mode, kind, webhook_id, reason, dismissed_at, created_at FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_open ON notices (project_id, created_at) WHERE dismissed_at IS NULL;
CREATE UNIQUE INDEX notices_alert_once ON notices (project_id, alert_key) WHERE alert_key IS NOT NULL;
