// zod/mini: these run in the browser on every page, where full zod would add ~20 KB. (List views are read by
// src/components/data-list/list-view.ts with the API's own validator.)
import { z } from 'zod/mini';

const str = (max = 2048) => z.catch(z.optional(z.string().check(z.maxLength(max))), undefined);

/** `type` on /auth/confirm: only these two values are valid. */
export const confirmTypeSchema = z.enum(['signup', 'invite']);

/** Params of the auth pages. */
export const authParamsSchema = z.object({
  error: str(500),
  success: str(500),
  redirectTo: str(),
  token_hash: str(500),
  type: z.optional(z.string()),
});

/** Params of the dashboard home. */
export const homeParamsSchema = z.object({ from: str() });

/** Reads URLSearchParams into a plain object (first value wins). */
export function paramsObject(search: URLSearchParams | string): Record<string, string> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

export type ConfirmType = z.infer<typeof confirmTypeSchema>;

/** Parses auth params. `type` is checked apart so that a bad value can be shown as an error. */
export function parseAuthParams(search: URLSearchParams | string): z.infer<typeof authParamsSchema> & {
  confirmType: ConfirmType | undefined;
  typeError: string | undefined;
} {
  const base = authParamsSchema.parse(paramsObject(search));
  if (base.type === undefined) return { ...base, confirmType: undefined, typeError: undefined };
  const parsed = confirmTypeSchema.safeParse(base.type);
  return parsed.success
    ? { ...base, confirmType: parsed.data, typeError: undefined }
    : {
        ...base,
        confirmType: undefined,
        typeError: `Unknown confirmation type "${base.type.slice(0, 40)}": expected "signup" or "invite".`,
      };
}

/** Parses the dashboard home params. */
export function parseHomeParams(search: URLSearchParams | string): z.infer<typeof homeParamsSchema> {
  return homeParamsSchema.parse(paramsObject(search));
}
