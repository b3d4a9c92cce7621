import { LOCAL_SERVICE_ROLE_KEY } from '../config.ts';
import type { RequestContext } from '../context.ts';
import { nowIso } from '../context.ts';
import { GoTrueError, bearerToken, sendJson } from '../gotrue-http.ts';
import { allowedRedirect, sendOneTimeToken } from '../mailer.ts';
import { mergeMetadata, newUser, parseEmail, serializeUser } from '../users.ts';

/** Admin endpoints need the service role key as the bearer token. */
export function assertServiceRole(ctx: RequestContext): void {
  const token = bearerToken(ctx.req);
  if (!token) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  if (token !== LOCAL_SERVICE_ROLE_KEY) throw new GoTrueError(403, 'not_admin', 'User not allowed');
}

/** `POST /invite` (service role): create or re-invite an unconfirmed user and email an invite link. */
export async function invite(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  assertServiceRole(ctx);
  const body = await ctx.body();
  const email = parseEmail(body.email);
  const data =
    body.data && typeof body.data === 'object' && !Array.isArray(body.data)
      ? (body.data as Record<string, unknown>)
      : {};
  const redirectTo = allowedRedirect(emu, ctx.url.searchParams.get('redirect_to'));
  let user = emu.store.userByEmail(email);
  if (user?.email_confirmed_at) {
    throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (user) {
    user.user_metadata = mergeMetadata(user.user_metadata, data);
    user.invited_at = nowIso(emu);
    user.updated_at = nowIso(emu);
  } else {
    user = newUser(emu, email, { user_metadata: data, invited_at: nowIso(emu) });
    emu.store.data.users.push(user);
  }
  sendOneTimeToken(emu, user, 'invite', email, redirectTo);
  sendJson(ctx.res, 200, serializeUser(user));
}
