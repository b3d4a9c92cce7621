/**
 * Names never hold control characters (docs/security.md "Mail and invites"): project, user, API key, webhook, policy,
 * contract and backend wallet names, webhook descriptions, the ecosystem name and email subjects end up in mail
 * headers, CSV files and logs, where a line break starts a new header (`\r\nBcc: …`) or a new row. Zod-free, so the
 * forms apply the same rule as the API's schemas (src/shared/api/common.ts `plainText`).
 */

/** C0 controls (tab and line breaks included), DEL, C1 controls and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The same, as a whole-value pattern (the OpenAPI document states it). */
// eslint-disable-next-line no-control-regex -- as above
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

export const CONTROL_CHARACTER_MESSAGE = 'Line breaks, tabs and other control characters are not allowed';

/** The message for a value with a control character, else null. */
export const controlCharacterError = (value: string): string | null =>
  CONTROL_CHARACTER.test(value) ? CONTROL_CHARACTER_MESSAGE : null;
