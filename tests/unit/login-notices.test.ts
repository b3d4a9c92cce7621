import { describe, expect, it } from 'vitest';
import { GENERIC_LOGIN_NOTICE, LOGIN_NOTICES, loginNotices, loginPathWithNotice } from '../../src/shared/login-notices';

const MISSING = 'No access token or refresh token found in the URL';
const FAILED = 'Authentication failed. Please try again.';
const SIGNED_OUT_EVERYWHERE = 'You are signed out of every device.';

describe('loginNotices', () => {
  it.each<[string, { error?: string; success?: string }]>([
    // No notice.
    ['', {}],
    ['?redirectTo=%2Fprofile', {}],
    ['?error=', {}],
    // Message codes our own flows send.
    ['?error=callback_missing_tokens', { error: MISSING }],
    ['?error=callback_failed', { error: FAILED }],
    ['?success=signed_out_everywhere', { success: SIGNED_OUT_EVERYWHERE }],
    // Old links with the text itself keep working, verbatim.
    [`?${new URLSearchParams({ error: MISSING })}`, { error: MISSING }],
    [`?${new URLSearchParams({ error: FAILED })}`, { error: FAILED }],
    ['?success=You%20are%20signed%20out%20of%20every%20device.', { success: SIGNED_OUT_EVERYWHERE }],
    // Anything else becomes the generic message: no attacker text on our page.
    ['?error=Something%20broke', { error: GENERIC_LOGIN_NOTICE.error }],
    [
      '?error=Your%20account%20is%20locked.%20Call%20%2B1%20555%200100%20to%20unlock%20it.',
      { error: GENERIC_LOGIN_NOTICE.error },
    ],
    ['?success=Password%20updated', { success: GENERIC_LOGIN_NOTICE.success }],
    ['?error=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', { error: GENERIC_LOGIN_NOTICE.error }],
    // Near misses of known texts and codes are not known.
    [`?${new URLSearchParams({ error: `${FAILED} Visit evil.example` })}`, { error: GENERIC_LOGIN_NOTICE.error }],
    [`?${new URLSearchParams({ error: FAILED.toUpperCase() })}`, { error: GENERIC_LOGIN_NOTICE.error }],
    ['?error=CALLBACK_FAILED', { error: GENERIC_LOGIN_NOTICE.error }],
    ['?error=toString', { error: GENERIC_LOGIN_NOTICE.error }],
    ['?error=__proto__', { error: GENERIC_LOGIN_NOTICE.error }],
    // A code (or text) of the other kind is not shown as this kind.
    ['?error=signed_out_everywhere', { error: GENERIC_LOGIN_NOTICE.error }],
    ['?success=callback_failed', { success: GENERIC_LOGIN_NOTICE.success }],
    [`?${new URLSearchParams({ success: FAILED })}`, { success: GENERIC_LOGIN_NOTICE.success }],
    // Both at once.
    ['?error=callback_failed&success=signed_out_everywhere', { error: FAILED, success: SIGNED_OUT_EVERYWHERE }],
  ])('%s → %j', (search, expected) => expect(loginNotices(search)).toEqual(expected));
});

describe('loginPathWithNotice', () => {
  it('puts the code, not the text, in the URL, and every code reads back as its text', () => {
    for (const [code, notice] of Object.entries(LOGIN_NOTICES)) {
      const path = loginPathWithNotice(code as keyof typeof LOGIN_NOTICES);
      expect(path).toBe(`/auth/login?${notice.kind}=${code}`);
      expect(loginNotices(path.slice(path.indexOf('?')))).toEqual({ [notice.kind]: notice.text });
    }
  });
});
