import { describe, expect, it } from 'vitest';
import { loginPath, needsMfaStep, readStoredSession } from '../../src/shared/auth-storage';
import { gateScript } from '../../src/lib/auth-gate-script';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64url({ alg: 'ES256' })}.${b64url(claims)}.sig`;
const stored = (over: Record<string, unknown> = {}, claims: Record<string, unknown> = { sub: 'u1', aal: 'aal1' }) =>
  JSON.stringify({ access_token: token(claims), refresh_token: 'r1', user: { id: 'u1', email: 'a@b.c' }, ...over });

describe('readStoredSession', () => {
  const none: [string, string | null][] = [
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['no refresh token', stored({ refresh_token: '' })],
    ['access token not a string', stored({ access_token: 42 })],
    ['no user id and no sub', stored({ user: {} }, { aal: 'aal1' })],
  ];
  it.each(none)('%s → signed out', (_, raw) => expect(readStoredSession(raw)).toBeNull());

  it('reads the user, email and aal from the stored session', () => {
    expect(readStoredSession(stored())).toEqual({
      userId: 'u1',
      email: 'a@b.c',
      aal: 'aal1',
      hasVerifiedFactor: false,
    });
  });

  it('falls back to the token subject and survives a malformed token payload', () => {
    expect(readStoredSession(stored({ user: {} }, { sub: 'u9', aal: 'aal2' }))?.userId).toBe('u9');
    expect(readStoredSession(stored({ access_token: 'a.%%%.c' }))).toMatchObject({ userId: 'u1', aal: undefined });
  });

  const mfa: [string, unknown[], string, boolean][] = [
    ['no factors', [], 'aal1', false],
    ['unverified factor only', [{ status: 'unverified' }], 'aal1', false],
    ['verified factor, aal1', [{ status: 'verified' }], 'aal1', true],
    ['verified factor, aal2', [{ status: 'verified' }], 'aal2', false],
  ];
  it.each(mfa)('%s → owes the code: %s', (_, factors, aal, owes) => {
    const session = readStoredSession(stored({ user: { id: 'u1', factors } }, { sub: 'u1', aal }))!;
    expect(needsMfaStep(session)).toBe(owes);
  });
});

describe('loginPath', () => {
  it('carries the target and, when the code is owed, the MFA step', () => {
    expect(loginPath('/pro_1/test/wallets?page=2')).toBe('/auth/login?redirectTo=%2Fpro_1%2Ftest%2Fwallets%3Fpage%3D2');
    expect(loginPath('/profile', true)).toBe('/auth/login?step=mfa&redirectTo=%2Fprofile');
  });
});

describe('gateScript', () => {
  // The inline script is built from the functions' source: it must not depend on anything outside itself.
  it.each(['dashboard', 'guest'] as const)('the %s script runs on its own', (kind) => {
    const replaced: string[] = [];
    const storage = new Map<string, string>();
    const env = {
      localStorage: { getItem: (k: string) => storage.get(k) ?? null },
      location: { pathname: '/pro_1/test', search: '?a=1', hash: '', replace: (to: string) => replaced.push(to) },
      document: { documentElement: { dataset: {} as Record<string, string> } },
    };
    const run = () =>
      new Function('localStorage', 'location', 'document', gateScript(kind))(
        env.localStorage,
        env.location,
        env.document,
      );
    run();
    storage.set('dashboard:auth', stored());
    run();
    expect(replaced).toEqual(kind === 'dashboard' ? ['/auth/login?redirectTo=%2Fpro_1%2Ftest%3Fa%3D1'] : ['/']);
    expect(env.document.documentElement.dataset.auth).toBe('redirecting');
  });
});
