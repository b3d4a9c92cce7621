import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMember, api, authServer, newProject, token } from './helpers';

/**
 * What the API asks the auth server (`GET /auth/v1/user` with the caller's own token) and what it does with the
 * answer: MFA owed (`mfa_required`), sessions signed out everywhere, invites only for confirmed emails, anonymous users.
 * The auth server here is the fake one of tests/workers/api-setup/jwks-server.ts; auth-emulator.test.ts does the same
 * against the real local emulator.
 */

const TOTP = (status: 'verified' | 'unverified') => [{ id: crypto.randomUUID(), factor_type: 'totp', status }];

afterEach(() => vi.restoreAllMocks());

describe('MFA is enforced by the API', () => {
  it('refuses a password-only (aal1) token of a user with a verified factor: 401 mfa_required', async () => {
    await authServer.setUser('mfa-user', { factors: TOTP('verified') });
    const res = await api('GET', '/projects', await token('mfa-user', { claims: { aal: 'aal1' } }));
    expect(res.status, res.text).toBe(401);
    expect(res.body.error.code).toBe('mfa_required');
    expect(res.headers.get('WWW-Authenticate')).toMatch(/insufficient_user_authentication/);
    // A token without any aal claim is no better than aal1.
    const bare = await api('GET', '/projects', await token('mfa-user', { claims: { aal: undefined } }));
    expect(bare.body.error.code).toBe('mfa_required');
  });

  it('accepts the aal2 token of the same user (password + totp)', async () => {
    await authServer.setUser('mfa-user-2', { factors: TOTP('verified') });
    const t = await token('mfa-user-2', {
      claims: {
        aal: 'aal2',
        amr: [
          { method: 'totp', timestamp: 1 },
          { method: 'password', timestamp: 1 },
        ],
      },
    });
    expect((await api('GET', '/projects', t)).status).toBe(200);
  });

  it('an unverified (abandoned) factor does not make MFA owed', async () => {
    await authServer.setUser('mfa-user-3', { factors: TOTP('unverified') });
    expect((await api('GET', '/projects', await token('mfa-user-3'))).status).toBe(200);
  });

  it('applies on project routes before membership is looked at', async () => {
    const p = await newProject('mfa-owner');
    await authServer.setUser('mfa-owner', { factors: TOTP('verified') });
    const res = await api('DELETE', `/projects/${p.id}`, await token('mfa-owner'));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('mfa_required');
    expect((await api('GET', `/projects/${p.id}`, await token('mfa-owner', { claims: { aal: 'aal2' } }))).status).toBe(
      200,
    );
  });
});

describe('sessions signed out everywhere', () => {
  it('a token whose session was revoked is refused (401 unauthorized)', async () => {
    const sid = crypto.randomUUID();
    const t = await token('so-user', { claims: { session_id: sid } });
    await authServer.revokeSession(sid);
    const res = await api('GET', '/projects', t);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('answers are cached per session for 30 s: a revoked session stops working within that', async () => {
    const sid = crypto.randomUUID();
    const t = await token('cache-user', { claims: { session_id: sid } });
    for (let i = 0; i < 3; i++) expect((await api('GET', '/projects', t)).status).toBe(200);
    expect(await authServer.lookups(sid)).toBe(1);
    await authServer.revokeSession(sid);
    expect((await api('GET', '/projects', t)).status).toBe(200);
    const later = Date.now() + 31_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await api('GET', '/projects', t)).status).toBe(401);
    expect(await authServer.lookups(sid)).toBe(2);
  });

  it('a token without session_id is refused', async () => {
    const res = await api('GET', '/projects', await token('no-sid', { claims: { session_id: undefined } }));
    expect(res.status).toBe(401);
  });

  it('fails closed when the auth server cannot answer: 503 unavailable, not cached', async () => {
    await authServer.setUser('down-user', { down: true });
    const sid = crypto.randomUUID();
    const t = await token('down-user', { claims: { session_id: sid } });
    const res = await api('GET', '/projects', t);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    await authServer.setUser('down-user', { down: false });
    expect((await api('GET', '/projects', t)).status).toBe(200);
  });
});

describe('invites trust only what the auth server proves', () => {
  it('user_metadata.email_verified (which any user can set) does not claim an invite; email_confirmed_at does', async () => {
    const p = await newProject('inv2-owner');
    const email = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const inv = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'developer' });
    expect(inv.status, inv.text).toBe(201);
    await authServer.setUser('inv2-user', { email, email_confirmed_at: null });
    const forged = await token('inv2-user', {
      email,
      claims: { email_verified: true, user_metadata: { email_verified: true } },
    });
    expect((await api('GET', `/projects/${p.id}`, forged)).status).toBe(404);
    expect((await api('GET', '/projects', forged)).body.data.map((x: any) => x.id)).not.toContain(p.id);
    await authServer.setUser('inv2-user', { email_confirmed_at: '2026-11-01T00:00:00Z' });
    const confirmed = await token('inv2-user', { email });
    const res = await api('GET', `/projects/${p.id}`, confirmed);
    expect(res.status, res.text).toBe(200);
    expect(res.body.role).toBe('developer');
  });

  it('the invite goes to the email the auth server has, not the token’s claim', async () => {
    const p = await newProject('inv3-owner');
    const email = `boss-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'admin' });
    await authServer.setUser('inv3-user', { email: 'someone-else@example.com' });
    expect((await api('GET', `/projects/${p.id}`, await token('inv3-user', { email }))).status).toBe(404);
  });
});

describe('anonymous users', () => {
  const anon = (sub: string) => token(sub, { email: '', claims: { is_anonymous: true } });

  it('cannot create a project (403) but can list (nothing)', async () => {
    const res = await api('POST', '/projects', await anon('anon-1'), { name: 'Anon project' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/anonymous/i);
    const list = await api('GET', '/projects', await anon('anon-1'));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  it('cannot change a project or its data even as a member', async () => {
    const p = await newProject('anon-owner');
    await addMember(p.id, 'anon-2', 'admin');
    const t = await anon('anon-2');
    expect((await api('GET', `/projects/${p.id}`, t)).status).toBe(200);
    const rename = await api('PATCH', `/projects/${p.id}`, t, { name: 'x', version: 1 });
    expect(rename.status).toBe(403);
    expect(rename.body.error.message).toMatch(/anonymous/i);
    const wallet = await api('POST', `/projects/${p.id}/test/users`, t, { name: 'u' });
    expect(wallet.status).toBe(403);
  });

  it('the auth server’s is_anonymous counts even when the token does not say so', async () => {
    await authServer.setUser('anon-3', { is_anonymous: true });
    const res = await api('POST', '/projects', await token('anon-3'), { name: 'Anon project' });
    expect(res.status).toBe(403);
  });
});
