import { MAX_ENROLLED_FACTORS, MFA_CHALLENGE_TTL_SECONDS } from '../config.ts';
import type { RequestContext } from '../context.ts';
import { nowIso } from '../context.ts';
import { GoTrueError, sendJson, stringField } from '../gotrue-http.ts';
import { isValidTotp, newTotpSecret, totpEnrollment } from '../mfa.ts';
import { sessionOfRequest, reissue } from '../sessions.ts';
import type { FactorRecord, UserRecord } from '../state.ts';
import { newUuid } from '../tokens.ts';

function findFactor(user: UserRecord, id: string | undefined): FactorRecord {
  const factor = user.factors.find((f) => f.id === id);
  if (!factor) throw new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** `POST /factors`: enroll an unverified TOTP factor; answers with its secret, `otpauth://` URI and QR code. */
export async function enrollFactor(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  const { user, session } = await sessionOfRequest(ctx);
  const body = await ctx.body();
  const factorType = body.factor_type;
  if (factorType === 'phone' || factorType === 'webauthn') {
    throw new GoTrueError(422, `mfa_${factorType}_enroll_not_enabled`, `MFA enroll is disabled for ${factorType}`);
  }
  if (factorType !== 'totp') {
    throw new GoTrueError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  const friendlyName = stringField(body, 'friendly_name')?.trim() ?? '';
  if (friendlyName && user.factors.some((f) => f.friendly_name === friendlyName)) {
    throw new GoTrueError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  if (user.factors.length >= MAX_ENROLLED_FACTORS) {
    throw new GoTrueError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (user.factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
    throw new GoTrueError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  const issuer = stringField(body, 'issuer') || new URL(emu.options.siteUrl).host;
  const secret = newTotpSecret();
  const now = nowIso(emu);
  const factor: FactorRecord = {
    id: newUuid(),
    friendly_name: friendlyName,
    factor_type: 'totp',
    status: 'unverified',
    secret,
    created_at: now,
    updated_at: now,
  };
  user.factors.push(factor);
  user.updated_at = now;
  sendJson(ctx.res, 200, {
    id: factor.id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: await totpEnrollment(secret, issuer, user.email),
  });
}

/** `POST /factors/{id}/challenge`: a challenge valid for five minutes. */
export async function challengeFactor(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  emu.limiter.hit('mfa', ctx.ip);
  const { user } = await sessionOfRequest(ctx);
  const factor = findFactor(user, ctx.params[0]);
  const createdAt = emu.options.now();
  const challenge = {
    id: newUuid(),
    factor_id: factor.id,
    user_id: user.id,
    ip: ctx.ip,
    created_at: createdAt,
    verified: false,
  };
  emu.store.data.challenges.push(challenge);
  factor.last_challenged_at = nowIso(emu);
  sendJson(ctx.res, 200, {
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor(createdAt / 1000) + MFA_CHALLENGE_TTL_SECONDS,
  });
}

/**
 * `POST /factors/{id}/verify` with `{ challenge_id, code }`: marks the factor verified, raises the session to aal2
 * (adding `totp` to `amr`), ends the user's other aal1 sessions and answers with fresh tokens.
 */
export async function verifyFactor(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  const { store } = emu;
  emu.limiter.hit('mfa', ctx.ip);
  const { user, session } = await sessionOfRequest(ctx);
  const factor = findFactor(user, ctx.params[0]);
  const body = await ctx.body();
  const code = stringField(body, 'code')?.trim() ?? '';
  if (!code) throw new GoTrueError(400, 'validation_failed', 'Code needs to be non-empty');
  const challengeId = stringField(body, 'challenge_id');
  const challenge = store.data.challenges.find((c) => c.id === challengeId && c.factor_id === factor.id);
  if (!challenge) {
    throw new GoTrueError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  }
  if (challenge.verified || challenge.ip !== ctx.ip) {
    throw new GoTrueError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  const now = emu.options.now();
  if (now - challenge.created_at > MFA_CHALLENGE_TTL_SECONDS * 1000) {
    store.data.challenges = store.data.challenges.filter((c) => c !== challenge);
    throw new GoTrueError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (!isValidTotp(factor.secret, code, now)) {
    throw new GoTrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  }

  challenge.verified = true;
  const iso = nowIso(emu);
  factor.status = 'verified';
  factor.updated_at = iso;
  user.factors = user.factors.filter((f) => f.status === 'verified' || f.factor_type !== factor.factor_type);
  user.updated_at = iso;
  session.aal = 'aal2';
  session.factor_id = factor.id;
  session.amr = [
    ...session.amr.filter((e) => e.method !== 'totp'),
    { method: 'totp', timestamp: Math.floor(now / 1000) },
  ];
  session.updated_at = iso;
  store.deleteSessions((s) => s.user_id === user.id && s.id !== session.id && s.aal !== 'aal2');
  sendJson(ctx.res, 200, await reissue(emu, session, user));
}

/** `DELETE /factors/{id}`: remove a factor (a verified one needs an aal2 session); sessions that used it drop to aal1. */
export async function unenrollFactor(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  const { store } = emu;
  const { user, session } = await sessionOfRequest(ctx);
  const factor = findFactor(user, ctx.params[0]);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new GoTrueError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  user.factors = user.factors.filter((f) => f !== factor);
  user.updated_at = nowIso(emu);
  store.data.challenges = store.data.challenges.filter((c) => c.factor_id !== factor.id);
  for (const s of store.data.sessions) {
    if (s.factor_id === factor.id) {
      s.aal = 'aal1';
      s.factor_id = null;
      s.amr = s.amr.filter((e) => e.method !== 'totp');
    }
  }
  sendJson(ctx.res, 200, { id: factor.id });
}
