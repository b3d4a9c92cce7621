-- Balances of backend wallets as last recorded, one entry per chain (docs/api.md "Backend wallets"): a JSON array of
-- {"chainId": int, "wei": "decimal digits", "recordedAt": ms}. The seed writes them; later the balance indexer will.
-- There is no public write: the API only reads them.
ALTER TABLE backend_wallets ADD COLUMN balances TEXT NOT NULL DEFAULT '[]';
