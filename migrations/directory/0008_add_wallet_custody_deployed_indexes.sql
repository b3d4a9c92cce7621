-- The wallets list filters by custody and by deployed (the dashboard's filter chips); each filter has an index that
-- starts with the tenant and ends with the sort, like the others (docs/api.md "Database"), so no list scans the table.
CREATE INDEX wallets_custody ON wallets (project_id, mode, custody, created_at, id);
CREATE INDEX wallets_deployed ON wallets (project_id, mode, deployed, created_at, id);
