import { z } from 'zod';
import { timestamp, versionField } from './common.ts';
import {
  allowlistEntryError,
  MAX_ALLOWED_IPS,
  MAX_KEY_RATE_LIMIT,
  REPEATED_ENTRY_MESSAGE,
  repeatedEntries,
} from '../key-restrictions-rules.ts';

/** A client address a key was used from: first and last seen, and how many requests were counted from it. */
export const keyAddressSchema = z.object({
  address: z.string(),
  firstSeenAt: timestamp,
  lastSeenAt: timestamp,
  requestCount: z.number().int(),
});
export type KeyAddress = z.infer<typeof keyAddressSchema>;

/** A secret key's restrictions (docs/api.md "Key restrictions"). */
export const keyRestrictionsSchema = z
  .object({
    /** Canonical addresses and CIDR ranges; empty: any address. */
    allowedIps: z.array(z.string()),
    /** Requests per minute for this key; null: the project's own limit. */
    rateLimitPerMinute: z.number().int().nullable(),
    /** The project's limit per caller (the key's must be below it); 0: the project has none. */
    projectRateLimitPerMinute: z.number().int(),
    /** The most recent distinct client addresses (at most 10), newest first. */
    recentAddresses: z.array(keyAddressSchema),
    /** The key's version: send it back with the edit. */
    version: z.number().int(),
  })
  .meta({ id: 'ApiKeyRestrictions' });
export type KeyRestrictions = z.infer<typeof keyRestrictionsSchema>;

const entry = z
  .string()
  .max(100)
  .superRefine((v, ctx) => {
    const message = allowlistEntryError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * The edit: the whole allowlist (stored canonical) and the limit. The limit's upper bound depends on the project's
 * own limit, which the handler checks (the schema only knows the absolute highest).
 */
export const keyRestrictionsUpdateSchema = z
  .strictObject({
    allowedIps: z
      .array(entry)
      .max(MAX_ALLOWED_IPS, `At most ${MAX_ALLOWED_IPS} addresses and ranges`)
      .superRefine((list, ctx) => {
        for (const i of repeatedEntries(list))
          ctx.addIssue({ code: 'custom', message: REPEATED_ENTRY_MESSAGE, path: [i] });
      }),
    rateLimitPerMinute: z
      .number({ error: 'Enter a whole number of requests per minute, or null for the project limit' })
      .int('Enter a whole number of requests per minute')
      .min(1, 'At least 1 request per minute')
      .max(MAX_KEY_RATE_LIMIT)
      .nullable(),
    version: versionField,
  })
  .meta({ id: 'ApiKeyRestrictionsUpdate' });
export type KeyRestrictionsUpdate = z.infer<typeof keyRestrictionsUpdateSchema>;
