import { afterEach, describe, expect, it, vi } from 'vitest';
import { importJWK, SignJWT } from 'jose';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { testEnv } from './helpers';

/**
 * The JWKS at the Supabase URL is cached, and refetched when a token names a key id the cache does not know (key
 * rotation), no more often than jose's cooldown allows. Runs against its own issuer (`/rotating`) on the test JWKS
 * server, whose key set gains `test-key-2` on request and which counts its fetches.
 */
const env = testEnv as typeof testEnv & { TEST_JWT_ROTATED_PRIVATE_JWK: string };
const base = `${env.PUBLIC_SUPABASE_URL}/rotating`;
const issuer = `${base}/auth/v1`;
const rotatingEnv = { ...env, PUBLIC_SUPABASE_URL: base };

async function signed(kid: 'test-key-1' | 'test-key-2'): Promise<string> {
  const jwk = JSON.parse(kid === 'test-key-1' ? env.TEST_JWT_PRIVATE_JWK : env.TEST_JWT_ROTATED_PRIVATE_JWK);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: 'rotation@example.com',
    role: 'authenticated',
    aal: 'aal1',
    session_id: crypto.randomUUID(),
  })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setSubject('rotation-user')
    .setIssuer(issuer)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(jwk, 'ES256'));
}

async function listProjects(token: string): Promise<number> {
  const res = await handleApi(
    new Request('https://dash.test/api/v1/projects', { headers: { Authorization: `Bearer ${token}` } }),
    rotatingEnv,
    () => {},
  );
  await res.body?.cancel();
  return res.status;
}

const fetches = async () => ((await (await fetch(`${base}/__fetches`)).json()) as { fetches: number }).fetches;

afterEach(() => {
  vi.useRealTimers();
});

describe('JWKS cache and key rotation', () => {
  it('fetches the key set once, refetches it for an unknown kid after the cooldown, and accepts the new key', async () => {
    expect(await listProjects(await signed('test-key-1'))).toBe(200);
    expect(await listProjects(await signed('test-key-1'))).toBe(200);
    expect(await fetches()).toBe(1);

    // The auth server starts signing with a key published after our fetch.
    await fetch(`${base}/__rotate`, { method: 'POST' });
    const rotatedToken = await signed('test-key-2');
    // Within the cooldown an unknown kid does not trigger a fetch (a flood of made-up kids cannot hammer the JWKS).
    expect(await listProjects(rotatedToken)).toBe(401);
    expect(await fetches()).toBe(1);

    // After the cooldown (30 s) the unknown kid makes jose refetch, and the new key is accepted; the old one still is.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    expect(await listProjects(await signed('test-key-2'))).toBe(200);
    expect(await fetches()).toBe(2);
    expect(await listProjects(await signed('test-key-1'))).toBe(200);
    expect(await fetches()).toBe(2);
  });
});
