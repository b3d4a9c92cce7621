import { z } from 'zod';
import { nameField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { LINKED_PROVIDERS } from './collections.ts';
export { LINKED_PROVIDERS, userListSpec } from './collections.ts';

const metadata = z
  .record(z.string().max(40), z.union([z.string().max(500), z.number()]))
  .refine((m) => Object.keys(m).length <= 50, 'At most 50 metadata keys');

export const linkedAccountSchema = z
  .object({
    id: idSchema('lac'),
    provider: z.enum(LINKED_PROVIDERS),
    subject: z.string(),
    email: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'LinkedAccount' });

export const userSchema = z
  .object({
    id: idSchema('pla'),
    name: z.string().nullable(),
    description: z.string().nullable(),
    metadata: z.record(z.string(), z.union([z.string(), z.number()])),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    phone: z.string().nullable(),
    phoneVerified: z.boolean(),
    anonymous: z.boolean(),
    authenticated: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** Users created through the API have no login identity: they are "unauthenticated users". */
export const userCreateSchema = z
  .strictObject({
    name: nameField.optional(),
    /** Stored in lower case; one user per email in a project's mode (another is a 409 at `email`). */
    email: z.email('Expected an email address such as ada@example.com').max(254).optional(),
    description: z.string().max(500).optional(),
    metadata: metadata.optional(),
  })
  .meta({ id: 'UserCreate' });
export const userUpdateSchema = z
  .strictObject({
    name: nameField.nullable().optional(),
    description: z.string().max(500).nullable().optional(),
    metadata: metadata.optional(),
    version: versionField,
  })
  .meta({ id: 'UserUpdate' });
