import { Secret, TOTP } from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';
import { startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  // Rate limits have their own test file; this one makes more than 15 MFA calls a minute.
  h = await startHarness({ siteUrl: 'http://127.0.0.1:8788', rateLimits: { mfa: false } });
});
afterAll(() => h.stop());
afterEach(() => h.clock.reset());

function codeFor(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: h.clock.now() + offsetMs });
}

function claimsOf(accessToken: string) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    aal: string;
    amr: { method: string }[];
  };
}

async function enroll(client: SupabaseClient, friendlyName = 'Phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error || !data) throw error ?? new Error('enroll failed');
  return data;
}

async function enrollAndVerify(client: SupabaseClient, friendlyName = 'Phone') {
  const factor = await enroll(client, friendlyName);
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
  const verified = await client.auth.mfa.verify({
    factorId: factor.id,
    challengeId: challenge.data!.id,
    code: codeFor(factor.totp.secret),
  });
  if (verified.error) throw verified.error;
  return factor;
}

describe('TOTP factors', () => {
  it('enroll → challenge → verify raises the session to aal2 with totp in amr', async () => {
    const { client, email } = await h.confirmedUser();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const factor = await enroll(client, 'Work phone');
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Work phone');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`otpauth://totp/127.0.0.1%3A8788:${encodeURIComponent(email)}?`);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);

    const unverified = await client.auth.mfa.listFactors();
    expect(unverified.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(unverified.data?.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe('totp');
    expect(challenge.data!.expires_at - Math.floor(h.clock.now() / 1000)).toBeGreaterThanOrEqual(299);

    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((e) => e.method)).toEqual(['email/signup', 'totp']);

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => [f.id, f.friendly_name, f.status])).toEqual([
      [factor.id, 'Work phone', 'verified'],
    ]);
    // The refreshed session keeps aal2.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('a new password sign-in is aal1 with nextLevel aal2 until the challenge is passed', async () => {
    const { client, email, password } = await h.confirmedUser();
    const factor = await enrollAndVerify(client);
    const fresh = h.client();
    await fresh.auth.signInWithPassword({ email, password });
    const level = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(level.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual([
      'password',
    ]);

    const { error } = await fresh.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    });
    expect(error).toBeNull();
    const upgraded = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(upgraded.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(upgraded.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual([
      'password',
      'totp',
    ]);
  });

  it('rejects a wrong code with mfa_verification_failed', async () => {
    const { client } = await h.confirmedUser();
    const factor = await enroll(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    const right = codeFor(factor.totp.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const { data, error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: wrong,
    });
    expect(data).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('mfa_verification_failed');
    // A code from two periods ago is outside the one-step window.
    const stale = codeFor(factor.totp.secret, -90_000);
    expect(
      (await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: stale })).error?.code,
    ).toBe('mfa_verification_failed');
    expect((await client.auth.mfa.listFactors()).data?.all[0]?.status).toBe('unverified');
  });

  it('expires a challenge after five minutes', async () => {
    const { client } = await h.confirmedUser();
    const factor = await enroll(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    h.clock.advance(5 * 60_000 + 1000);
    const { error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('mfa_challenge_expired');
  });

  it('does not accept a challenge twice', async () => {
    const { client } = await h.confirmedUser();
    const factor = await enroll(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    const params = { factorId: factor.id, challengeId: challenge.data!.id, code: codeFor(factor.totp.secret) };
    expect((await client.auth.mfa.verify(params)).error).toBeNull();
    expect((await client.auth.mfa.verify(params)).error?.status).toBe(422);
  });

  it('refuses a duplicate friendly name and an unknown factor', async () => {
    const { client } = await h.confirmedUser();
    await enroll(client, 'Laptop');
    const dup = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('mfa_factor_name_conflict');
    const missing = await client.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('mfa_factor_not_found');
    const malformed = await client.auth.mfa.unenroll({ factorId: 'not-a-factor' });
    expect(malformed.error?.code).toBe('mfa_factor_not_found');
  });

  it('unenroll of a verified factor needs aal2, then the factor is gone', async () => {
    const { client, email, password } = await h.confirmedUser();
    const factor = await enrollAndVerify(client);

    const aal1 = h.client();
    await aal1.auth.signInWithPassword({ email, password });
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.code).toBe('insufficient_aal');
    const enrollRefused = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(enrollRefused.error?.code).toBe('insufficient_aal');
    const passwordRefused = await aal1.auth.updateUser({ password: 'another-password' });
    expect(passwordRefused.error?.code).toBe('insufficient_aal');

    const { data, error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data?.id).toBe(factor.id);
    const { data: user } = await client.auth.getUser();
    expect(user.user?.factors ?? []).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1');
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('unenrolls an unverified factor at aal1', async () => {
    const { client } = await h.confirmedUser();
    const factor = await enroll(client);
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});
