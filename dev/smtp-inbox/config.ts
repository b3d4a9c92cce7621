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

/**
 * The dashboard's transactional mail settings (functions/_lib/mail/transactional.ts) for the local inbox on
 * `smtpPort`: `npm start` and the test stacks bind them. Plain SMTP with AUTH is allowed only because it is loopback
 * (with SMTP_ALLOW_LOOPBACK=true); a deployment sets its own server with TLS.
 */
export function localTransactionalMail(smtpPort: number): Record<string, string> {
  return {
    MAIL_SMTP_HOST: '127.0.0.1',
    MAIL_SMTP_PORT: String(smtpPort),
    MAIL_SMTP_TLS: 'none',
    MAIL_SMTP_USER: LOCAL_SMTP.user,
    MAIL_SMTP_PASSWORD: LOCAL_SMTP.password,
    MAIL_FROM: 'dashboard@dashboard.test',
    MAIL_FROM_NAME: 'Dashboard',
  };
}
