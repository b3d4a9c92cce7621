import { z } from 'zod';

import { MODES, type Mode } from '../routes.ts';
import { CONTROL_CHARACTER_MESSAGE, NO_CONTROL_CHARACTERS } from '../control-characters.ts';

/** The two universes of data and keys in a project: one list, the page routes' (src/shared/routes.ts). */
export { MODES, type Mode };
export const modeSchema = z.enum(MODES);

/** Project roles, most powerful first. */
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Error codes of the `{ error: { code, message, details? } }` body, by HTTP status. */
export const ERROR_CODES = {
  bad_request: 400,
  /** A payment-provider event whose signature does not verify (missing, malformed, wrong, or older than 5 minutes). */
  invalid_signature: 400,
  unauthorized: 401,
  /** The user has a verified MFA factor and the token is only `aal1`: finish signing in with the code. */
  mfa_required: 401,
  forbidden: 403,
  /** A secret key of a project in the trash (docs/api.md "Project trash"). */
  project_deleted: 403,
  /** A secret key called from an address outside its IP allowlist (docs/api.md "Key restrictions"). */
  ip_not_allowed: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** Sponsorship refused: the gas policy's monthly spend cap is reached (docs/api.md "Usage alerts and spend caps"). */
  policy_spend_cap_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** The auth server could not be asked (network, 5xx): retry shortly. */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });

/** ISO-8601 timestamp in responses. */
export const timestamp = z.iso.datetime();

/** `version` sent with every edit: a stale one answers 409. */
export const versionField = z.number().int().min(1);

/**
 * A secret a create answers once: a replay of the same `Idempotency-Key` answers the stored response, which never holds
 * the secret, so there it is null (docs/api.md "Idempotency").
 */
export const shownOnceSecret = <T extends z.ZodType>(secret: T) =>
  secret.nullable().meta({
    description:
      'Shown once: the secret of this create. Null when the answer replays an earlier request with the same Idempotency-Key (the replay never holds the secret).',
  });

/** Text without control characters (checked before trimming, so a trailing `\r\n` is refused, not dropped). */
export const plainText = () => z.string().regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE);

/** Short free text such as a name: one line, no control characters (src/shared/control-characters.ts). */
export const nameField = plainText().trim().min(1).max(100);

/** Chain id (EIP-155 for EVM chains). */
export const chainIdField = z
  .number()
  .int()
  .min(1)
  .max(2 ** 53 - 1);

/** EVM address, any case (checksummed before storing). */
export const addressField = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte hex address');

/** A list envelope around items of `item`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
}

/** Maximum size of a JSON request body. */
export const MAX_BODY_BYTES = 1024 * 1024;
