import { sendSmtp, type SmtpSendResult, type SmtpTlsMode } from '../net/smtp-send';
import { plainAuthAllowed, smtpAllowsLoopback } from '../api/smtp-settings';

/**
 * The dashboard's own mail (invites today, usage alerts later): one SMTP server the deployment configures with
 * `MAIL_SMTP_*` / `MAIL_FROM*` (docs/api.md "Transactional mail"), sent with the custom SMTP client
 * (functions/_lib/net/smtp-send.ts: worker-mailer over `connect()`, RFC 2047 headers, AUTH only inside TLS except to
 * the local stack's loopback inbox). Locally `npm start` and the test stacks point it at dev/smtp-inbox.
 */

export interface TransactionalMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export type TransactionalResult = SmtpSendResult | { ok: false; reason: 'not_configured'; message: string };

const TLS_MODES: SmtpTlsMode[] = ['none', 'starttls', 'implicit'];

/** The configured sender, or null when the deployment has none (then nothing is sent). */
export function transactionalConfig(env: Env) {
  const host = env.MAIL_SMTP_HOST?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!host || !from) return null;
  const tls = (env.MAIL_SMTP_TLS?.trim() || 'starttls') as SmtpTlsMode;
  const tlsMode = TLS_MODES.includes(tls) ? tls : 'starttls';
  const port = Number(env.MAIL_SMTP_PORT) || (tlsMode === 'implicit' ? 465 : tlsMode === 'none' ? 25 : 587);
  return {
    host,
    port,
    tlsMode,
    user: env.MAIL_SMTP_USER?.trim() || null,
    password: env.MAIL_SMTP_PASSWORD ?? null,
    from,
    fromName: env.MAIL_FROM_NAME?.trim() || null,
  };
}

/** Sends one message; never throws for a failure of the mail server (the result says what happened). */
export async function sendTransactional(env: Env, mail: TransactionalMail): Promise<TransactionalResult> {
  const c = transactionalConfig(env);
  if (!c) {
    console.error('api: MAIL_SMTP_HOST / MAIL_FROM are not set: the dashboard sends no mail of its own');
    return { ok: false, reason: 'not_configured', message: 'This dashboard is not set up to send email' };
  }
  const result = await sendSmtp(
    {
      host: c.host,
      port: c.port,
      tlsMode: c.tlsMode,
      user: c.user,
      password: c.password,
      plainAuth: plainAuthAllowed(c.host, smtpAllowsLoopback(env)),
    },
    {
      from: c.fromName ? { name: c.fromName, email: c.from } : c.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    },
  );
  if (!result.ok) console.error('api: transactional mail to', mail.to, 'failed:', result.reason, result.message);
  return result;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for an HTML body. */
export const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
