import type { RequestContext } from '../context.ts';
import { GoTrueError, sendJson, stringField } from '../gotrue-http.ts';
import { checkPassword } from '../passwords.ts';
import { refreshGrant, issueSession } from '../sessions.ts';
import { normalizeEmail } from '../state.ts';

/** `POST /token?grant_type=password|refresh_token`. */
export async function token(ctx: RequestContext): Promise<void> {
  const grantType = ctx.url.searchParams.get('grant_type');
  if (grantType === 'password') return passwordGrant(ctx);
  if (grantType === 'refresh_token') return refreshTokenGrant(ctx);
  throw new GoTrueError(400, 'validation_failed', `unsupported_grant_type: ${grantType ?? '(none)'}`);
}

async function passwordGrant(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  emu.limiter.hit('signIn', ctx.ip);
  const body = await ctx.body();
  const email = stringField(body, 'email');
  const password = stringField(body, 'password') ?? '';
  if (!email) throw new GoTrueError(400, 'validation_failed', 'An email address and a password are required');
  const user = emu.store.userByEmail(normalizeEmail(email));
  if (!user || !(await checkPassword(password, user.password_hash))) {
    throw new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  if (!user.email_confirmed_at) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
  sendJson(ctx.res, 200, await issueSession(emu, user, 'password'));
}

async function refreshTokenGrant(ctx: RequestContext): Promise<void> {
  ctx.emu.limiter.hit('tokenRefresh', ctx.ip);
  const body = await ctx.body();
  const refreshToken = stringField(body, 'refresh_token');
  if (!refreshToken) throw new GoTrueError(400, 'validation_failed', 'refresh_token required');
  sendJson(ctx.res, 200, await refreshGrant(ctx.emu, refreshToken));
}
