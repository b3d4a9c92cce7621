-- One user per email (case-insensitive) per project and mode (docs/security.md, docs/api.md "User import in chunks"):
-- two import chunks running at once each checked the email, found none and created it, so the file's user existed
-- twice. A unique index makes the database the judge (the import inserts with ON CONFLICT DO NOTHING).
--
-- Users stored before this rule may already share an email. The migration must not fail on them and must not lose
-- or change them: every such user except the oldest of its group is marked `email_duplicate_of` = the id of the
-- oldest, and the unique index covers only unmarked users. The marked users are the report of what was found: the
-- view `user_email_duplicates` lists them (an operator merges or deletes them; nothing else reads the mark).

-- Lower-cased email lookups of the tenant (the import's "already a user", the search box): also makes the
-- duplicate search below an index lookup per user instead of a scan.
CREATE INDEX users_email_lower ON users (project_id, mode, lower(email), created_at, id);

ALTER TABLE users ADD COLUMN email_duplicate_of TEXT;

UPDATE users
SET email_duplicate_of = (
  SELECT k.id FROM users k
  WHERE k.project_id = users.project_id AND k.mode = users.mode AND lower(k.email) = lower(users.email)
  ORDER BY k.created_at, k.id
  LIMIT 1
)
WHERE email IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM users o
    WHERE o.project_id = users.project_id AND o.mode = users.mode AND lower(o.email) = lower(users.email)
      AND (o.created_at < users.created_at OR (o.created_at = users.created_at AND o.id < users.id))
  );

CREATE UNIQUE INDEX users_email_unique ON users (project_id, mode, lower(email))
  WHERE email IS NOT NULL AND email_duplicate_of IS NULL;

CREATE VIEW user_email_duplicates AS
SELECT d.project_id, d.mode, d.email, d.id AS user_id, d.email_duplicate_of AS kept_user_id, d.created_at
FROM users d
WHERE d.email_duplicate_of IS NOT NULL;
