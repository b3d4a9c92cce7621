import { OTP_TTL_SECONDS } from './config.ts';
import type { Emulator } from './context.ts';
import { nowIso } from './context.ts';
import { GoTrueError } from './gotrue-http.ts';
import { actionLink, composeEmail } from './inbox.ts';
import type { OtpType, UserRecord } from './state.ts';
import { newOtp, newTokenHash } from './tokens.ts';

const SENT_AT_FIELD = {
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
} as const satisfies Record<OtpType, keyof UserRecord>;

/** Throw GoTrue's `over_email_send_rate_limit` when the same kind of email went to this user too recently. */
export function assertEmailFrequency(emu: Emulator, user: UserRecord, type: OtpType): void {
  const last = user[SENT_AT_FIELD[type]];
  const minMs = emu.options.emailFrequencySeconds * 1000;
  if (!last || minMs <= 0) return;
  const waitMs = Date.parse(last) + minMs - emu.options.now();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new GoTrueError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      { 'Retry-After': String(seconds) },
    );
  }
}

/**
 * Issue a single-use token of `type` for the user (replacing any earlier one of the same type) and deliver its email
 * to the local inbox.
 */
export function sendOneTimeToken(
  emu: Emulator,
  user: UserRecord,
  type: OtpType,
  to: string,
  redirectTo?: string,
): void {
  const { store, options } = emu;
  const now = options.now();
  const tokenHash = newTokenHash();
  const otp = newOtp();
  store.data.oneTimeTokens = store.data.oneTimeTokens.filter((t) => !(t.user_id === user.id && t.type === type));
  store.data.oneTimeTokens.push({
    token_hash: tokenHash,
    otp,
    type,
    user_id: user.id,
    email: to,
    created_at: now,
    expires_at: now + OTP_TTL_SECONDS[type] * 1000,
  });
  user[SENT_AT_FIELD[type]] = nowIso(emu);
  store.data.emails.push(
    composeEmail({
      to,
      type,
      link: actionLink(options.siteUrl, type, tokenHash, redirectTo),
      tokenHash,
      otp,
      createdAt: nowIso(emu),
      metadata: user.user_metadata,
    }),
  );
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Accept `redirect_to` only when it points at the site URL's origin or a loopback origin (GoTrue's allow list),
 * compared on the parsed URL (never as a string prefix: `http://127.0.0.1:8788@evil.com/` is evil.com) and without
 * credentials. Returns the normalised URL, so what was checked is what is used.
 */
export function allowedRedirect(emu: Emulator, value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  const siteOrigin = new URL(emu.options.siteUrl).origin;
  return url.origin === siteOrigin || LOOPBACK_HOSTNAMES.has(url.hostname) ? url.href : undefined;
}
