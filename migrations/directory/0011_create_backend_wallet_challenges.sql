-- Ownership challenges of added backend wallets (docs/api.md "Backend wallets"): a server-issued nonce, bound to the
-- project, mode and address, valid for 10 minutes and used once (deleted when a wallet is added with it).
CREATE TABLE backend_wallet_challenges (
  nonce TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  address TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX backend_wallet_challenges_project ON backend_wallet_challenges (project_id);
-- Expired challenges are swept oldest first whenever a new one is issued.
CREATE INDEX backend_wallet_challenges_expires ON backend_wallet_challenges (expires_at);
