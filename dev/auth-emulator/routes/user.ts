import type { RequestContext } from '../context.ts';
import { nowIso } from '../context.ts';
import { GoTrueError, sendJson, stringField } from '../gotrue-http.ts';
import { allowedRedirect, assertEmailFrequency, sendOneTimeToken } from '../mailer.ts';
import { assertPasswordAllowed, checkPassword, hashPassword } from '../passwords.ts';
import { sessionOfRequest } from '../sessions.ts';
import { mergeMetadata, parseEmail, serializeUser } from '../users.ts';

/** `GET /user`: the signed-in user. */
export async function getUser(ctx: RequestContext): Promise<void> {
  const { user } = await sessionOfRequest(ctx);
  sendJson(ctx.res, 200, serializeUser(user));
}

/**
 * `PUT /user`: change password (other sessions are signed out), merge `data` into user_metadata, or start an email
 * change (a confirmation link goes to the new address). With a verified MFA factor, password and email changes need
 * an aal2 session.
 */
export async function updateUser(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  const { user, session } = await sessionOfRequest(ctx);
  const body = await ctx.body();
  const password = stringField(body, 'password');
  const email = body.email === undefined ? undefined : parseEmail(body.email);
  const data = body.data;
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data))) {
    throw new GoTrueError(400, 'validation_failed', '"data" must be a JSON object');
  }
  const changesEmail = email !== undefined && email !== user.email;
  const hasVerifiedFactor = user.factors.some((f) => f.status === 'verified');
  if ((password !== undefined || changesEmail) && hasVerifiedFactor && session.aal !== 'aal2') {
    throw new GoTrueError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (password !== undefined) {
    assertPasswordAllowed(password);
    if (await checkPassword(password, user.password_hash)) {
      throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.');
    }
  }
  if (changesEmail) {
    const owner = emu.store.userByEmail(email);
    if (owner && owner.id !== user.id) {
      throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    assertEmailFrequency(emu, user, 'email_change');
  }

  if (password !== undefined) {
    user.password_hash = await hashPassword(password, emu.options.bcryptCost);
    emu.store.deleteSessions((s) => s.user_id === user.id && s.id !== session.id);
  }
  if (data !== undefined) user.user_metadata = mergeMetadata(user.user_metadata, data as Record<string, unknown>);
  if (changesEmail) {
    user.new_email = email;
    sendOneTimeToken(emu, user, 'email_change', email, allowedRedirect(emu, ctx.url.searchParams.get('redirect_to')));
  }
  user.updated_at = nowIso(emu);
  sendJson(ctx.res, 200, serializeUser(user));
}
