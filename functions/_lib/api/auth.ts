import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Mode } from '../../../src/shared/api/common';
import { findActiveKeyByHash, touchKey } from '../db/api-keys';
import { sha256Hex } from './crypto';
import { ApiError } from './http';

/** Who is calling: a dashboard user (Supabase JWT) or a project secret key. */
export type Principal =
  | { kind: 'user'; userId: string; email: string | null; emailVerified: boolean }
  | { kind: 'key'; keyId: string; projectId: string; mode: Mode };

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

/** Verifies the Authorization header: ES256 Supabase access token or `sk_test_…`/`sk_live_…` secret key. */
export async function authenticate(
  request: Request,
  env: Env,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Principal> {
  const header = request.headers.get('Authorization');
  const m = header ? /^Bearer ([^\s]+)$/.exec(header) : null;
  if (!m) throw INVALID();
  const token = m[1]!;
  if (token.length > MAX_TOKEN) throw INVALID();

  if (/^(pk|sk)_(test|live)_/.test(token)) {
    if (token.startsWith('pk_'))
      throw new ApiError('unauthorized', 'Publishable keys cannot call the management API; use a secret key');
    const key = await findActiveKeyByHash(env.DB, await sha256Hex(token), Date.now());
    if (!key || !token.startsWith(`sk_${key.mode}_`)) throw INVALID();
    waitUntil(touchKey(env.DB, key.id, Date.now()).catch(() => {}));
    return { kind: 'key', keyId: key.id, projectId: key.projectId, mode: key.mode };
  }

  const base = (env.PUBLIC_SUPABASE_URL ?? '').replace(/\/+$/, '');
  if (!base) throw INVALID();
  const issuer = `${base}/auth/v1`;
  try {
    const { payload } = await jwtVerify(token, jwks(issuer), {
      algorithms: ['ES256'],
      issuer,
      audience: 'authenticated',
      requiredClaims: ['exp', 'sub'],
      clockTolerance: 5,
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 100) throw INVALID();
    if (payload.role !== undefined && payload.role !== 'authenticated') throw INVALID();
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
    const meta = payload.user_metadata as Record<string, unknown> | undefined;
    // Supabase puts `email_verified` in user_metadata; the emulator may also send it top-level.
    const emailVerified = payload.email_verified === true || meta?.email_verified === true;
    return { kind: 'user', userId: payload.sub, email, emailVerified };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw INVALID();
  }
}
