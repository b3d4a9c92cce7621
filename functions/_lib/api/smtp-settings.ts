import ipaddr from 'ipaddr.js';
import { smtpHostRefusal } from '../net/smtp-host';
import { modeOf, type ApiContext } from './context';
import { decryptSecret, encryptSecret, secretHint } from './crypto';
import { ApiError } from './request-response';

/**
 * Custom SMTP settings beside the generic settings handler (docs/api.md "Custom SMTP"): rows stored with the former
 * `tls` boolean read as a TLS mode, a saved host must pass the SSRF address checks, and the write-only password stays
 * with the server it was entered for.
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

/**
 * Whether AUTH may go over a connection without TLS: only to the loopback SMTP server of the local stack
 * (`localhost`, 127.0.0.0/8, ::1) and only with SMTP_ALLOW_LOOPBACK=true. Anywhere else the password is sent only
 * inside TLS (STARTTLS or implicit).
 */
export function plainAuthAllowed(host: string, allowLoopback: boolean): boolean {
  if (!allowLoopback) return false;
  const name = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(name)) return false;
  const address = ipaddr.process(name);
  return address.range() === 'loopback';
}

/** The fields that name the server the password is for: a change of any forgets the stored password. */
export const SMTP_PASSWORD_BINDING = ['host', 'port', 'user', 'tlsMode'] as const;

/** A stored secret; `aad: 'host'` when sealed bound to the host (see smtpPasswordAad). */
export interface StoredSmtpSecret {
  value: string;
  hint: string;
  aad?: 'host';
}

/**
 * The AES-GCM associated data of the SMTP password: its project, mode and field, and the host it was entered for,
 * so a ciphertext copied to another row or beside another host does not decrypt. Passwords stored before the host
 * was bound (no `aad` marker) were sealed without it: they are read with the former data and sealed again, bound to
 * the host, on the next save of the settings (changing the host forgets them anyway).
 */
export function smtpPasswordAad(projectId: string, mode: string | null, host: string | null): string {
  return `settings:${projectId}:${mode}:smtp:password:host=${(host ?? '').toLowerCase()}`;
}
const legacyAad = (projectId: string, mode: string | null) => `settings:${projectId}:${mode}:smtp:password`;

/**
 * The stored password in clear, for the saved `host`; null when none is stored or it does not open for this host (a
 * ciphertext moved beside another host, or sealed with another key): the form then asks for it again.
 */
export async function readSmtpPassword(
  env: Env,
  secret: StoredSmtpSecret | undefined,
  projectId: string,
  mode: string | null,
  host: string | null,
): Promise<string | null> {
  if (!secret) return null;
  const aad = secret.aad === 'host' ? smtpPasswordAad(projectId, mode, host) : legacyAad(projectId, mode);
  try {
    return await decryptSecret(env, secret.value, aad);
  } catch (e) {
    if (e instanceof ApiError) throw e; // no encryption key: fail closed (500)
    return null;
  }
}

/**
 * The password entry after a save: a new password is sealed for the new host; without one, the stored password is
 * kept only while host, port, user and TLS mode stay as they were (else it is forgotten and the form asks for it
 * again), and one sealed before the host binding is sealed again with it.
 */
export async function nextSmtpPassword(
  env: Env,
  o: {
    projectId: string;
    mode: string | null;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    newPassword: string | undefined;
    stored: StoredSmtpSecret | undefined;
  },
): Promise<StoredSmtpSecret | undefined> {
  const host = typeof o.after.host === 'string' ? o.after.host : null;
  const aad = smtpPasswordAad(o.projectId, o.mode, host);
  if (typeof o.newPassword === 'string')
    return { value: await encryptSecret(env, o.newPassword, aad), hint: secretHint(o.newPassword), aad: 'host' };
  if (!o.stored) return undefined;
  if (SMTP_PASSWORD_BINDING.some((f) => (o.before[f] ?? null) !== (o.after[f] ?? null))) return undefined;
  if (o.stored.aad === 'host') return o.stored;
  const plain = await readSmtpPassword(env, o.stored, o.projectId, o.mode, host);
  if (plain === null) return undefined;
  return { value: await encryptSecret(env, plain, aad), hint: o.stored.hint, aad: 'host' };
}
