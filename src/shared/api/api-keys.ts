import { z } from 'zod';
import { nameField, shownOnceSecret, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { API_KEY_SCOPES, API_KEY_TYPES } from './collections.ts';
export {
  API_KEY_SCOPES,
  API_KEY_TYPES,
  KEY_COLLECTIONS,
  KEY_READ_ONLY_COLLECTIONS,
  apiKeyListSpec,
  scopesFor,
  type ApiKeyScope,
} from './collections.ts';

export const apiKeySchema = z
  .object({
    id: idSchema('key'),
    type: z.enum(API_KEY_TYPES),
    name: z.string(),
    scopes: z.array(z.string()),
    /** Publishable keys are public and shown in full; secret keys only as a hint such as `sk_test_…a1b2`. */
    publicKey: z.string().nullable(),
    hint: z.string(),
    status: z.enum(['active', 'rotating', 'revoked', 'expired']),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable(),
    revokedAt: timestamp.nullable(),
    expiresAt: timestamp.nullable(),
    replacedBy: idSchema('key').nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'ApiKey' });

export type ApiKey = z.infer<typeof apiKeySchema>;

/** Only the create and rotate responses carry `secret`, exactly once (rotate: always; it takes no Idempotency-Key). */
export const apiKeyWithSecretSchema = apiKeySchema
  .extend({ secret: z.string().meta({ description: 'The full key, in this response only' }) })
  .meta({ id: 'ApiKeyWithSecret' });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;
/** The create's answer: a replay of the same `Idempotency-Key` answers it with `secret: null` (shown once). */
export const apiKeyCreatedSchema = apiKeySchema
  .extend({ secret: shownOnceSecret(z.string()) })
  .meta({ id: 'ApiKeyCreated' });

export const apiKeyCreateSchema = z
  .strictObject({
    type: z.enum(API_KEY_TYPES),
    name: nameField,
    /** At least one; omitted: `read` + `write`, as the keys created with the project. */
    scopes: z
      .array(z.enum(API_KEY_SCOPES))
      .min(1, 'Give the key at least one scope')
      .max(API_KEY_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'Scopes must not repeat')
      .default(['read', 'write']),
  })
  .meta({ id: 'ApiKeyCreate' });
export const apiKeyUpdateSchema = z
  .strictObject({ name: nameField, version: versionField })
  .meta({ id: 'ApiKeyUpdate' });
/** Rotation keeps the old key working for `gracePeriodSeconds` (default 24 h, at most 7 days). */
export const apiKeyRotateSchema = z
  .strictObject({
    gracePeriodSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(86_400),
  })
  .meta({ id: 'ApiKeyRotate' });
