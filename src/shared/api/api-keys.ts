import { z } from 'zod';
import { nameField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import type { ListSpec } from './list-params.ts';

export const API_KEY_TYPES = ['publishable', 'secret', 'shield'] as const;

/**
 * Mode-scoped collections a secret key can be limited to (docs/api.md "Secret-key scopes"): the path segment after
 * `{mode}`. Keys may read and write the first list; the second is read-only for keys (a developer cannot change it).
 */
export const KEY_COLLECTIONS = [
  'wallets',
  'users',
  'transactions',
  'policies',
  'contracts',
  'backend-wallets',
  'webhooks',
  'events',
] as const;
export const KEY_READ_ONLY_COLLECTIONS = ['analytics', 'auth', 'ecosystem'] as const;

/**
 * Secret-key scopes. `read`: every GET a key may make; `write`: everything a key may do (reads included);
 * `<collection>:read`: GET on that collection; `<collection>:write`: reads and writes on it. A key with no scope can
 * do nothing.
 */
export const API_KEY_SCOPES = [
  'read',
  'write',
  ...KEY_COLLECTIONS.flatMap((c) => [`${c}:read`, `${c}:write`] as const),
  ...KEY_READ_ONLY_COLLECTIONS.map((c) => `${c}:read` as const),
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes of which a key needs one for a GET (`write` = false) or another method on `collection`. */
export function scopesFor(collection: string, write: boolean): string[] {
  return write ? ['write', `${collection}:write`] : ['read', 'write', `${collection}:read`, `${collection}:write`];
}

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

/** Only the create and rotate responses carry `secret`, exactly once. */
export const apiKeyWithSecretSchema = apiKeySchema
  .extend({ secret: z.string().nullable() })
  .meta({ id: 'ApiKeyWithSecret' });

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

export const apiKeyListSpec: ListSpec = {
  filters: { type: { type: 'enum', ops: ['eq'], values: API_KEY_TYPES } },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};
