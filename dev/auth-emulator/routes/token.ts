import type { RequestContext } from '../context.ts';
import { ApiError, sendJson, stringField } from '../http.ts';
import { checkPassword } from '../passwords.ts';
import { refreshGrant, startSession } from '../sessions.ts';
import { normalizeEmail } from '../state.ts';

/** `POST /token?grant_type=password|refresh_token`. */
export async function token(ctx: RequestContext): Promise<void> {
  const grantType = ctx.url.searchParams.get('grant_type');
  if (grantType === 'password') return passwordGrant(ctx);
  if (grantType === 'refresh_token') return refreshTokenGrant(ctx);
  throw new ApiError(400, 'validation_failed', `unsupported_grant_type: ${grantType ?? '(none)'}`);
}

async function passwordGrant(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  emu.limiter.hit('signIn', ctx.ip);
  const body = await ctx.body();
  const email = stringField(body, 'email');
  const password = stringField(body, 'password') ?? '';
  if (!email) throw new ApiError(400, 'validation_failed', 'An email address and a password are required');
  const user = emu.store.userByEmail(normalizeEmail(email));
  if (!user || !(await checkPassword(password, user.password_hash))) {
    throw new ApiError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  if (!user.email_confirmed_at) throw new ApiError(400, 'email_not_confirmed', 'Email not confirmed');
  sendJson(ctx.res, 200, await startSession(emu, user, 'password'));
}

async function refreshTokenGrant(ctx: RequestContext): Promise<void> {
  ctx.emu.limiter.hit('tokenRefresh', ctx.ip);
  const body = await ctx.body();
  const refreshToken = stringField(body, 'refresh_token');
  if (!refreshToken) throw new ApiError(400, 'validation_failed', 'refresh_token required');
  sendJson(ctx.res, 200, await refreshGrant(ctx.emu, refreshToken));
}
