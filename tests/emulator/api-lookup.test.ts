import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';
import { startHarness } from './harness.ts';

/**
 * `GET /auth/v1/user` with a user's own access token, as the data API asks it for every session
 * (functions/_lib/api/auth-server.ts): the emulator must answer what GoTrue answers.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimits: false });
});
afterAll(() => h.stop());

const getUser = (accessToken: string) =>
  h.api('/auth/v1/user', { headers: { authorization: `Bearer ${accessToken}` } });

describe('GET /user for the data API', () => {
  it('answers 403 session_not_found for the token of a session signed out everywhere', async () => {
    const { client: c1, email, password } = await h.confirmedUser();
    const other = h.client();
    const { data } = await other.auth.signInWithPassword({ email, password });
    const stolen = data.session!.access_token;
    expect((await getUser(stolen)).status).toBe(200);
    expect((await c1.auth.signOut({ scope: 'global' })).error).toBeNull();
    const res = await getUser(stolen);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('session_not_found');
  });

  it('lists a verified TOTP factor; a later password-only token is aal1', async () => {
    const { client, email, password } = await h.confirmedUser();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled.data!.totp.secret;
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: h.clock.now(),
    });
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code });
    expect(verified.error).toBeNull();
    const second = await h.client().auth.signInWithPassword({ email, password });
    const token = second.data.session!.access_token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aal: string };
    expect(claims.aal).toBe('aal1');
    const user = (await (await getUser(token)).json()) as { factors: { id: string; status: string }[] };
    expect(user.factors).toEqual([expect.objectContaining({ id: enrolled.data!.id, status: 'verified' })]);
  });

  it('carries email_confirmed_at, which user_metadata cannot change', async () => {
    const { client } = await h.confirmedUser();
    await client.auth.updateUser({ data: { email_verified: false } });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const user = (await (await getUser(token)).json()) as {
      email_confirmed_at?: string;
      is_anonymous: boolean;
      user_metadata: Record<string, unknown>;
    };
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    expect(user.user_metadata.email_verified).toBe(false);
    expect(user.is_anonymous).toBe(false);
  });
});
