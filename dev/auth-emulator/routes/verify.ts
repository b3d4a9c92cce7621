import type { Emulator, RequestContext } from '../context.ts';
import { nowIso } from '../context.ts';
import { GoTrueError, sendHtml, sendJson, stringField } from '../gotrue-http.ts';
import { allowedRedirect } from '../mailer.ts';
import { issueSession } from '../sessions.ts';
import type { OneTimeTokenRecord, OtpType } from '../state.ts';
import { normalizeEmail } from '../state.ts';

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'email_change', 'email', 'magiclink'] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];

/** Which stored token types a requested `type` may consume (`email` is the generic email-OTP type). */
const ACCEPTS: Record<VerifyType, OtpType[]> = {
  signup: ['signup'],
  invite: ['invite'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  email: ['signup', 'invite'],
  magiclink: ['signup', 'invite'],
};

/** JWT `amr` method per verified token type (Supabase Auth's names). */
const AMR_METHOD: Record<OtpType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  email_change: 'email_change',
};

const LINK_INVALID = 'Email link is invalid or has expired';

function parseType(value: unknown): VerifyType {
  if (typeof value === 'string' && (VERIFY_TYPES as readonly string[]).includes(value)) return value as VerifyType;
  throw new GoTrueError(400, 'validation_failed', `Verify requires a type: one of ${VERIFY_TYPES.join(', ')}`);
}

/** Consume a one-time token (by hash, or by email + 6-digit code), apply its effect and start a session. */
async function consume(emu: Emulator, type: VerifyType, lookup: { tokenHash?: string; email?: string; otp?: string }) {
  const { store } = emu;
  const byCode = !lookup.tokenHash;
  const message = byCode ? 'Token has expired or is invalid' : LINK_INVALID;
  const email = lookup.email ? normalizeEmail(lookup.email) : undefined;
  const record: OneTimeTokenRecord | undefined = store.data.oneTimeTokens.find((t) =>
    byCode ? t.email === email && t.otp === lookup.otp : t.token_hash === lookup.tokenHash,
  );
  if (!record || !ACCEPTS[type].includes(record.type)) throw new GoTrueError(403, 'otp_expired', message);
  store.data.oneTimeTokens = store.data.oneTimeTokens.filter((t) => t !== record);
  if (record.expires_at <= emu.options.now()) throw new GoTrueError(403, 'otp_expired', message);
  const user = store.userById(record.user_id);
  if (!user) throw new GoTrueError(403, 'otp_expired', message);

  const now = nowIso(emu);
  if (record.type === 'email_change') {
    if (user.new_email !== record.email) throw new GoTrueError(403, 'otp_expired', message);
    const owner = store.userByEmail(record.email);
    if (owner && owner.id !== user.id) {
      throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    user.email = record.email;
    user.new_email = null;
    user.email_change_sent_at = null;
  }
  // Opening any email link proves the address, as in GoTrue.
  user.email_confirmed_at ??= now;
  user.updated_at = now;
  return issueSession(emu, user, AMR_METHOD[record.type]);
}

/** `POST /verify` with `{ type, token_hash }` (or `{ type, email, token }`): answers with a session. */
export async function verifyPost(ctx: RequestContext): Promise<void> {
  ctx.emu.limiter.hit('verify', ctx.ip);
  const body = await ctx.body();
  const type = parseType(body.type);
  const tokenHash = stringField(body, 'token_hash');
  const email = stringField(body, 'email');
  const otp = stringField(body, 'token');
  if (!tokenHash && !(email && otp)) {
    throw new GoTrueError(400, 'validation_failed', 'Verify requires either a token_hash, or an email and a token');
  }
  sendJson(ctx.res, 200, await consume(ctx.emu, type, tokenHash ? { tokenHash } : { email, otp }));
}

/**
 * `GET /verify?token=<token_hash>&type=…&redirect_to=…`: the link form. On success it redirects to `redirect_to` (when
 * allowed, else the site URL) with the session in the URL fragment, as Supabase's implicit flow does. A failed
 * verification never redirects (an open redirect needs no valid token): it answers the error itself, as an HTML page
 * for a browser and as GoTrue's JSON error otherwise.
 */
export async function verifyGet(ctx: RequestContext): Promise<void> {
  const { emu, url } = ctx;
  const target = allowedRedirect(emu, url.searchParams.get('redirect_to')) ?? emu.options.siteUrl;
  let fragment: URLSearchParams;
  try {
    emu.limiter.hit('verify', ctx.ip);
    const type = parseType(url.searchParams.get('type'));
    const tokenHash = url.searchParams.get('token') ?? url.searchParams.get('token_hash') ?? '';
    const session = await consume(emu, type, { tokenHash });
    fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type,
    });
  } catch (error) {
    if (!(error instanceof GoTrueError)) throw error;
    if (!ctx.req.headers.accept?.includes('text/html')) throw error;
    for (const [name, value] of Object.entries(error.headers)) ctx.res.setHeader(name, value);
    return sendHtml(ctx.res, error.status, errorPage(error));
  }
  ctx.res.writeHead(303, { Location: `${target}#${fragment.toString()}` });
  ctx.res.end();
}

function errorPage(error: GoTrueError): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><meta charset="utf-8"><title>Email link error</title>
<h1>Email link error</h1><p>${escape(error.message)}</p><p><code>${escape(error.code)}</code></p>`;
}
