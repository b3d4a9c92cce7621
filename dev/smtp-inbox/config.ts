/**
 * The local SMTP inbox of `npm start` and the test stacks (dev/smtp-inbox): where the seeded custom SMTP settings
 * point, so "Send test email" on the Custom SMTP page works on a fresh checkout. Local only; never deployed.
 */
export const LOCAL_SMTP = {
  /** SMTP (plain, STARTTLS offered with a self-signed certificate, AUTH required): `SMTP_PORT`. */
  port: 2525,
  /** The inbox web page and its JSON (`/inbox`, `/api/messages`): `SMTP_INBOX_PORT`. */
  webPort: 8025,
  user: 'local-smtp',
  password: 'local-smtp-password',
  /** The seeded sender. */
  from: 'no-reply@demo-game.test',
  fromName: 'Demo Game',
} as const;
