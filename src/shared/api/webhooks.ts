import { z } from 'zod';
import { chainIdField, nameField, plainText, shownOnceSecret, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { WEBHOOK_TOPICS, EVENT_TYPES, WEBHOOK_DISABLED_REASONS, DELIVERY_STATUSES } from './collections.ts';
export {
  WEBHOOK_TOPICS,
  WEBHOOK_DISABLED_REASONS,
  DELIVERY_STATUSES,
  webhookListSpec,
  deliveryListSpec,
  eventLogListSpec,
  EVENT_TYPES,
  eventListSpec,
} from './collections.ts';

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
    /** Why the delivery engine turned it off (410 → 'gone', 5 days of failure → 'failing'); null otherwise. */
    disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    /** Share of finished attempts of the last 24 h that succeeded (0..1); null without any. */
    successRate24h: z.number().min(0).max(1).nullable(),
    lastDeliveryAt: timestamp.nullable(),
    lastDeliveryStatus: z.enum(DELIVERY_STATUSES).nullable(),
    secretHint: z.string(),
    /** End of the rotation grace: until then deliveries carry a signature with the previous secret too. */
    previousSecretExpiresAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Webhook' });
/** `secret`: `whsec_` + standard base64 of 24 random bytes (Standard Webhooks), in this response only. */
const webhookSecret = z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
export const webhookWithSecretSchema = webhookSchema
  .extend({ secret: webhookSecret.meta({ description: 'The signing secret, in this response only' }) })
  .meta({ id: 'WebhookWithSecret' });
/** The create's answer: a replay of the same `Idempotency-Key` answers it with `secret: null` (shown once). */
export const webhookCreatedSchema = webhookSchema
  .extend({ secret: shownOnceSecret(webhookSecret) })
  .meta({ id: 'WebhookCreated' });

export const webhookCreateSchema = z
  .strictObject({
    url: httpsUrl,
    description: plainText().max(500).optional(),
    topics: z.array(z.enum(WEBHOOK_TOPICS)).min(1).max(WEBHOOK_TOPICS.length),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'WebhookCreate' });
export const webhookUpdateSchema = z
  .strictObject({
    url: httpsUrl.optional(),
    description: plainText().max(500).nullable().optional(),
    topics: z.array(z.enum(WEBHOOK_TOPICS)).min(1).optional(),
    enabled: z.boolean().optional(),
    version: versionField,
  })
  .meta({ id: 'WebhookUpdate' });

/** One attempt to deliver one event to one webhook. */
export const webhookDeliverySchema = z
  .object({
    id: idSchema('whd'),
    webhookId: idSchema('whk'),
    /** The event (`webhook-id` header): the same on every attempt of it. */
    eventId: idSchema('evt'),
    topic: z.string(),
    attempt: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    responseCode: z.number().int().nullable(),
    /** First 1 KB of the answer's body. */
    responseBody: z.string().nullable(),
    /** Why the attempt failed without (or despite) an answer, e.g. "Timed out after 15 s". */
    error: z.string().nullable(),
    latencyMs: z.number().int().nullable(),
    /** The JSON body sent. */
    payload: z.unknown(),
    createdAt: timestamp,
    /** When the next attempt of this event is scheduled (on the latest failed attempt only). */
    nextAttemptAt: timestamp.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookTestResponseSchema = z.object({ eventId: idSchema('evt') }).meta({ id: 'WebhookTestQueued' });
export const webhookResendResponseSchema = z
  .object({ deliveryId: idSchema('whd') })
  .meta({ id: 'WebhookResendQueued' });

/** The replay window: at most 30 days wide, `from` ≤ `to`. */
export const webhookReplaySchema = z
  .strictObject({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    /** Send events created before the webhook's URL last changed to the new URL too (else 409 `url_changed`). */
    confirmUrlChange: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const from = Date.parse(b.from);
    const to = Date.parse(b.to);
    if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must not be before `from`' });
    else if (to - from > 30 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The window is at most 30 days' });
  })
  .meta({ id: 'WebhookReplay' });
export const webhookReplayResponseSchema = z
  .object({ queued: z.number().int().min(0) })
  .meta({ id: 'WebhookReplayQueued' });

const deliveryCounts = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});

/** An event of the log (the outbox): the thin payload sent to every subscribed webhook. */
export const eventLogItemSchema = z
  .object({
    id: idSchema('evt'),
    topic: z.enum(WEBHOOK_TOPICS),
    payload: z.unknown(),
    createdAt: timestamp,
    /** Webhooks by the status of their latest attempt of this event. */
    deliveries: deliveryCounts,
  })
  .meta({ id: 'EventLogItem' });
export const eventLogDetailSchema = eventLogItemSchema
  .extend({
    attempts: z.array(
      z.object({
        deliveryId: idSchema('whd'),
        webhookId: idSchema('whk'),
        webhookUrl: z.string().nullable(),
        attempt: z.number().int(),
        status: z.enum(DELIVERY_STATUSES),
        responseCode: z.number().int().nullable(),
        createdAt: timestamp,
      }),
    ),
  })
  .meta({ id: 'EventLogDetail' });

export const eventSchema = z
  .object({
    id: idSchema('eve'),
    name: z.string(),
    type: z.enum(EVENT_TYPES),
    topic: z.string().nullable(),
    threshold: z.string().nullable(),
    contractId: idSchema('con').nullable(),
    functionName: z.string().nullable(),
    functionArgs: z
      .array(z.string())
      .nullable()
      .describe('One value per input of the function, as typed; "" matches any value. null: every call.'),
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
    functionName: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe('A function of the contract’s ABI: its name, or its signature such as `transfer(address,uint256)`.'),
    functionArgs: z
      .array(z.string().max(2000))
      .max(32)
      .optional()
      .describe('One value per input of the function, checked against its Solidity type; "" matches any value.'),
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
