import { smtpHostRefusal } from '../net/smtp-host';
import { modeOf, type ApiContext } from './context';
import { ApiError } from './request-response';

/**
 * Custom SMTP settings beside the generic settings handler (docs/api.md "Custom SMTP"): rows stored with the former
 * `tls` boolean read as a TLS mode, and a saved host must pass the SSRF address checks.
 */

/** `tls: true` was STARTTLS (implicit TLS on port 465), `false` none. */
export function legacySmtp(data: Record<string, unknown>) {
  if (!('tls' in data)) return;
  data.tlsMode ??= data.tls === false ? 'none' : data.port === 465 ? 'implicit' : 'starttls';
  delete data.tls;
}

/** Loopback hosts (the local SMTP inbox) only with SMTP_ALLOW_LOOPBACK=true; never when deployed. */
export const smtpAllowsLoopback = (env: Env) => env.SMTP_ALLOW_LOOPBACK === 'true';

/** A 400 at `host` when the SSRF guard refuses the host as written. */
export async function checkSmtpHost(c: ApiContext, host: unknown) {
  if (typeof host !== 'string' || !host) return;
  const refusal = await smtpHostRefusal(host, { mode: modeOf(c), allowLoopback: smtpAllowsLoopback(c.env) });
  if (refusal) throw new ApiError('bad_request', 'Invalid settings', [{ path: 'host', message: refusal }]);
}
