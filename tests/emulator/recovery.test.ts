import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';
import { startHarness, uniqueEmail } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ siteUrl: 'http://localhost:8788' });
});
afterAll(() => h.stop());
afterEach(() => h.clock.reset());

describe('password recovery', () => {
  it('recover → email → verifyOtp(recovery) → updateUser(password) → sign in with the new password', async () => {
    const { email, client: firstDevice } = await h.confirmedUser('old-password');
    const client = h.client();
    const { error } = await client.auth.resetPasswordForEmail(email);
    expect(error).toBeNull();

    const message = await h.lastEmail(email);
    expect(message.type).toBe('recovery');
    expect(message.subject).toBe('Reset your password');
    expect(message.links).toEqual([
      `http://localhost:8788/auth/reset-password?token_hash=${message.token_hash}&type=recovery`,
    ]);

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const verified = await client.auth.verifyOtp({ token_hash: message.token_hash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    const payload = JSON.parse(Buffer.from(verified.data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(payload.amr[0].method).toBe('recovery');

    const updated = await client.auth.updateUser({ password: 'new-password' });
    expect(updated.error).toBeNull();

    expect((await h.client().auth.signInWithPassword({ email, password: 'old-password' })).error?.code).toBe(
      'invalid_credentials',
    );
    const signIn = await h.client().auth.signInWithPassword({ email, password: 'new-password' });
    expect(signIn.error).toBeNull();
    // A password change signs out the user's other sessions.
    expect((await firstDevice.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await h.api('/auth/v1/recover', { method: 'POST', body: JSON.stringify({ email }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const { error } = await h.client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(await h.inbox(email)).toEqual([]);
  });

  it('expires recovery links after one hour', async () => {
    const { email } = await h.confirmedUser();
    await h.client().auth.resetPasswordForEmail(email);
    const message = await h.lastEmail(email);
    h.clock.advance(3601_000);
    const { error } = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'recovery' });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('otp_expired');
  });

  it('limits recovery emails to one a minute per user', async () => {
    const { email } = await h.confirmedUser();
    expect((await h.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const again = await h.client().auth.resetPasswordForEmail(email);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    h.clock.advance(60_000);
    expect((await h.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await h.inbox(email)).toHaveLength(3);
  });

  it('refuses the same password and too-short passwords on update', async () => {
    const { client, password } = await h.confirmedUser();
    const same = await client.auth.updateUser({ password });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: '1234567' });
    expect(weak.error?.code).toBe('weak_password');
  });
});
