import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import type { Harness } from './harness.ts';
import { startHarness, uniqueEmail } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

describe('admin invite', () => {
  it('invite (service role) → inbox → verifyOtp(invite) → set a password → sign in', async () => {
    const email = uniqueEmail('invitee');
    const { data, error } = await h.admin().auth.admin.inviteUserByEmail(email, { data: { invited_by: 'demo' } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const message = await h.lastEmail(email);
    expect(message.type).toBe('invite');
    expect(message.links[0]).toBe(`http://127.0.0.1:8788/auth/confirm?token_hash=${message.token_hash}&type=invite`);

    // No password yet: a password sign-in cannot succeed.
    expect((await h.client().auth.signInWithPassword({ email, password: 'anything-at-all' })).error?.code).toBe(
      'invalid_credentials',
    );

    const client = h.client();
    const verified = await client.auth.verifyOtp({ token_hash: message.token_hash, type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(data.user?.id);
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.user_metadata).toEqual({ invited_by: 'demo' });

    expect((await client.auth.updateUser({ password: 'invitee-password' })).error).toBeNull();
    const signIn = await h.client().auth.signInWithPassword({ email, password: 'invitee-password' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(data.user?.id);

    const reused = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'invite' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('refuses the anon key', async () => {
    const { error } = await h.client().auth.admin.inviteUserByEmail(uniqueEmail());
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('not_admin');
  });

  it('refuses an address that already has a confirmed account', async () => {
    const { error } = await h.admin().auth.admin.inviteUserByEmail(DEMO_ACCOUNTS.other.email);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });
});
