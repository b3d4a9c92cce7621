import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_REUSE_INTERVAL_SECONDS } from './config.ts';
import type { Emulator, RequestContext } from './context.ts';
import { nowIso } from './context.ts';
import { GoTrueError, bearerToken } from './gotrue-http.ts';
import type { RefreshTokenRecord, SessionRecord, UserRecord } from './state.ts';
import type { AccessTokenClaims } from './tokens.ts';
import { newUuid, newRefreshToken } from './tokens.ts';
import { serializeUser } from './users.ts';

/** An authenticated request: the verified claims, the live session and its user. */
export interface Authenticated {
  claims: AccessTokenClaims;
  session: SessionRecord;
  user: UserRecord;
}

function issueRefreshToken(emu: Emulator, session: SessionRecord, parent: string | null): RefreshTokenRecord {
  const record: RefreshTokenRecord = {
    token: newRefreshToken(),
    session_id: session.id,
    user_id: session.user_id,
    parent,
    revoked: false,
    revoked_at: null,
    created_at: nowIso(emu),
  };
  emu.store.data.refreshTokens.push(record);
  return record;
}

/** The session response auth-js expects: access and refresh tokens, expiry and the user. */
export async function sessionResponse(emu: Emulator, session: SessionRecord, user: UserRecord, refreshToken: string) {
  const { token, expiresAt } = await emu.signer.sign({
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: false,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: serializeUser(user),
  };
}

/** Start a new aal1 session for a user who just proved `method` (password, email link…). */
export async function issueSession(emu: Emulator, user: UserRecord, method: string) {
  const now = nowIso(emu);
  const session: SessionRecord = {
    id: newUuid(),
    user_id: user.id,
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(emu.options.now() / 1000) }],
    factor_id: null,
    created_at: now,
    updated_at: now,
  };
  emu.store.data.sessions.push(session);
  user.last_sign_in_at = now;
  const refresh = issueRefreshToken(emu, session, null);
  return sessionResponse(emu, session, user, refresh.token);
}

/**
 * Refresh-token grant with rotation. A rotated token presented again within the reuse interval answers with the
 * session's currently active token; any later reuse is treated as theft and revokes the whole session.
 */
export async function refreshGrant(emu: Emulator, token: string) {
  const { store } = emu;
  const record = store.data.refreshTokens.find((t) => t.token === token);
  const session = record && store.session(record.session_id);
  const user = session && store.userById(session.user_id);
  if (!record || !session || !user) {
    throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (record.revoked) {
    const active = store.data.refreshTokens.find((t) => t.session_id === session.id && !t.revoked);
    const withinReuse =
      record.revoked_at !== null && emu.options.now() - record.revoked_at <= REFRESH_REUSE_INTERVAL_SECONDS * 1000;
    if (active && withinReuse) {
      session.updated_at = nowIso(emu);
      return sessionResponse(emu, session, user, active.token);
    }
    store.deleteSessions((s) => s.id === session.id);
    throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  record.revoked = true;
  record.revoked_at = emu.options.now();
  session.updated_at = nowIso(emu);
  const next = issueRefreshToken(emu, session, record.token);
  return sessionResponse(emu, session, user, next.token);
}

/** Rotate the session's active refresh token (after an AAL change) and answer with fresh tokens. */
export async function reissue(emu: Emulator, session: SessionRecord, user: UserRecord) {
  const now = emu.options.now();
  let parent: string | null = null;
  for (const t of emu.store.data.refreshTokens) {
    if (t.session_id === session.id && !t.revoked) {
      t.revoked = true;
      t.revoked_at = now;
      parent = t.token;
    }
  }
  const next = issueRefreshToken(emu, session, parent);
  return sessionResponse(emu, session, user, next.token);
}

/** Require a valid access token whose session and user still exist (GoTrue's 401/403 answers otherwise). */
export async function sessionOfRequest(ctx: RequestContext): Promise<Authenticated> {
  const token = bearerToken(ctx.req);
  if (!token) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await ctx.emu.signer.verify(token);
  const user = ctx.emu.store.userById(claims.sub);
  if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const session = ctx.emu.store.session(claims.session_id);
  if (!session || session.user_id !== user.id) {
    throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, session, user };
}
