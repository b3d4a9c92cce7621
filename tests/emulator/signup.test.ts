import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import type { Harness } from './harness.ts';
import { startHarness, uniqueEmail } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ siteUrl: 'http://127.0.0.1:9999' });
});
afterAll(() => h.stop());
afterEach(() => h.clock.reset());

describe('sign-up with email confirmation', () => {
  it('creates an unconfirmed user, emails a confirm link, and verifyOtp(signup) opens a session', async () => {
    const client = h.client();
    const email = uniqueEmail();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toEqual({ name: 'Ada' });

    const messages = await h.inbox(email);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ to: email, type: 'signup', subject: 'Confirm your signup' });
    expect(message?.links).toEqual([
      `http://127.0.0.1:9999/auth/confirm?token_hash=${message?.token_hash}&type=signup`,
    ]);
    expect(message?.html).toContain(message?.links[0]?.replaceAll('&', '&#38;'));

    const verified = await client.auth.verifyOtp({ token_hash: message!.token_hash, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.id).toBe(data.user?.id);
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    const { data: current } = await client.auth.getUser();
    expect(current.user?.email).toBe(email);

    const signIn = await h.client().auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.user.id).toBe(data.user?.id);
  });

  it('refuses sign-in before the email is confirmed', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: 'correct-horse' });
    const { data, error } = await h.client().auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.message).toBe('Email not confirmed');
  });

  it('answers invalid_credentials for a wrong password and for an unknown email alike', async () => {
    const wrong = await h
      .client()
      .auth.signInWithPassword({ email: DEMO_ACCOUNTS.demo.email, password: 'not-the-password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await h.client().auth.signInWithPassword({ email: uniqueEmail(), password: 'whatever-123' });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('rejects a reused token_hash with otp_expired (403)', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: 'correct-horse' });
    const message = await h.lastEmail(email);
    const first = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'signup' });
    expect(first.error).toBeNull();
    const again = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'signup' });
    expect(again.data.session).toBeNull();
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
  });

  it('rejects a token_hash older than 24 hours with otp_expired', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: 'correct-horse' });
    const message = await h.lastEmail(email);
    h.clock.advance(24 * 3600_000 + 1000);
    const { error } = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'signup' });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('otp_expired');
  });

  it('rejects a token_hash used with the wrong type', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: 'correct-horse' });
    const message = await h.lastEmail(email);
    const { error } = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'recovery' });
    expect(error?.code).toBe('otp_expired');
    const ok = await h.client().auth.verifyOtp({ token_hash: message.token_hash, type: 'signup' });
    expect(ok.error).toBeNull();
  });

  it('accepts the 6-digit code from the email with verifyOtp({ email, token })', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: 'correct-horse' });
    const message = await h.lastEmail(email);
    expect(message.text).toContain(message.otp);
    const { data, error } = await h.client().auth.verifyOtp({ email, token: message.otp, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('enforces 8–72 bytes with weak_password / validation_failed', async () => {
    const short = await h.client().auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(short.error?.status).toBe(422);
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.name).toBe('AuthWeakPasswordError');
    expect((short.error as { reasons?: string[] }).reasons).toEqual(['length']);
    expect(short.error?.message).toMatch(/at least 8 characters/);

    const long = await h.client().auth.signUp({ email: uniqueEmail(), password: 'é'.repeat(37) });
    expect(long.error?.status).toBe(400);
    expect(long.error?.code).toBe('validation_failed');
    expect(long.error?.message).toMatch(/72 bytes/);

    const exactly72 = await h.client().auth.signUp({ email: uniqueEmail(), password: 'a'.repeat(72) });
    expect(exactly72.error).toBeNull();
    const noRules = await h.client().auth.signUp({ email: uniqueEmail(), password: 'aaaaaaaa' });
    expect(noRules.error).toBeNull();
  });

  it('rejects a malformed email', async () => {
    const { error } = await h.client().auth.signUp({ email: 'not-an-email', password: 'correct-horse' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });

  it('does not reveal an existing confirmed account on sign-up and sends no email', async () => {
    const before = await h.inbox(DEMO_ACCOUNTS.demo.email);
    const { data, error } = await h
      .client()
      .auth.signUp({ email: DEMO_ACCOUNTS.demo.email, password: 'another-password' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(DEMO_ACCOUNTS.demo.id);
    expect(await h.inbox(DEMO_ACCOUNTS.demo.email)).toHaveLength(before.length);
    const signIn = await h.client().auth.signInWithPassword(DEMO_ACCOUNTS.demo);
    expect(signIn.error).toBeNull();
  });

  it('resends the confirmation (after the 60 s email frequency) and invalidates the previous link', async () => {
    const email = uniqueEmail();
    const client = h.client();
    await client.auth.signUp({ email, password: 'correct-horse' });
    const first = await h.lastEmail(email);

    const tooSoon = await client.auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');

    h.clock.advance(61_000);
    const { error } = await client.auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const second = await h.lastEmail(email);
    expect(second.id).not.toBe(first.id);
    expect(second.type).toBe('signup');

    const stale = await client.auth.verifyOtp({ token_hash: first.token_hash, type: 'signup' });
    expect(stale.error?.code).toBe('otp_expired');
    const fresh = await client.auth.verifyOtp({ token_hash: second.token_hash, type: 'signup' });
    expect(fresh.error).toBeNull();
  });

  it('seeds the demo accounts, confirmed, with their fixed ids', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const { data, error } = await h
        .client()
        .auth.signInWithPassword({ email: account.email, password: account.password });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(account.id);
      expect(data.user?.email_confirmed_at).toBeTruthy();
    }
  });

  it('GET /verify redirects to the site with the session in the fragment; a failure answers the error', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: 'correct-horse' });
    const message = await h.lastEmail(email);
    const link = `${h.url}/auth/v1/verify?token=${message.token_hash}&type=signup&redirect_to=${encodeURIComponent('http://localhost:4321/welcome')}`;
    const ok = await fetch(link, { redirect: 'manual' });
    expect(ok.status).toBe(303);
    const location = new URL(ok.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:4321/welcome');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('refresh_token')).toBeTruthy();
    expect(fragment.get('type')).toBe('signup');

    const reused = await fetch(link, { redirect: 'manual' });
    expect(reused.status).toBe(403);
    expect(reused.headers.get('location')).toBeNull();
    expect(await reused.json()).toMatchObject({ error_code: 'otp_expired' });
  });
});
