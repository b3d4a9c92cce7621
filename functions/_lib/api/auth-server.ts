import { z } from 'zod';
import { ApiError } from './request-response';

/**
 * What the auth server (Supabase Auth / GoTrue, locally dev/auth-emulator) says about the session behind an access
 * token, asked with `GET /auth/v1/user` and the token itself. The JWT alone cannot tell that its session was signed
 * out everywhere, that the user has a verified MFA factor, or that the email is confirmed; this answer can.
 *
 * Cost: one HTTP round trip to the auth server per session and isolate every {@link SESSION_CACHE_MS} (answers are
 * cached per session id, in-flight lookups shared); failures are not cached. So a session deleted on the auth server
 * (sign out of every device, password change, refresh-token reuse) is refused by an isolate within 30 s.
 */
export interface SessionFacts {
  userId: string;
  /** The user's current email (lower case), or null. */
  email: string | null;
  /** `email_confirmed_at` is set: the auth server has seen proof that the user owns `email`. */
  emailConfirmed: boolean;
  /** At least one MFA factor with status `verified`. */
  hasVerifiedFactor: boolean;
  isAnonymous: boolean;
}

export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;
const TIMEOUT_MS = 5_000;

const userSchema = z.object({
  id: z.string(),
  email: z.string().nullish(),
  email_confirmed_at: z.string().nullish(),
  is_anonymous: z.boolean().nullish(),
  factors: z
    .array(z.object({ status: z.string() }))
    .nullish()
    .catch(null),
});

const cache = new Map<string, { expires: number; facts: Promise<SessionFacts> }>();

/** Invalid or signed-out token: the generic 401. */
const refused = () => new ApiError('unauthorized', 'Missing or invalid credentials');
const unavailable = () =>
  new ApiError('unavailable', 'Could not check your session with the auth server: retry shortly');

async function ask(issuer: string, apikey: string, token: string, sub: string): Promise<SessionFacts> {
  let res: Response;
  try {
    res = await fetch(`${issuer}/user`, {
      headers: { Authorization: `Bearer ${token}`, apikey, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw unavailable();
  }
  // GoTrue answers 403 (`session_not_found`, `user_not_found`, `bad_jwt`) for a token it no longer honours; a 401 is
  // about the apikey (configuration), anything else is the server's trouble: both fail closed without blaming the user.
  if (res.status === 403) throw refused();
  if (!res.ok) {
    console.error('api: auth server answered', res.status, 'to GET /user');
    throw unavailable();
  }
  const parsed = userSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw unavailable();
  const u = parsed.data;
  if (u.id !== sub) throw refused();
  return {
    userId: u.id,
    email: u.email ? u.email.toLowerCase() : null,
    emailConfirmed: Boolean(u.email_confirmed_at),
    hasVerifiedFactor: (u.factors ?? []).some((f) => f.status === 'verified'),
    isAnonymous: u.is_anonymous === true,
  };
}

/** The facts of the session `sessionId` of user `sub`, from the per-isolate cache or the auth server. */
export function sessionFacts(
  issuer: string,
  apikey: string,
  token: string,
  claims: { sub: string; sessionId: string },
  now: number,
): Promise<SessionFacts> {
  const key = `${issuer} ${claims.sub} ${claims.sessionId}`;
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.facts;
  if (hit) cache.delete(key);
  const facts = ask(issuer, apikey, token, claims.sub);
  if (cache.size >= MAX_ENTRIES) {
    for (const [k, v] of cache) if (v.expires <= now || cache.size >= MAX_ENTRIES) cache.delete(k);
  }
  cache.set(key, { expires: now + SESSION_CACHE_MS, facts });
  facts.catch(() => {
    if (cache.get(key)?.facts === facts) cache.delete(key);
  });
  return facts;
}
