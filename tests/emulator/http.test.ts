import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, createAuthEmulator } from '../../dev/auth-emulator/server.ts';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import type { Harness } from './harness.ts';
import { startHarness, uniqueEmail } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

describe('CORS', () => {
  it('answers the preflight for a loopback dashboard origin', async () => {
    const res = await fetch(`${h.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    const allowed = res.headers.get('access-control-allow-headers')!.split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version']),
    );
  });

  it('reflects 127.0.0.1 origins on responses and exposes the API version header', async () => {
    const res = await h.api('/auth/v1/settings', { headers: { origin: 'http://127.0.0.1:8788' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8788');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('does not allow foreign origins', async () => {
    const res = await h.api('/auth/v1/settings', { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('API key, settings and health', () => {
  it('requires the apikey on API routes but not on JWKS, health or the inbox', async () => {
    const res = await fetch(`${h.url}/auth/v1/settings`);
    expect(res.status).toBe(401);
    expect((await fetch(`${h.url}/auth/v1/.well-known/jwks.json`)).status).toBe(200);
    expect((await fetch(`${h.url}/auth/v1/health`)).status).toBe(200);
    expect((await fetch(`${h.url}/inbox/api/messages`)).status).toBe(200);
    expect((await fetch(`${h.url}/auth/v1/settings?apikey=${LOCAL_ANON_KEY}`)).status).toBe(200);
  });

  it('serves settings with email on and autoconfirm off', async () => {
    const settings = await (await h.api('/auth/v1/settings')).json();
    expect(settings).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it('answers 404 in the GoTrue error shape for unknown routes', async () => {
    const res = await h.api('/auth/v1/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('inbox', () => {
  it('lists messages newest first as JSON and HTML, filters by recipient and can be emptied', async () => {
    const a = uniqueEmail('inbox-a');
    const b = uniqueEmail('inbox-b');
    await h.client().auth.signUp({ email: a, password: 'correct-horse' });
    await h.client().auth.signUp({ email: b, password: 'correct-horse' });
    const all = await h.inbox();
    expect(all.map((m) => m.to).slice(0, 2)).toEqual([b, a]);
    const onlyA = await h.inbox(a.toUpperCase());
    expect(onlyA).toHaveLength(1);
    expect(Object.keys(onlyA[0]!)).toEqual(
      expect.arrayContaining(['id', 'to', 'subject', 'type', 'html', 'text', 'links', 'token_hash', 'created_at']),
    );

    const page = await fetch(`${h.url}/inbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html.indexOf(b)).toBeLessThan(html.indexOf(a));
    expect(html).toContain('Confirm your signup');
    expect(html).toContain(`href="${onlyA[0]!.links[0]!.replaceAll('&', '&#38;')}"`);

    const one = await (await fetch(`${h.url}/inbox/api/messages/${onlyA[0]!.id}`)).json();
    expect(one.id).toBe(onlyA[0]!.id);

    expect((await fetch(`${h.url}/inbox/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await h.inbox()).toEqual([]);
  });
});

describe('persistence', () => {
  it('keeps the signing key, users and sessions across restarts of the same state file', async () => {
    const { email, password } = await h.confirmedUser('persist-me-please');
    const { data } = await h.client().auth.signInWithPassword({ email, password });
    const token = data.session!.access_token;
    const kid = ((await (await fetch(`${h.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] })
      .keys[0]!.kid;

    const second = await createAuthEmulator({ port: 0, stateFile: h.stateFile, bcryptCost: 4 });
    try {
      const jwks = (await (await fetch(`${second.url}/auth/v1/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys[0]!.kid).toBe(kid);
      await expect(
        jwtVerify(token, createRemoteJWKSet(new URL(`${second.url}/auth/v1/.well-known/jwks.json`)), {
          issuer: `${h.url}/auth/v1`,
        }),
      ).resolves.toBeTruthy();
      const res = await fetch(`${second.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status).toBe(200);
      const demo = await fetch(`${second.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_ACCOUNTS.demo),
      });
      expect(((await demo.json()) as { user: { id: string } }).user.id).toBe(DEMO_ACCOUNTS.demo.id);
    } finally {
      await second.close();
    }
  });
});
