import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Mode } from '../../../src/shared/api/common';
import { findActiveKeyByHash, touchKey } from '../db/api-keys';
import { directoryOf } from '../db/shards';
import { sessionFacts } from './auth-server';
import { sha256Hex } from './crypto';
import { ApiError } from './request-response';

/**
 * Who is calling: a dashboard user (Supabase JWT) or a project secret key. A user's `email` and `emailVerified` come
 * from the auth server (`email_confirmed_at`), never from claims the user can write (user_metadata).
 */
export type Principal =
  | { kind: 'user'; userId: string; email: string | null; emailVerified: boolean; isAnonymous: boolean }
  | {
      kind: 'key';
      keyId: string;
      projectId: string;
      mode: Mode;
      scopes: string[];
      /** Where the key's project lives (functions/_lib/db/shards.ts), read with the key. */
      project: ProjectPlace;
      /** The key's restrictions (docs/api.md "Key restrictions"): allowlist (empty: any address) and own limit. */
      allowedIps: string[];
      rateLimitPerMinute: number | null;
    };

/** A project's shard and, while `npm run shards:move` copies it, until when its writes wait. */
export interface ProjectPlace {
  shard: number | null;
  movingUntil: number | null;
}

const INVALID = () => new ApiError('unauthorized', 'Missing or invalid credentials');
const MAX_TOKEN = 4096;

const jwksCache = new Map<string, JWTVerifyGetKey>();

/** The JWKS of the configured Supabase project: cached per isolate, refetched by jose when a `kid` is unknown. */
function jwks(issuer: string): JWTVerifyGetKey {
  let set = jwksCache.get(issuer);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), {
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
      timeoutDuration: 5_000,
    });
    jwksCache.set(issuer, set);
  }
  return set;
}

/**
 * Verifies the Authorization header: ES256 Supabase access token or `sk_test_…`/`sk_live_…` secret key. `now` is the
 * router's clock: a rotated key's grace period ends by it (tests inject one to cross the end without sleeping).
 */
export async function authenticate(
  request: Request,
  env: Env,
  waitUntil: (p: Promise<unknown>) => void,
  now: number = Date.now(),
): Promise<Principal> {
  const header = request.headers.get('Authorization');
  const m = header ? /^Bearer ([^\s]+)$/.exec(header) : null;
  if (!m) throw INVALID();
  const token = m[1]!;
  if (token.length > MAX_TOKEN) throw INVALID();

  if (/^(pk|sk)_(test|live)_/.test(token)) {
    if (token.startsWith('pk_'))
      throw new ApiError('unauthorized', 'Publishable keys cannot call the management API; use a secret key');
    const key = await findActiveKeyByHash(directoryOf(env), await sha256Hex(token), now);
    if (!key || !token.startsWith(`sk_${key.mode}_`)) throw INVALID();
    // A project in the trash refuses its keys with a code of its own: the caller learns why, and that it can come back.
    if (key.projectTrashed)
      throw new ApiError(
        'project_deleted',
        'The project of this key was deleted: an owner can restore it from the projects home within 7 days',
      );
    waitUntil(touchKey(directoryOf(env), key.id, now).catch(() => {}));
    return {
      kind: 'key',
      keyId: key.id,
      projectId: key.projectId,
      mode: key.mode,
      scopes: key.scopes,
      project: { shard: key.shard, movingUntil: key.movingUntil },
      allowedIps: key.allowedIps,
      rateLimitPerMinute: key.rateLimitPerMinute,
    };
  }

  const base = (env.PUBLIC_SUPABASE_URL ?? '').replace(/\/+$/, '');
  if (!base) throw INVALID();
  const issuer = `${base}/auth/v1`;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks(issuer), {
      algorithms: ['ES256'],
      issuer,
      audience: 'authenticated',
      requiredClaims: ['exp', 'sub', 'session_id'],
      clockTolerance: 5,
    }));
  } catch {
    throw INVALID();
  }
  const sub = payload.sub;
  const sessionId = payload.session_id;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 100) throw INVALID();
  if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > 100) throw INVALID();
  if (payload.role !== undefined && payload.role !== 'authenticated') throw INVALID();
  // The token cannot say whether its session was signed out everywhere, whether the user has a verified MFA factor,
  // or whether the email is confirmed: the auth server can (cached per session, see auth-server.ts).
  const facts = await sessionFacts(issuer, env.PUBLIC_SUPABASE_ANON_KEY ?? '', token, { sub, sessionId }, Date.now());
  if (payload.aal !== 'aal2' && facts.hasVerifiedFactor)
    throw new ApiError('mfa_required', 'Your account uses two-factor authentication: sign in with your code first');
  return {
    kind: 'user',
    userId: sub,
    email: facts.email,
    emailVerified: facts.emailConfirmed,
    isAnonymous: payload.is_anonymous === true || facts.isAnonymous,
  };
}
