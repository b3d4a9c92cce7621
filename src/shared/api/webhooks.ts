import { z } from 'zod';
import { chainIdField, nameField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { WEBHOOK_TOPICS, EVENT_TYPES } from './collections.ts';
export { WEBHOOK_TOPICS, webhookListSpec, deliveryListSpec, EVENT_TYPES, eventListSpec } from './collections.ts';

/**
 * The URL's shape; the server then checks its target (functions/_lib/net/ssrf-guard.ts: https, public addresses
 * only; http only for loopback receivers in local development, never in live mode).
 */
const httpsUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((u) => {
    const url = new URL(u);
    return !url.username && !url.password;
  }, 'Webhook URLs must not carry credentials (user:password@)');

export const webhookSchema = z
  .object({
    id: idSchema('whk'),
    url: z.string(),
    description: z.string().nullable(),
    topics: z.array(z.enum(WEBHOOK_TOPICS)),
    enabled: z.boolean(),
    secretHint: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Webhook' });
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() }).meta({ id: 'WebhookWithSecret' });

export const webhookCreateSchema = z
  .strictObject({
    url: httpsUrl,
    description: z.string().max(500).optional(),
    topics: z.array(z.enum(WEBHOOK_TOPICS)).min(1).max(WEBHOOK_TOPICS.length),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'WebhookCreate' });
export const webhookUpdateSchema = z
  .strictObject({
    url: httpsUrl.optional(),
    description: z.string().max(500).nullable().optional(),
    topics: z.array(z.enum(WEBHOOK_TOPICS)).min(1).optional(),
    enabled: z.boolean().optional(),
    version: versionField,
  })
  .meta({ id: 'WebhookUpdate' });

export const webhookDeliverySchema = z
  .object({
    id: idSchema('whd'),
    webhookId: idSchema('whk'),
    topic: z.string(),
    attempt: z.number().int(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    responseCode: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    payload: z.unknown(),
    createdAt: timestamp,
  })
  .meta({ id: 'WebhookDelivery' });

export const eventSchema = z
  .object({
    id: idSchema('eve'),
    name: z.string(),
    type: z.enum(EVENT_TYPES),
    topic: z.string().nullable(),
    threshold: z.string().nullable(),
    contractId: idSchema('con').nullable(),
    functionName: z.string().nullable(),
    backendWalletId: idSchema('dac').nullable(),
    chainId: z.number().int().nullable(),
    confirmations: z.number().int().nullable(),
    enabled: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Event' });
export const eventCreateSchema = z
  .strictObject({
    name: nameField,
    type: z.enum(EVENT_TYPES),
    topic: z.enum(WEBHOOK_TOPICS).optional(),
    threshold: z
      .string()
      .regex(/^[0-9]{1,78}$/)
      .optional(),
    contractId: idSchema('con').optional(),
    functionName: z.string().min(1).max(100).optional(),
    backendWalletId: idSchema('dac').optional(),
    chainId: chainIdField.optional(),
    confirmations: z.number().int().min(1).max(1000).optional(),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'EventCreate' });
export const eventUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    enabled: z.boolean().optional(),
    threshold: z
      .string()
      .regex(/^[0-9]{1,78}$/)
      .optional(),
    confirmations: z.number().int().min(1).max(1000).optional(),
    version: versionField,
  })
  .meta({ id: 'EventUpdate' });
