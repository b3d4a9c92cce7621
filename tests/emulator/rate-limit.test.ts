import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import type { Harness } from './harness.ts';
import { startHarness, uniqueEmail } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    rateLimits: {
      recover: { max: 2, windowSeconds: 60 },
      signUp: { max: 2, windowSeconds: 300 },
      mfa: { max: 1, windowSeconds: 60 },
      tokenRefresh: { max: 3, windowSeconds: 300 },
    },
    emailFrequencySeconds: 0,
  });
});
afterAll(() => h.stop());
afterEach(() => h.clock.reset());

describe('per-IP rate limits', () => {
  it('answers 429 over_request_rate_limit with Retry-After, then lets requests through after the window', async () => {
    const body = JSON.stringify({ email: uniqueEmail() });
    expect((await h.api('/auth/v1/recover', { method: 'POST', body })).status).toBe(200);
    expect((await h.client().auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();

    const limited = await h.api('/auth/v1/recover', { method: 'POST', body });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
    });

    const viaClient = await h.client().auth.resetPasswordForEmail(uniqueEmail());
    expect(viaClient.error?.status).toBe(429);
    expect(viaClient.error?.code).toBe('over_request_rate_limit');

    h.clock.advance(60_000);
    expect((await h.api('/auth/v1/recover', { method: 'POST', body })).status).toBe(200);
  });

  it('keeps buckets separate: sign-up is limited on its own', async () => {
    expect((await h.client().auth.signUp({ email: uniqueEmail(), password: 'correct-horse' })).error).toBeNull();
    expect((await h.client().auth.signUp({ email: uniqueEmail(), password: 'correct-horse' })).error).toBeNull();
    const third = await h.client().auth.signUp({ email: uniqueEmail(), password: 'correct-horse' });
    expect(third.error?.status).toBe(429);
    // Sign-in is not limited by default.
    expect((await h.client().auth.signInWithPassword(DEMO_ACCOUNTS.demo)).error).toBeNull();
  });

  it('limits token refreshes', async () => {
    const client = h.client();
    const { data } = await client.auth.signInWithPassword(DEMO_ACCOUNTS.demo);
    let token = data.session!.refresh_token;
    for (let i = 0; i < 3; i++) {
      const next = await h.client().auth.refreshSession({ refresh_token: token });
      expect(next.error).toBeNull();
      token = next.data.session!.refresh_token;
    }
    const limited = await h.client().auth.refreshSession({ refresh_token: token });
    expect(limited.error?.status).toBe(429);
  });

  it('limits MFA challenges', async () => {
    const client = h.client();
    await client.auth.signInWithPassword(DEMO_ACCOUNTS.other);
    const factor = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'rate' });
    expect((await client.auth.mfa.challenge({ factorId: factor.data!.id })).error).toBeNull();
    const second = await client.auth.mfa.challenge({ factorId: factor.data!.id });
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe('over_request_rate_limit');
    await client.auth.mfa.unenroll({ factorId: factor.data!.id });
  });
});
