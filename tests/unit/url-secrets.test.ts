import { describe, expect, it } from 'vitest';
import { hasUrlSecrets, isSecretParam, scrubUrl } from '../../src/shared/url-secrets';
import { scrubEvent } from '../../src/lib/analytics';

const O = 'https://dashboard.example.com';

describe('isSecretParam', () => {
  it.each([
    'token',
    'token_hash',
    'code',
    'access_token',
    'refresh_token',
    'id_token',
    'provider_token',
    'provider_refresh_token',
    'otp',
    'nonce',
    'state',
    'client_secret',
    'password',
    'apikey',
    'api_key',
    'Access_Token',
  ])('%s is a secret', (name) => expect(isSecretParam(name)).toBe(true));

  it.each(['type', 'redirect_to', 'redirectTo', 'from', 'page', 'sort', 'q', 'register', 'marker', 'step'])(
    '%s is not',
    (name) => expect(isSecretParam(name)).toBe(false),
  );
});

describe('scrubUrl', () => {
  it.each([
    // Token parameters and the fragment go; everything else stays as it was written.
    [`${O}/auth/confirm?token_hash=abc&type=signup`, `${O}/auth/confirm?type=signup`],
    [`${O}/auth/reset-password?token_hash=abc&type=recovery&x=1`, `${O}/auth/reset-password?type=recovery&x=1`],
    [`${O}/auth/callback#access_token=a&refresh_token=b&expires_in=3600`, `${O}/auth/callback`],
    [`${O}/auth/callback?code=abc&register=true#access_token=a`, `${O}/auth/callback?register=true`],
    [`${O}/auth/confirm?TOKEN=a&Code=b&otp=123456`, `${O}/auth/confirm`],
    [`${O}/auth/confirm?access%5Ftoken=a&type=signup`, `${O}/auth/confirm?type=signup`],
    [`${O}/x?redirect_to=${encodeURIComponent('/y?token=abc&z=1')}`, `${O}/x?redirect_to=%2Fy%3Fz%3D1`],
    [`${O}/pro_1/test/wallets?page=2&sort=name%20asc`, `${O}/pro_1/test/wallets?page=2&sort=name%20asc`],
    [`${O}/pro_1/test/wallets#section`, `${O}/pro_1/test/wallets`],
    [`${O}/`, `${O}/`],
    [`http://user:pass@127.0.0.1:8788/auth/confirm?token_hash=a`, 'http://127.0.0.1:8788/auth/confirm'],
    // Paths without an origin.
    ['/auth/confirm?token_hash=abc&type=invite', '/auth/confirm?type=invite'],
    ['/auth/callback#refresh_token=r', '/auth/callback'],
    // Not URLs: left alone.
    ['$direct', '$direct'],
    ['dashboard.example.com', 'dashboard.example.com'],
    ['token=abc', 'token=abc'],
    ['', ''],
  ])('%s → %s', (input, expected) => expect(scrubUrl(input)).toBe(expected));
});

describe('hasUrlSecrets', () => {
  it.each([
    [`${O}/auth/confirm?token_hash=abc&type=signup`, true],
    [`${O}/auth/callback#access_token=a&refresh_token=b`, true],
    [`${O}/auth/callback?code=abc`, true],
    [`${O}/x?redirect_to=${encodeURIComponent('/y?token=abc')}`, true],
    [`${O}/auth/confirm?type=signup`, false],
    [`${O}/pro_1/test/wallets?page=2#section`, false],
    [`${O}/auth/callback?register=true`, false],
  ])('%s → %s', (href, expected) => expect(hasUrlSecrets(href)).toBe(expected));
});

describe('scrubEvent (posthog-js before_send)', () => {
  it('scrubs every URL property posthog-js adds, in properties, $set and $set_once, nested ones included', () => {
    const dirty = `${O}/auth/confirm?token_hash=SECRET1&type=signup#access_token=SECRET2`;
    const referrer = `${O}/auth/callback?code=SECRET3#refresh_token=SECRET4`;
    const event = {
      uuid: 'u',
      event: '$pageview',
      properties: {
        $current_url: dirty,
        $referrer: referrer,
        $initial_referrer: referrer,
        $session_entry_url: dirty,
        $session_entry_referrer: referrer,
        $pathname: '/auth/confirm',
        $host: 'dashboard.example.com',
        $referring_domain: 'dashboard.example.com',
        path: '/auth/confirm',
        count: 3,
        flag: true,
        nothing: null,
        $set: { $current_url: dirty },
        list: [dirty, { url: referrer }],
      },
      $set: { $current_url: dirty, $pathname: '/auth/confirm' },
      $set_once: { $initial_current_url: dirty, $initial_referrer: referrer, $initial_pathname: '/auth/confirm' },
      timestamp: new Date(0),
    };
    const clean = scrubEvent(event);
    expect(JSON.stringify(clean)).not.toMatch(/SECRET|token_hash|access_token|refresh_token|code=/);
    expect(clean.properties.$current_url).toBe(`${O}/auth/confirm?type=signup`);
    expect(clean.properties.$referrer).toBe(`${O}/auth/callback`);
    expect(clean.$set_once.$initial_current_url).toBe(`${O}/auth/confirm?type=signup`);
    expect(clean.properties.count).toBe(3);
    expect(clean.properties.flag).toBe(true);
    expect(clean.properties.nothing).toBeNull();
    expect(clean.timestamp).toEqual(new Date(0));
    expect(clean.properties.$host).toBe('dashboard.example.com');
  });
});
