// Zod-free: these run in the browser on the auth pages and the home, where a validator library would put its core
// on the page (docs/decisions.md, "What every page loads"). List views are read by
// src/components/data-list/list-view.ts with the API's own validator.

/** `type` on /auth/confirm: only these two values are valid. */
export const CONFIRM_TYPES = ['signup', 'invite'] as const;
export type ConfirmType = (typeof CONFIRM_TYPES)[number];

/** Reads URLSearchParams into a plain object (first value wins). */
export function paramsObject(search: URLSearchParams | string): Record<string, string> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

/** The value of `key`, or undefined when it is missing or longer than `max` characters. */
function short(params: Record<string, string>, key: string, max = 2048): string | undefined {
  const v = params[key];
  return v !== undefined && v.length <= max ? v : undefined;
}

/** Params of the auth pages. */
export interface AuthParams {
  error: string | undefined;
  success: string | undefined;
  redirectTo: string | undefined;
  token_hash: string | undefined;
  type: string | undefined;
}

/** Parses auth params. `type` is checked apart so that a bad value can be shown as an error. */
export function parseAuthParams(search: URLSearchParams | string): AuthParams & {
  confirmType: ConfirmType | undefined;
  typeError: string | undefined;
} {
  const p = paramsObject(search);
  const base: AuthParams = {
    error: short(p, 'error', 500),
    success: short(p, 'success', 500),
    redirectTo: short(p, 'redirectTo'),
    token_hash: short(p, 'token_hash', 500),
    type: p.type,
  };
  if (base.type === undefined) return { ...base, confirmType: undefined, typeError: undefined };
  return (CONFIRM_TYPES as readonly string[]).includes(base.type)
    ? { ...base, confirmType: base.type as ConfirmType, typeError: undefined }
    : {
        ...base,
        confirmType: undefined,
        typeError: `Unknown confirmation type "${base.type.slice(0, 40)}": expected "signup" or "invite".`,
      };
}

/** Parses the dashboard home params. */
export function parseHomeParams(search: URLSearchParams | string): { from: string | undefined } {
  return { from: short(paramsObject(search), 'from') };
}
