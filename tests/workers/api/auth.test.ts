import { describe, expect, it } from 'vitest';
import { base64url } from '../../../functions/_lib/api/crypto';
import { api, ISSUER, newProject, testEnv, token } from './helpers';

const enc = (o: unknown) => base64url(new TextEncoder().encode(JSON.stringify(o)));
const now = () => Math.floor(Date.now() / 1000);

async function hs256WithPublicKey(): Promise<string> {
  // The classic confusion attack: HMAC "signed" with the public JWK as the secret.
  const jwks = await (await fetch(`${ISSUER}/.well-known/jwks.json`)).json<{ keys: Record<string, string>[] }>();
  const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
  const head = `${enc({ alg: 'HS256', typ: 'JWT', kid: 'test-key-1' })}.${enc({ sub: 'u', aud: 'authenticated', iss: ISSUER, exp: now() + 600 })}`;
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `${head}.${base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(head))))}`;
}

describe('bad tokens are a generic 401', () => {
  const cases: [string, () => Promise<string>][] = [
    [
      'alg none',
      async () =>
        `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: 'u', aud: 'authenticated', iss: ISSUER, exp: now() + 600 })}.`,
    ],
    ['HS256 signed with the public key', hs256WithPublicKey],
    ['unknown kid', () => token('u', { header: { kid: 'nope' } })],
    ['expired', () => token('u', { exp: now() - 60 })],
    ['not yet valid', () => token('u', { nbf: now() + 3600 })],
    ['wrong aud', () => token('u', { aud: 'anon' })],
    ['wrong iss', () => token('u', { iss: 'https://evil.example.com/auth/v1' })],
    ['2 segments', async () => (await token('u')).split('.').slice(0, 2).join('.')],
    ['4 segments', async () => `${await token('u')}.AAAA`],
    ['8 KB token', async () => `${await token('u')}${'A'.repeat(8192)}`],
    [
      'tampered payload',
      async () => {
        const [h, , s] = (await token('u')).split('.');
        return `${h}.${enc({ sub: 'admin', aud: 'authenticated', iss: ISSUER, exp: now() + 600 })}.${s}`;
      },
    ],
    ['publishable key', async () => 'pk_test_abcdef'],
    ['unknown secret key', async () => 'sk_test_doesnotexist'],
    ['garbage', async () => 'hello'],
  ];
  it.each(cases)('%s', async (_name, make) => {
    const res = await api('GET', '/projects', await make());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.text).not.toMatch(/stack|at \w+ \(|jose|JWS|JWT(Claim|Expired)/);
  });

  it('no header, wrong scheme', async () => {
    expect((await api('GET', '/projects', null)).status).toBe(401);
    const res = await api('GET', '/projects', null, undefined, { Authorization: `Basic ${btoa('a:b')}` });
    expect(res.status).toBe(401);
  });

  it('a valid token works', async () => {
    expect((await api('GET', '/projects', await token('u-valid'))).status).toBe(200);
  });
});

describe('secret keys', () => {
  it('rotation keeps the old key for the grace period; revoke stops it', async () => {
    const p = await newProject('key-owner');
    const list = await api('GET', `/projects/${p.id}/test/api-keys`, p.ownerToken);
    const secretKey = list.body.data.find((k: any) => k.type === 'secret');
    const rotated = await api('POST', `/projects/${p.id}/test/api-keys/${secretKey.id}/rotate`, p.ownerToken, {
      gracePeriodSeconds: 3600,
    });
    expect(rotated.status, rotated.text).toBe(201);
    expect(rotated.body.secret).toMatch(/^sk_test_/);
    expect((await api('GET', `/projects/${p.id}/test/wallets`, p.secretTest)).status).toBe(200);
    expect((await api('GET', `/projects/${p.id}/test/wallets`, rotated.body.secret)).status).toBe(200);
    // Grace period over: the old key stops working.
    await testEnv.DB.prepare('UPDATE api_keys SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, secretKey.id)
      .run();
    expect((await api('GET', `/projects/${p.id}/test/wallets`, p.secretTest)).status).toBe(401);
    expect((await api('DELETE', `/projects/${p.id}/test/api-keys/${rotated.body.id}`, p.ownerToken)).status).toBe(204);
    expect((await api('GET', `/projects/${p.id}/test/wallets`, rotated.body.secret)).status).toBe(401);
    const after = await api('GET', `/projects/${p.id}/test/api-keys/${rotated.body.id}`, p.ownerToken);
    expect(after.body.status).toBe('revoked');
  });

  it('records last use', async () => {
    const p = await newProject('key-owner-2');
    await api('GET', `/projects/${p.id}/test/users`, p.secretTest);
    const keys = await api('GET', `/projects/${p.id}/test/api-keys`, p.ownerToken);
    expect(keys.body.data.find((k: any) => k.type === 'secret').lastUsedAt).not.toBeNull();
  });
});

describe('rate limit', () => {
  it('answers 429 with the error shape once a caller is over the limit', async () => {
    // More in rate-limit.test.ts (per address before authentication, Retry-After).
    const t = await token('rl-user');
    const before = testEnv.API_RATE_LIMIT_PER_MINUTE;
    (testEnv as unknown as Record<string, string>).API_RATE_LIMIT_PER_MINUTE = '2';
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await api('GET', '/projects', t)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const res = await api('GET', '/projects', t);
      expect(res.body.error.code).toBe('rate_limited');
    } finally {
      testEnv.API_RATE_LIMIT_PER_MINUTE = before;
    }
  });
});
