-- Usage alerts (docs/api.md "Usage alerts and spend caps"): per project, the thresholds as percentages of the plan's
-- included operations (a JSON array of distinct integers 1–100, ascending) and the monthly gas budget of its
-- sponsorship policies in USD (NULL: none). Settings of billing, so the directory's, next to `plan`. The crossings
-- themselves are recorded on the project's shard (notices), where the operations are counted.
ALTER TABLE projects ADD COLUMN alert_thresholds TEXT NOT NULL DEFAULT '[50,80,100]';
ALTER TABLE projects ADD COLUMN gas_budget_usd REAL;
-- Optimistic concurrency of the alert settings alone, so an edit there never makes a rename stale (or back).
ALTER TABLE projects ADD COLUMN alerts_version INTEGER NOT NULL DEFAULT 1;
