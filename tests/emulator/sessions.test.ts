import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, LOCAL_AUTH } from '../../src/shared/demo-accounts.ts';
import type { Harness } from './harness.ts';
import { startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());
afterEach(() => h.clock.reset());

async function signInDemo() {
  const client = h.client();
  const { data, error } = await client.auth.signInWithPassword(DEMO_ACCOUNTS.demo);
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

describe('access tokens', () => {
  it('verify against the JWKS with jose (ES256, iss, aud) and carry the Supabase claims', async () => {
    const { session } = await signInDemo();
    const jwks = createRemoteJWKSet(new URL(`${h.url}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(session.access_token, jwks, {
      algorithms: ['ES256'],
      issuer: `${h.url}/auth/v1`,
      audience: LOCAL_AUTH.audience,
    });
    expect(protectedHeader.alg).toBe('ES256');
    const keys = (await (await fetch(`${h.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(keys.keys.map((k) => k.kid)).toEqual([protectedHeader.kid]);
    expect(payload).toMatchObject({
      sub: DEMO_ACCOUNTS.demo.id,
      email: DEMO_ACCOUNTS.demo.email,
      role: 'authenticated',
      aal: 'aal1',
      session_id: expect.any(String),
    });
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBe(payload.exp);
  });

  it('are rejected by a verifier expecting another issuer', async () => {
    const { session } = await signInDemo();
    const jwks = createRemoteJWKSet(new URL(`${h.url}/auth/v1/.well-known/jwks.json`));
    await expect(
      jwtVerify(session.access_token, jwks, { issuer: 'https://example.supabase.co/auth/v1' }),
    ).rejects.toThrow();
  });

  it('pass supabase-js getClaims (client-side JWKS verification)', async () => {
    const { client } = await signInDemo();
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(DEMO_ACCOUNTS.demo.id);
    const { session } = (await client.auth.getSession()).data;
    expect(decodeProtectedHeader(session!.access_token).kid).toBe(data?.header.kid);
  });

  it('are refused once expired, with bad_jwt', async () => {
    const { session } = await signInDemo();
    h.clock.advance(3601_000);
    const res = await h.api('/auth/v1/user', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'bad_jwt' });
  });
});

describe('refresh-token rotation', () => {
  it('rotates the refresh token on every use', async () => {
    const { client, session } = await signInDemo();
    const { data, error } = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.access_token).not.toBe(session.access_token);
  });

  it('returns the currently active token when a rotated one is reused within 10 s', async () => {
    const { session } = await signInDemo();
    const first = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    const active = first.data.session!.refresh_token;
    h.clock.advance(9_000);
    const reuse = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toBeNull();
    expect(reuse.data.session?.refresh_token).toBe(active);
    const next = await h.client().auth.refreshSession({ refresh_token: active });
    expect(next.error).toBeNull();
  });

  it('revokes the whole session family when a rotated token is reused after 10 s', async () => {
    const { session } = await signInDemo();
    const first = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    const active = first.data.session!;
    h.clock.advance(11_000);
    const reuse = await h.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');

    const descendant = await h.client().auth.refreshSession({ refresh_token: active.refresh_token });
    expect(descendant.error?.code).toBe('refresh_token_not_found');
    const res = await h.api('/auth/v1/user', { headers: { authorization: `Bearer ${active.access_token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('rejects an unknown refresh token', async () => {
    const { error } = await h.client().auth.refreshSession({ refresh_token: 'nope' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });
});

describe('user', () => {
  it('requires a bearer token', async () => {
    const res = await h.api('/auth/v1/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: 'no_authorization',
      error_code: 'no_authorization',
      msg: expect.any(String),
    });
  });

  it('updateUser merges user_metadata (data) and the new claims appear after refresh', async () => {
    const { client } = await h.confirmedUser();
    const first = await client.auth.updateUser({ data: { display_name: 'Grace', theme: 'dark' } });
    expect(first.error).toBeNull();
    expect(first.data.user?.user_metadata).toEqual({ display_name: 'Grace', theme: 'dark' });
    const second = await client.auth.updateUser({ data: { theme: null, team: 'core' } });
    expect(second.data.user?.user_metadata).toEqual({ display_name: 'Grace', team: 'core' });
    const { data } = await client.auth.getUser();
    expect(data.user?.user_metadata).toEqual({ display_name: 'Grace', team: 'core' });
    const refreshed = await client.auth.refreshSession();
    const payload = JSON.parse(
      Buffer.from(refreshed.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    );
    expect(payload.user_metadata).toEqual({ display_name: 'Grace', team: 'core' });
  });

  it('changes the email after the link sent to the new address is verified', async () => {
    const { client, email } = await h.confirmedUser();
    const newEmail = `new-${email}`;
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    const message = await h.lastEmail(newEmail);
    expect(message.type).toBe('email_change');
    expect(message.links[0]).toContain('/auth/confirm?token_hash=');
    expect(message.links[0]).toContain('type=email_change');
    const verified = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(newEmail);
    expect(verified.data.user?.new_email).toBeUndefined();
  });

  it('refuses an email already used by another account', async () => {
    const { client } = await h.confirmedUser();
    const { error } = await client.auth.updateUser({ email: DEMO_ACCOUNTS.other.email });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });
});

describe('logout', () => {
  it('scope local ends only the current session', async () => {
    const a = await signInDemo();
    const b = await signInDemo();
    const { error } = await a.client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    expect((await a.client.auth.getSession()).data.session).toBeNull();
    const stale = await h.client().auth.getUser(a.session.access_token);
    expect(stale.error?.name).toBe('AuthSessionMissingError');
    expect((await b.client.auth.getUser()).data.user?.id).toBe(DEMO_ACCOUNTS.demo.id);
    expect((await h.client().auth.refreshSession({ refresh_token: a.session.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
  });

  it('scope others keeps the current session and ends the rest', async () => {
    const { client: c1 } = await h.confirmedUser('password-one');
    const email = (await c1.auth.getUser()).data.user!.email!;
    const c2 = h.client();
    await c2.auth.signInWithPassword({ email, password: 'password-one' });
    expect((await c1.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await c1.auth.getUser()).error).toBeNull();
    expect((await c2.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('scope global ends every session of the user', async () => {
    const { client: c1, email, password } = await h.confirmedUser();
    const c2 = h.client();
    await c2.auth.signInWithPassword({ email, password });
    const before = (await c2.auth.getSession()).data.session!;
    expect((await c1.auth.signOut({ scope: 'global' })).error).toBeNull();
    const res = await h.api('/auth/v1/user', { headers: { authorization: `Bearer ${before.access_token}` } });
    expect(res.status).toBe(403);
    expect((await h.client().auth.refreshSession({ refresh_token: before.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
  });
});
