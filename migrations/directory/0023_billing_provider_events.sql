-- Plans change only through signed payment-provider events (docs/api.md "Billing", "Provider events").
--
-- billing_events: every accepted event by the provider's id (`evt_…`). A replay or a retry of an event already
-- handled is a conflict on the id and changes nothing. Kept without a foreign key, so an event about an unknown (or
-- deleted) project is recorded as such too.
CREATE TABLE billing_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  project_id TEXT,
  -- applied | ignored | unknown_project
  outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'ignored', 'unknown_project')),
  -- The provider's `created` (ms) and when we took it (ms).
  created_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX billing_events_received ON billing_events (received_at);

-- The provider's customer and subscription of a project (from checkout.session.completed), so later subscription and
-- invoice events find their project; event_created_at is the provider time of the last event that set the plan (an
-- older one arriving late changes nothing).
CREATE TABLE billing_subscriptions (
  project_id TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  customer_id TEXT,
  subscription_id TEXT,
  status TEXT,
  event_created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX billing_subscriptions_subscription ON billing_subscriptions (subscription_id)
  WHERE subscription_id IS NOT NULL;
CREATE INDEX billing_subscriptions_customer ON billing_subscriptions (customer_id) WHERE customer_id IS NOT NULL;

-- Invoices written from invoice events carry the provider's invoice id (one row per provider invoice, updated as its
-- status moves); the seeded ones have none.
ALTER TABLE invoices ADD COLUMN provider_id TEXT;
CREATE UNIQUE INDEX invoices_provider_id ON invoices (provider_id) WHERE provider_id IS NOT NULL;

-- The audit log gets a third kind of actor, the payment provider (a plan change from its event, audited with the
-- event id). SQLite cannot change a CHECK in place: the table is rebuilt with the same columns, rows and indexes.
CREATE TABLE audit_log_new (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT CHECK (mode IN ('live', 'test')),
  actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'key', 'provider')),
  actor_id TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT,
  details TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL
);
INSERT INTO audit_log_new (id, project_id, mode, actor_type, actor_id, action, target_type, target_id, details, created_at)
  SELECT id, project_id, mode, actor_type, actor_id, action, target_type, target_id, details, created_at FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;
CREATE INDEX audit_log_created ON audit_log (project_id, created_at, id);
CREATE INDEX audit_log_action ON audit_log (project_id, action, created_at, id);
CREATE INDEX audit_log_actor ON audit_log (project_id, actor_id, created_at, id);
CREATE INDEX audit_log_target ON audit_log (project_id, target_type, created_at, id);
CREATE INDEX audit_log_target_id ON audit_log (project_id, target_id, created_at, id);
