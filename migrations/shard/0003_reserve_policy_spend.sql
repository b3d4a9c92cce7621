-- Hard monthly spend caps (docs/api.md "Usage alerts and spend caps", docs/decisions.md "Spend caps that hold, and
-- alerts of unsplit projects"): a sponsorship reserves its maximum cost when it is accepted, and the reservation is settled when the
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
