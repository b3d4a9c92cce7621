-- Usage alerts for a project still in the directory's own tables (before `npm run shards:split`), and hard spend caps
-- (docs/api.md "Usage alerts and spend caps"; docs/decisions.md "Spend caps that hold, and alerts of unsplit
-- projects"). The directory's copies of the shard tables take what migrations/shard/0002 and 0003 gave the shards, so an
-- unsplit project is served exactly as a split one, and moves either way with its columns.
--
-- 0032 added `alert_key` and `data` to the directory's notices but kept the old CHECK (kind 'webhook_disabled' only)
-- and no unique key: a crossing could be neither recorded here nor recorded once. The table is rebuilt as the shard's
-- (plus its foreign key to projects, as the directory's own tables have).
CREATE TABLE notices_new (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  kind TEXT NOT NULL CHECK (kind IN ('webhook_disabled', 'usage_threshold')),
  webhook_id TEXT,
  reason TEXT,
  dismissed_at INTEGER,
  created_at INTEGER NOT NULL,
  alert_key TEXT,
  data TEXT
);
INSERT INTO notices_new (id, project_id, mode, kind, webhook_id, reason, dismissed_at, created_at, alert_key, data)
  SELECT id, project_id, mode, kind, webhook_id, reason, dismissed_at, created_at, alert_key, data FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_open ON notices (project_id, created_at) WHERE dismissed_at IS NULL;
CREATE UNIQUE INDEX notices_alert_once ON notices (project_id, alert_key) WHERE alert_key IS NOT NULL;

-- Hard monthly spend caps, as migrations/shard/0003 (docs/api.md "Usage alerts and spend caps"): a sponsorship reserves its maximum cost when it is accepted, and the reservation is settled when the
-- real cost is recorded or the transaction ends without one.
--
-- `max_cost_usd`: the most this sponsorship may cost (USD), given with the transaction intent; held against its
-- policy's cap while the transaction is in flight and no cost is recorded yet.
ALTER TABLE transactions ADD COLUMN max_cost_usd REAL;

-- What a sponsored transaction holds of its policy's month, in micro-USD (integers: sums are exact in any order, so
-- the counters compare equal after a move): the recorded cost once there is one; else its maximum while it is in
-- flight (new, sent, indexed, notfound); else nothing (it ended without a cost). Kept per (policy, UTC month of the
-- transaction's creation, as the spend report counts) in `row_counts` as tbl 'policy_spend', field the policy id,
-- value 'YYYY-MM', n the micro-USD: like the other counters, the triggers keep it, a move's target recounts it, and
-- a purge deletes it with the project's counters.
CREATE TRIGGER transactions_spend_insert AFTER INSERT ON transactions WHEN NEW.policy_id IS NOT NULL BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'policy_spend', NEW.policy_id, strftime('%Y-%m', NEW.created_at / 1000, 'unixepoch'),
    CASE WHEN NEW.cost_usd IS NOT NULL THEN CAST(ROUND(NEW.cost_usd * 1000000) AS INTEGER)
         WHEN NEW.status IN ('new', 'sent', 'indexed', 'notfound') THEN CAST(ROUND(COALESCE(NEW.max_cost_usd, 0) * 1000000) AS INTEGER)
         ELSE 0 END)
  ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER transactions_spend_update AFTER UPDATE OF status, cost_usd, max_cost_usd, policy_id ON transactions
WHEN OLD.policy_id IS NOT NULL OR NEW.policy_id IS NOT NULL BEGIN
  UPDATE row_counts SET n = n - (
    CASE WHEN OLD.cost_usd IS NOT NULL THEN CAST(ROUND(OLD.cost_usd * 1000000) AS INTEGER)
         WHEN OLD.status IN ('new', 'sent', 'indexed', 'notfound') THEN CAST(ROUND(COALESCE(OLD.max_cost_usd, 0) * 1000000) AS INTEGER)
         ELSE 0 END)
  WHERE OLD.policy_id IS NOT NULL AND project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'policy_spend'
    AND field = OLD.policy_id AND value = strftime('%Y-%m', OLD.created_at / 1000, 'unixepoch');
  INSERT INTO row_counts SELECT NEW.project_id, NEW.mode, 'policy_spend', NEW.policy_id, strftime('%Y-%m', NEW.created_at / 1000, 'unixepoch'),
    CASE WHEN NEW.cost_usd IS NOT NULL THEN CAST(ROUND(NEW.cost_usd * 1000000) AS INTEGER)
         WHEN NEW.status IN ('new', 'sent', 'indexed', 'notfound') THEN CAST(ROUND(COALESCE(NEW.max_cost_usd, 0) * 1000000) AS INTEGER)
         ELSE 0 END
  WHERE NEW.policy_id IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n;
END;
CREATE TRIGGER transactions_spend_delete AFTER DELETE ON transactions WHEN OLD.policy_id IS NOT NULL BEGIN
  UPDATE row_counts SET n = n - (
    CASE WHEN OLD.cost_usd IS NOT NULL THEN CAST(ROUND(OLD.cost_usd * 1000000) AS INTEGER)
         WHEN OLD.status IN ('new', 'sent', 'indexed', 'notfound') THEN CAST(ROUND(COALESCE(OLD.max_cost_usd, 0) * 1000000) AS INTEGER)
         ELSE 0 END)
  WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'policy_spend' AND field = OLD.policy_id
    AND value = strftime('%Y-%m', OLD.created_at / 1000, 'unixepoch');
END;
-- The counters of what is already recorded (no transaction has a maximum yet).
INSERT INTO row_counts (project_id, mode, tbl, field, value, n)
  SELECT project_id, mode, 'policy_spend', policy_id, strftime('%Y-%m', created_at / 1000, 'unixepoch'),
    SUM(CAST(ROUND(COALESCE(cost_usd, 0) * 1000000) AS INTEGER))
  FROM transactions WHERE policy_id IS NOT NULL GROUP BY project_id, mode, policy_id, strftime('%Y-%m', created_at / 1000, 'unixepoch');

-- The guard of an accepted sponsorship, last in its batch (after the transaction's row reserved its maximum): it
-- inserts here only when the policy's month now holds more than its cap, and this trigger then aborts the whole batch
-- (the transaction, its history, the audit entry): `policy_spend_cap_reached`. The table never holds a row.
CREATE TABLE spend_cap_guard (policy_id TEXT NOT NULL);
CREATE TRIGGER spend_cap_guard_refuse BEFORE INSERT ON spend_cap_guard BEGIN
  SELECT RAISE(ABORT, 'policy_spend_cap_reached');
END;
