/**
 * The notices `/auth/login` shows from its `error` / `success` search parameters. Only our own messages are shown
 * verbatim; any other text becomes a generic message, so a crafted link cannot put its own words (a phone number, a
 * "support" address) on our sign-in page. Our flows send a message code (`?error=callback_failed`); links that carry
 * a known text itself (sent before the codes existed) still show that text.
 */
export const LOGIN_NOTICES = {
  callback_missing_tokens: { kind: 'error', text: 'No access token or refresh token found in the URL' },
  callback_failed: { kind: 'error', text: 'Authentication failed. Please try again.' },
  signed_out_everywhere: { kind: 'success', text: 'You are signed out of every device.' },
} as const satisfies Record<string, { kind: LoginNoticeKind; text: string }>;

export type LoginNoticeKind = 'error' | 'success';
export type LoginNoticeCode = keyof typeof LOGIN_NOTICES;

/** Shown instead of a text we did not write. */
export const GENERIC_LOGIN_NOTICE: Record<LoginNoticeKind, string> = {
  error: 'Something went wrong. Please sign in again.',
  success: 'Done. Please sign in.',
};

/** The notice to show for one parameter's value, or undefined when there is none. */
function noticeText(kind: LoginNoticeKind, value: string | null): string | undefined {
  if (!value) return undefined;
  for (const [code, notice] of Object.entries(LOGIN_NOTICES))
    if (notice.kind === kind && (value === code || value === notice.text)) return notice.text;
  return GENERIC_LOGIN_NOTICE[kind];
}

/** The `error` and `success` notices of a `/auth/login` query string (`location.search`). */
export function loginNotices(search: string): { error?: string; success?: string } {
  const params = new URLSearchParams(search);
  const result: { error?: string; success?: string } = {};
  for (const kind of ['error', 'success'] as const) {
    const text = noticeText(kind, params.get(kind));
    if (text) result[kind] = text;
  }
  return result;
}

/** `/auth/login` showing one of our notices (by its code). */
export function loginPathWithNotice(code: LoginNoticeCode): string {
  return `/auth/login?${LOGIN_NOTICES[code].kind}=${code}`;
}
