-- Usage alerts (docs/api.md "Usage alerts and spend caps"): per project, the thresholds as percentages of the plan's
-- included operations (a JSON array of distinct integers 1–100, ascending) and the monthly gas budget of its
-- sponsorship policies in USD (NULL: none). Settings of billing, so the directory's, next to `plan`. The crossings
-- themselves are recorded on the project's shard (notices), where the operations are counted.
ALTER TABLE projects ADD COLUMN alert_thresholds TEXT NOT NULL DEFAULT '[50,80,100]';
ALTER TABLE projects ADD COLUMN gas_budget_usd REAL;
-- Optimistic concurrency of the alert settings alone, so an edit there never makes a rename stale (or back).
ALTER TABLE projects ADD COLUMN alerts_version INTEGER NOT NULL DEFAULT 1;

-- The directory's own copies of the shard tables (a project from before the split still has its rows here) keep the
-- shard's columns, so a project moves either way with its columns: migrations/shard/0002.
ALTER TABLE policies ADD COLUMN monthly_spend_cap_usd REAL;
ALTER TABLE notices ADD COLUMN alert_key TEXT;
ALTER TABLE notices ADD COLUMN data TEXT;
