-- Search that finds (docs/api.md "Search"): case-insensitive prefix searches, each a range on an index that starts
-- with the tenant and ends with the list's sort, like every other list filter (docs/api.md "Database"). Expression
-- indexes, so no stored column has to be kept in step by the API and both seeds: the queries use the same
-- expressions (functions/_lib/db/core.ts `folded`). `users_email_lower` came with migration 0025.

-- A partial address as typed (addresses are stored checksummed, mixed case).
CREATE INDEX wallets_address_lower ON wallets (project_id, mode, lower(address), created_at, id);

-- A partial transaction hash (stored lower case by the API and the seeds): the tenant's own range of hashes.
CREATE INDEX transactions_hash_prefix ON transactions (project_id, mode, transaction_hash, created_at, id);

-- Users (and wallets through their user) by the start of a name or email, any case.
CREATE INDEX users_name_lower ON users (project_id, mode, lower(name), created_at, id);
