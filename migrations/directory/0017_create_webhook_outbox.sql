-- The webhook delivery engine (docs/api.md "Webhook delivery"): the outbox of events written in the same batch as the
-- change that causes them, one delivery row per attempt, secret rotation, endpoints the engine turned off, notices.

ALTER TABLE webhooks ADD COLUMN disabled_reason TEXT CHECK (disabled_reason IN ('gone', 'failing'));
-- Rotation grace: the previous secret (its ciphertext as it was, aad `webhooks:<id>`) still signs until this time.
ALTER TABLE webhooks ADD COLUMN previous_secret_encrypted TEXT;
ALTER TABLE webhooks ADD COLUMN previous_secret_expires_at INTEGER;
-- Latest finished attempt; and the first failed attempt since the last success (5 days later the engine disables).
ALTER TABLE webhooks ADD COLUMN last_delivery_at INTEGER;
ALTER TABLE webhooks ADD COLUMN last_delivery_status TEXT;
ALTER TABLE webhooks ADD COLUMN failing_since INTEGER;
-- Secrets were `whsec_` + base64url; Standard Webhooks wants standard base64 of the same bytes. The ciphertext
-- cannot be rewritten in SQL: the engine reads either spelling (docs/decisions.md "Webhook secrets in standard
-- base64"); the hint (last 4 characters) is respelled here.
UPDATE webhooks SET secret_hint = replace(replace(secret_hint, '-', '+'), '_', '/');

CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  topic TEXT NOT NULL,
  -- The thin JSON body sent (`{ type, timestamp, data }`), under 20 KB.
  payload TEXT NOT NULL,
  -- Only to this webhook (test events); NULL: every enabled webhook of the project and mode subscribed to the topic.
  webhook_id TEXT,
  -- When the dispatcher fanned it out into deliveries; NULL: not yet (its cron enqueues it again: nothing is lost).
  dispatched_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX webhook_events_created ON webhook_events (project_id, mode, created_at, id);
CREATE INDEX webhook_events_topic ON webhook_events (project_id, mode, topic, created_at, id);
CREATE INDEX webhook_events_undispatched ON webhook_events (created_at) WHERE dispatched_at IS NULL;

ALTER TABLE webhook_deliveries ADD COLUMN event_id TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN response_body TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN error TEXT;
-- On a failed attempt: when the next one is due (NULL: none).
ALTER TABLE webhook_deliveries ADD COLUMN next_attempt_at INTEGER;
-- A pending attempt is due at `created_at`; a sender holds it until `claimed_until` (a crash frees it after that).
ALTER TABLE webhook_deliveries ADD COLUMN claimed_until INTEGER;
-- Deliveries from before the engine: each its own event.
INSERT INTO webhook_events (id, project_id, mode, topic, payload, webhook_id, dispatched_at, created_at)
SELECT 'evt_' || substr(id, 5), project_id, mode, topic, payload, webhook_id, created_at, created_at
FROM webhook_deliveries WHERE event_id IS NULL;
UPDATE webhook_deliveries SET event_id = 'evt_' || substr(id, 5) WHERE event_id IS NULL;
CREATE UNIQUE INDEX webhook_deliveries_event ON webhook_deliveries (event_id, webhook_id, attempt);
CREATE INDEX webhook_deliveries_topic ON webhook_deliveries (webhook_id, topic, created_at, id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (created_at) WHERE status = 'pending';

CREATE TABLE notices (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  kind TEXT NOT NULL CHECK (kind IN ('webhook_disabled')),
  webhook_id TEXT,
  reason TEXT,
  dismissed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX notices_open ON notices (project_id, created_at) WHERE dismissed_at IS NULL;
