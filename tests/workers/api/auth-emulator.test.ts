import { afterEach, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { testEnv } from './helpers';

/**
 * The data API against the real local auth emulator (dev/auth-emulator, started by the workers global setup), with
 * the HTTP calls the browser makes through supabase-js: sign up and confirm, password sign-in, TOTP enrolment, sign
 * out of every device.
 */

const AUTH = (testEnv as unknown as { TEST_EMULATOR_URL: string }).TEST_EMULATOR_URL;
const env = { ...testEnv, PUBLIC_SUPABASE_URL: AUTH };
const APIKEY = testEnv.PUBLIC_SUPABASE_ANON_KEY ?? 'local-anon-key';

afterEach(() => vi.restoreAllMocks());

async function auth(path: string, body: unknown, accessToken?: string, method = 'POST'): Promise<any> {
  const res = await fetch(`${AUTH}/auth/v1${path}`, {
    method,
    headers: {
      apikey: APIKEY,
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A confirmed emulator user and its first session (through the email link, as the register page does). */
async function confirmedUser(): Promise<{ email: string; password: string; session: any }> {
  const email = `api-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct-horse-battery';
  await auth('/signup', { email, password });
  const [message] = await (await fetch(`${AUTH}/inbox/api/messages?to=${encodeURIComponent(email)}`)).json<any[]>();
  const session = await auth('/verify', { type: 'signup', token_hash: message.token_hash });
  return { email, password, session };
}

const signIn = (email: string, password: string) => auth('/token?grant_type=password', { email, password });

async function call(method: string, path: string, accessToken: string, body?: unknown) {
  const res = await handleApi(
    new Request(`https://dash.test/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    env,
    () => {},
  );
  return { status: res.status, body: await res.json<any>() };
}

describe('API × auth emulator', () => {
  it('MFA: after enrolling and verifying TOTP, a password-only token is refused with mfa_required', async () => {
    const { email, password, session } = await confirmedUser();
    expect((await call('GET', '/projects', session.access_token)).status).toBe(200);
    const factor = await auth('/factors', { factor_type: 'totp', friendly_name: 'Phone' }, session.access_token);
    const challenge = await auth(`/factors/${factor.id}/challenge`, {}, session.access_token);
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret), digits: 6, period: 30 }).generate();
    const aal2 = await auth(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code }, session.access_token);
    expect((await call('POST', '/projects', aal2.access_token, { name: 'MFA project' })).status).toBe(201);

    const passwordOnly = await signIn(email, password);
    const refused = await call('GET', '/projects', passwordOnly.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('mfa_required');
  });

  it('sign out of every device: another device’s access token stops working', async () => {
    const { email, password, session } = await confirmedUser();
    const other = await signIn(email, password);
    expect((await call('GET', '/projects', other.access_token)).status).toBe(200);
    await auth('/logout?scope=global', undefined, session.access_token);
    // Within the per-session cache (30 s) the token still works; after it, the API asks again and refuses it.
    const later = Date.now() + 31_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const res = await call('GET', '/projects', other.access_token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('an invite is claimed by the confirmed email; user_metadata.email_verified is never asked', async () => {
    const owner = await confirmedUser();
    const p = await call('POST', '/projects', owner.session.access_token, { name: 'Invites' });
    const invitee = await confirmedUser();
    // The invitee's metadata says nothing; the auth server's email_confirmed_at is what counts.
    await auth('/user', { data: { email_verified: false } }, invitee.session.access_token, 'PUT');
    await call('POST', `/projects/${p.body.id}/members`, owner.session.access_token, {
      email: invitee.email,
      role: 'viewer',
    });
    const fresh = await signIn(invitee.email, invitee.password);
    const res = await call('GET', `/projects/${p.body.id}`, fresh.access_token);
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('viewer');
  });
});
