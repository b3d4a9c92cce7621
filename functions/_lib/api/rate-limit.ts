import type { LockResult, RateLimitResult } from '../../../workers/rate-limiter/index';
import { ApiError } from './request-response';

/**
 * Rate limits that hold across isolates: each key is counted by one Durable Object (`RATE_LIMITER`, defined by the
 * companion Worker in `workers/rate-limiter/`; Pages Functions cannot bind Workers Rate Limiting `[[ratelimits]]`).
 *
 * - Before authentication, per client address (`CF-Connecting-IP`; IPv6 by its /64), so floods of made-up bearer
 *   tokens or `sk_live_…` guesses are limited: `API_RATE_LIMIT_IP_PER_MINUTE` (default 3000).
 * - After authentication, per caller (user or key): `API_RATE_LIMIT_PER_MINUTE` (default 1200).
 *
 * `0` turns a limit off (the API scale bench does). With a limit on and no binding every request fails closed (500),
 * as it does when the limiter cannot be reached (503): a misconfigured deployment is noticed, not silently unlimited.
 */
export const RATE_LIMIT_PER_MINUTE = 1200;
export const RATE_LIMIT_IP_PER_MINUTE = 3000;
const PERIOD_MS = 60_000;

/** A limit setting: a non-negative integer, else the default. */
function setting(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
}

/** The rate-limit key of a client address: IPv4 as is, IPv6 by its /64 (one subscriber's usual allocation). */
export function addressKey(ip: string | null): string {
  if (!ip) return 'ip:unknown';
  if (!ip.includes(':')) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `ip6:${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The key's counter object; fails closed without the binding (500) or when it cannot be reached (503). */
async function limiter<T>(
  env: Env,
  key: string,
  call: (o: DurableObjectStub<import('../../../workers/rate-limiter/index').RateLimiter>) => Promise<T>,
): Promise<T> {
  if (!env.RATE_LIMITER)
    throw new Error('RATE_LIMITER binding missing: run workers/rate-limiter beside the Pages project');
  try {
    return await call(env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key)));
  } catch (err) {
    console.error('api: rate limiter unavailable', err instanceof Error ? err.message : String(err));
    throw new ApiError('unavailable', 'Service temporarily unavailable: retry shortly');
  }
}

/** A 429 with `Retry-After` (header and `details.retryAfterSeconds`). */
export function tooMany(message: string, retryAfterSeconds: number, details: Record<string, unknown> = {}): ApiError {
  const e = new ApiError('rate_limited', message, { ...details, retryAfterSeconds });
  e.headers = { 'Retry-After': String(retryAfterSeconds) };
  return e;
}

async function count(env: Env, key: string, limit: number, what: string, periodMs = PERIOD_MS): Promise<void> {
  if (limit === 0) return;
  const r: RateLimitResult = await limiter(env, key, (o) => o.hit(limit, periodMs));
  if (r.allowed) return;
  throw tooMany(`Too many requests ${what}: retry in ${r.retryAfterSeconds} s`, r.retryAfterSeconds);
}

/** Counts a request against its client address; throws 429 when over (run before authentication). */
export function limitAddress(request: Request, env: Env): Promise<void> {
  const limit = setting(env.API_RATE_LIMIT_IP_PER_MINUTE, RATE_LIMIT_IP_PER_MINUTE);
  return count(env, addressKey(request.headers.get('CF-Connecting-IP')), limit, 'from this address');
}

/** The project's own limit per caller, requests per minute (0: none). */
export const callerLimit = (env: Env): number => setting(env.API_RATE_LIMIT_PER_MINUTE, RATE_LIMIT_PER_MINUTE);

/**
 * Counts a request against its authenticated caller (user or key id); throws 429 when over. A secret key with a
 * limit of its own (docs/api.md "Key restrictions") is counted by the same counter against that lower limit (or the
 * project's, should that have been lowered below the key's since).
 */
export function limitCaller(actorId: string, env: Env, keyLimit: number | null = null): Promise<void> {
  const project = callerLimit(env);
  if (keyLimit === null || (project > 0 && project <= keyLimit))
    return count(env, `caller:${actorId}`, project, 'from this caller');
  return count(env, `caller:${actorId}`, keyLimit, `for this key (its limit is ${keyLimit} per minute)`);
}

/**
 * Limits of costly actions (docs/api.md "Rate limits"), each counted across isolates under its own key:
 * `limit` per `periodMs`; `what` ends the 429's message ("… replays of this webhook: retry in 42 s").
 */
export function limitAction(env: Env, key: string, limit: number, periodMs: number, what: string): Promise<void> {
  return count(env, key, limit, what, periodMs);
}

/** Spends `cost` of a budget (`limit` per `periodMs`); a 429 spends nothing. */
export async function spendBudget(
  env: Env,
  key: string,
  cost: number,
  limit: number,
  periodMs: number,
  message: (retryAfterSeconds: number, remaining: number) => string,
): Promise<void> {
  if (limit === 0 || cost === 0) return;
  const r: RateLimitResult = await limiter(env, key, (o) => o.spend(limit, periodMs, cost));
  if (!r.allowed)
    throw tooMany(message(r.retryAfterSeconds, r.remaining), r.retryAfterSeconds, { remaining: r.remaining });
}

/** A held lock: renew it while working (at most one call in flight), release it when done (idempotent). */
export interface HeldLock {
  renew(): Promise<void>;
  release(): Promise<void>;
}

/**
 * One holder at a time per key (the Durable Object's lock); the lock lapses `ttlMs` after its last renewal, so a
 * holder that died blocks no one for long. Busy: 409 with `message` and `Retry-After`.
 */
export async function acquireLock(env: Env, key: string, ttlMs: number, message: string): Promise<HeldLock> {
  const r: LockResult = await limiter(env, key, (o) => o.acquire(ttlMs));
  const token = r.token;
  if (!r.acquired || !token) {
    const e = new ApiError('conflict', message, { reason: 'busy', retryAfterSeconds: r.retryAfterSeconds });
    e.headers = { 'Retry-After': String(r.retryAfterSeconds) };
    throw e;
  }
  const stub = () => env.RATE_LIMITER!.get(env.RATE_LIMITER!.idFromName(key));
  let released = false;
  return {
    renew: async () => {
      if (!released) await stub().renew(token, ttlMs);
    },
    release: async () => {
      if (released) return;
      released = true;
      await stub().release(token);
    },
  };
}
