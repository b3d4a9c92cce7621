-- Whether an invite's email went out (docs/api.md "Invites and their email"). The API writes the invite first as
-- `unsent`, then asks Supabase Auth to send it and records the answer: `sent`, `existing_account` (a confirmed account
-- has the address: Supabase sends nothing, the invite is claimed at their next visit) or `failed` with the reason.
-- Invites stored before this migration were never emailed by the API: they stay `unsent`.
ALTER TABLE invites ADD COLUMN email_status TEXT NOT NULL DEFAULT 'unsent'
  CHECK (email_status IN ('unsent', 'sent', 'existing_account', 'failed'));
ALTER TABLE invites ADD COLUMN email_sent_at INTEGER;
ALTER TABLE invites ADD COLUMN email_error TEXT;
