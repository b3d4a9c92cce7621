import type { RequestContext } from '../context.ts';
import { nowIso } from '../context.ts';
import { GoTrueError, sendJson, stringField } from '../gotrue-http.ts';
import { allowedRedirect, assertEmailFrequency, sendOneTimeToken } from '../mailer.ts';
import { assertPasswordAllowed, hashPassword } from '../passwords.ts';
import { mergeMetadata, newUser, obfuscatedUser, parseEmail, serializeUser } from '../users.ts';

function metadataOf(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** `POST /signup`: create an unconfirmed user and email a confirmation link; never reveals existing accounts. */
export async function signUp(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  emu.limiter.hit('signUp', ctx.ip);
  const body = await ctx.body();
  if (body.phone !== undefined && body.email === undefined) {
    throw new GoTrueError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  }
  const email = parseEmail(body.email);
  const password = stringField(body, 'password');
  if (!password) throw new GoTrueError(422, 'validation_failed', 'Signup requires a valid password');
  assertPasswordAllowed(password);
  const data = metadataOf(body);
  const redirectTo = allowedRedirect(emu, ctx.url.searchParams.get('redirect_to'));

  const existing = emu.store.userByEmail(email);
  if (existing?.email_confirmed_at) {
    sendJson(ctx.res, 200, obfuscatedUser(emu, email, data));
    return;
  }
  if (existing) {
    assertEmailFrequency(emu, existing, 'signup');
    existing.password_hash = await hashPassword(password, emu.options.bcryptCost);
    existing.user_metadata = mergeMetadata(existing.user_metadata, data);
    existing.updated_at = nowIso(emu);
    sendOneTimeToken(emu, existing, 'signup', email, redirectTo);
    sendJson(ctx.res, 200, serializeUser(existing));
    return;
  }
  const user = newUser(emu, email, {
    password_hash: await hashPassword(password, emu.options.bcryptCost),
    user_metadata: data,
  });
  emu.store.data.users.push(user);
  sendOneTimeToken(emu, user, 'signup', email, redirectTo);
  sendJson(ctx.res, 200, serializeUser(user));
}
