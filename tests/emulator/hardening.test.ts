import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../dev/auth-emulator/context.ts';
import { allowedRedirect } from '../../dev/auth-emulator/mailer.ts';
import type { Harness } from './harness.ts';
import { startHarness, uniqueEmail } from './harness.ts';

const SITE = 'http://127.0.0.1:8788';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ siteUrl: SITE });
});
afterAll(() => h.stop());

/** A raw HTTP request, so the Host header can be set to anything (fetch sets it from the URL). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: h.emulator.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function signupToken(): Promise<string> {
  const email = uniqueEmail('hardening');
  await h.client().auth.signUp({ email, password: 'correct-horse' });
  return (await h.lastEmail(email)).token_hash;
}

describe('redirect_to is compared by parsed origin', () => {
  const emu = { options: { siteUrl: SITE } } as Emulator;

  it.each([
    ['http://127.0.0.1:8788/auth/callback', 'http://127.0.0.1:8788/auth/callback'],
    ['http://127.0.0.1:8788', 'http://127.0.0.1:8788/'],
    ['http://localhost:4321/welcome?x=1', 'http://localhost:4321/welcome?x=1'],
    ['http://[::1]:3000/', 'http://[::1]:3000/'],
    ['http://127.0.0.1:8788@evil.com/', undefined],
    ['http://127.0.0.1:8788@evil.com', undefined],
    ['http://user:pass@127.0.0.1:8788/', undefined],
    ['http://user@localhost:4321/', undefined],
    ['http://127.0.0.1:8788.evil.com/', undefined],
    ['http://localhost.evil.com/', undefined],
    ['http://127.0.0.1.nip.io/', undefined],
    ['https://evil.com/?http://127.0.0.1:8788', undefined],
    ['//evil.com', undefined],
    ['/relative', undefined],
    ['javascript:alert(1)//127.0.0.1:8788', undefined],
    ['ftp://127.0.0.1:8788/', undefined],
    ['not a url', undefined],
  ])('%s → %s', (value, expected) => expect(allowedRedirect(emu, value)).toBe(expected));

  it('GET /verify with a good token never redirects to a look-alike origin (falls back to the site URL)', async () => {
    const token = await signupToken();
    const link = `${h.url}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent('http://127.0.0.1:8788@evil.com/')}`;
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.host).toBe('127.0.0.1:8788');
    expect(location.username).toBe('');
  });

  it('GET /verify with a bad token answers an error and redirects nowhere, whatever redirect_to says', async () => {
    for (const redirectTo of ['http://127.0.0.1:8788@evil.com/', 'http://localhost:4321/welcome']) {
      const link = `${h.url}/auth/v1/verify?token=not-a-token&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`;
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 'otp_expired', error_code: 'otp_expired' });
    }
  });

  it('GET /verify with a bad token opened by a browser gets an HTML error page, not a redirect', async () => {
    const res = await fetch(`${h.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent(SITE)}`, {
      redirect: 'manual',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Email link is invalid or has expired');
  });

  it('a look-alike redirect_to passed at sign-up never reaches the email link', async () => {
    const email = uniqueEmail('hardening-link');
    await h.client().auth.signUp({
      email,
      password: 'correct-horse',
      options: { emailRedirectTo: 'http://127.0.0.1:8788@evil.com/' },
    });
    const message = await h.lastEmail(email);
    expect(message.links.join(' ')).not.toContain('evil.com');
  });
});

describe('rate limits key on the socket address', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({ rateLimits: { verify: { max: 3, windowSeconds: 300 } } });
  });
  afterAll(() => limited.stop());

  it('a different X-Forwarded-For on each request does not reset the verify limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.api('/auth/v1/verify', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ type: 'signup', token_hash: `bogus-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});

describe('the inbox answers loopback Host names only (no DNS rebinding)', () => {
  const paths: [string, string][] = [
    ['GET', '/inbox'],
    ['GET', '/inbox/'],
    ['GET', '/inbox/api/messages'],
    ['GET', '/inbox/api/messages/some-id'],
    ['DELETE', '/inbox/api/messages?to=nobody@example.test'],
  ];

  it.each(paths)('%s %s refuses a foreign Host', async (method, path) => {
    const port = h.emulator.port;
    for (const host of [
      `evil.com:${port}`,
      'evil.com',
      `127.0.0.1.evil.com:${port}`,
      `localhost.evil.com:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `10.0.0.1:${port}`,
    ]) {
      const res = await raw(method, path, { host });
      expect(res.status, host).toBe(403);
      expect(res.body, host).not.toContain('token_hash');
    }
  });

  it.each(paths)('%s %s answers 127.0.0.1, localhost and [::1] with the port', async (method, path) => {
    const port = h.emulator.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const res = await raw(method, path, { host });
      expect(res.status, host).not.toBe(403);
    }
  });

  it('a rebinding page cannot read a code from the inbox', async () => {
    const email = uniqueEmail('rebind');
    await h.client().auth.signUp({ email, password: 'correct-horse' });
    const { token_hash: tokenHash } = await h.lastEmail(email);
    const res = await raw('GET', `/inbox/api/messages?to=${encodeURIComponent(email)}`, {
      host: `attacker.example:${h.emulator.port}`,
    });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain(tokenHash);
    const page = await raw('GET', `/inbox?to=${encodeURIComponent(email)}`, {
      host: `attacker.example:${h.emulator.port}`,
    });
    expect(page.body).not.toContain(tokenHash);
  });
});
