-- Limits on costly actions and custom-domain proof (docs/api.md "Webhook delivery" and "Ecosystem").

-- When a webhook's URL last changed: replays of events created before it wait for the user's confirmation.
ALTER TABLE webhooks ADD COLUMN url_changed_at INTEGER;

-- Custom-domain claims: a domain becomes an ecosystem's only after the DNS TXT proof
-- (`_dashboard-verify.<domain>` = the token shown once; its SHA-256 is kept). Pending claims expire after 72 h and
-- never block anyone; one verified claim per domain (the unique index), one claim per ecosystem.
CREATE TABLE ecosystem_domain_claims (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  domain TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'verified')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  verified_at INTEGER,
  PRIMARY KEY (project_id, mode)
);
CREATE UNIQUE INDEX ecosystem_domain_claims_verified ON ecosystem_domain_claims (domain) WHERE status = 'verified';

-- Custom domains set before the proof existed stay as they are (the ecosystem keeps serving them) and count as
-- verified, except a domain two ecosystems had (the old check could race): those need the proof again.
INSERT INTO ecosystem_domain_claims (project_id, mode, domain, token_hash, status, created_at, expires_at, verified_at)
SELECT s.project_id, s.mode, json_extract(s.data, '$.customDomain'), '', 'verified', s.updated_at, s.updated_at, s.updated_at
FROM settings s
WHERE s.kind = 'ecosystem' AND json_extract(s.data, '$.customDomain') IS NOT NULL
AND (SELECT COUNT(*) FROM settings o WHERE o.kind = 'ecosystem'
  AND json_extract(o.data, '$.customDomain') = json_extract(s.data, '$.customDomain')) = 1;
