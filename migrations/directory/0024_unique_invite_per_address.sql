-- One invite per address and project, whatever its letter case (docs/api.md "Invites and their email"). The API has
-- always stored addresses in lower case and `invites_project_email` (0001) is unique on the exact text, but rows
-- written otherwise (by hand, by an older import) could hold `Bob@x.test` beside `bob@x.test`: two invites, two
-- emails. This migration never fails on them: it keeps the newest invite of each address, reports every invite it
-- removes in the project's audit log (`member.invite_merged`, target the removed id, details naming the kept one),
-- then lower-cases the addresses and adds the unique index on (project_id, lower(email)).

INSERT INTO audit_log (id, project_id, mode, actor_type, actor_id, action, target_type, target_id, details, created_at)
SELECT 'aud_' || lower(hex(randomblob(16))), d.project_id, NULL, 'user', 'migration:0024', 'member.invite_merged',
       'invites', d.id,
       json_object('email', d.email, 'role', d.role, 'keptInviteId',
         (SELECT k.id FROM invites k WHERE k.project_id = d.project_id AND lower(k.email) = lower(d.email)
           ORDER BY k.created_at DESC, k.id DESC LIMIT 1)),
       CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM invites d
 WHERE d.id != (SELECT k.id FROM invites k WHERE k.project_id = d.project_id AND lower(k.email) = lower(d.email)
                 ORDER BY k.created_at DESC, k.id DESC LIMIT 1);

DELETE FROM invites
 WHERE id != (SELECT k.id FROM invites k WHERE k.project_id = invites.project_id AND lower(k.email) = lower(invites.email)
               ORDER BY k.created_at DESC, k.id DESC LIMIT 1);

UPDATE invites SET email = lower(email) WHERE email != lower(email);

CREATE UNIQUE INDEX invites_project_email_lower ON invites (project_id, lower(email));
