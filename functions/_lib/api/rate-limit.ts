import type { RateLimitResult } from '../../../workers/rate-limiter/index';
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

async function count(env: Env, key: string, limit: number, what: string): Promise<void> {
  if (limit === 0) return;
  if (!env.RATE_LIMITER)
    throw new Error('RATE_LIMITER binding missing: run workers/rate-limiter beside the Pages project');
  let r: RateLimitResult;
  try {
    r = await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key)).hit(limit, PERIOD_MS);
  } catch (err) {
    console.error('api: rate limiter unavailable', err instanceof Error ? err.message : String(err));
    throw new ApiError('unavailable', 'Service temporarily unavailable: retry shortly');
  }
  if (r.allowed) return;
  const e = new ApiError('rate_limited', `Too many requests ${what}: retry in ${r.retryAfterSeconds} s`, {
    retryAfterSeconds: r.retryAfterSeconds,
  });
  e.headers = { 'Retry-After': String(r.retryAfterSeconds) };
  throw e;
}

/** Counts a request against its client address; throws 429 when over (run before authentication). */
export function limitAddress(request: Request, env: Env): Promise<void> {
  const limit = setting(env.API_RATE_LIMIT_IP_PER_MINUTE, RATE_LIMIT_IP_PER_MINUTE);
  return count(env, addressKey(request.headers.get('CF-Connecting-IP')), limit, 'from this address');
}

/** Counts a request against its authenticated caller (user or key id); throws 429 when over. */
export function limitCaller(actorId: string, env: Env): Promise<void> {
  const limit = setting(env.API_RATE_LIMIT_PER_MINUTE, RATE_LIMIT_PER_MINUTE);
  return count(env, `caller:${actorId}`, limit, 'from this caller');
}
