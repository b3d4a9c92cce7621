-- Per-key restrictions of secret keys (docs/api.md "Key restrictions"): an IP allowlist (JSON array of canonical
-- addresses and CIDR ranges; empty: any address) and a rate limit in requests per minute (NULL: the project's own).
ALTER TABLE api_keys ADD COLUMN allowed_ips TEXT NOT NULL DEFAULT '[]';
ALTER TABLE api_keys ADD COLUMN rate_limit_per_minute INTEGER CHECK (rate_limit_per_minute IS NULL OR rate_limit_per_minute > 0);

-- The most recent distinct client addresses of each key (at most 10 kept), written after the response and at most
-- once a minute per key, address and isolate: `request_count` counts the requests seen since the first.
CREATE TABLE api_key_addresses (
  key_id TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  first_seen_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  request_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, address)
);
CREATE INDEX api_key_addresses_recent ON api_key_addresses (key_id, last_seen_at);
