import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { addressKey } from '../../../functions/_lib/api/rate-limit';
import { testEnv, token } from './helpers';

/** Calls the API with its own limits (the suite's defaults are high) from a given client address. */
async function call(limits: { perCaller?: number; perAddress?: number }, ip: string, auth: string) {
  const env: Env = {
    ...testEnv,
    API_RATE_LIMIT_PER_MINUTE: String(limits.perCaller ?? 1_000_000),
    API_RATE_LIMIT_IP_PER_MINUTE: String(limits.perAddress ?? 1_000_000),
  };
  const res = await handleApi(
    new Request('https://dash.test/api/v1/projects', {
      headers: { Authorization: `Bearer ${auth}`, 'CF-Connecting-IP': ip },
    }),
    env,
    () => {},
  );
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), body: await res.json<any>() };
}

const uniqueIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const randomHex = (n: number) =>
  [...crypto.getRandomValues(new Uint8Array(n))].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('rate limits (Durable Object counters, docs/api.md "Rate limits")', () => {
  it('limits a flood of made-up credentials per client address before authentication, with Retry-After', async () => {
    const ip = `2001:db8:${randomHex(2)}::${randomHex(2)}`;
    const limits = { perAddress: 4 };
    for (let i = 0; i < 4; i++) {
      const guess = i % 2 ? `sk_live_${randomHex(24)}` : `eyJ${randomHex(40)}.${randomHex(20)}.${randomHex(20)}`;
      expect((await call(limits, ip, guess)).status).toBe(401);
    }
    const over = await call(limits, ip, `sk_live_${randomHex(24)}`);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    const retry = Number(over.retryAfter);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Even a valid token from that address waits: the limit runs before authentication.
    expect((await call(limits, ip, await token('rl-valid-user'))).status).toBe(429);
    // Another address in the same /64 shares the budget; an address elsewhere does not.
    expect((await call(limits, ip.replace(/::.*$/, '::1'), 'bad')).status).toBe(429);
    expect((await call(limits, uniqueIp(), 'bad')).status).toBe(401);
  });

  it('limits each authenticated caller across addresses, with Retry-After', async () => {
    const sub = `rl-caller-${randomHex(6)}`;
    const t = await token(sub);
    const limits = { perCaller: 3 };
    for (let i = 0; i < 3; i++) expect((await call(limits, uniqueIp(), t)).status).toBe(200);
    const over = await call(limits, uniqueIp(), t);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(over.body.error.details.retryAfterSeconds).toBe(Number(over.retryAfter));
    // Another caller is not affected.
    expect((await call(limits, uniqueIp(), await token(`${sub}-other`))).status).toBe(200);
  });

  it('keys IPv6 clients by their /64', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:0001::9')).toBe('ip6:2001:db8:1:0::/64');
    expect(addressKey('203.0.113.9')).toBe('ip:203.0.113.9');
    expect(addressKey(null)).toBe('ip:unknown');
  });
});
