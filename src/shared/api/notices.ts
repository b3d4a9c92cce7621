import { z } from 'zod';
import { modeSchema, timestamp } from './common.ts';
import { idSchema } from './ids.ts';
import { WEBHOOK_DISABLED_REASONS } from './collections.ts';
import { ALERT_METERS } from '../usage-alerts.ts';
export { NOTICE_KINDS } from './collections.ts';

/** A webhook the delivery engine turned off (docs/api.md "Webhook delivery"). */
const webhookDisabledNotice = z.object({
  id: idSchema('ntc'),
  kind: z.literal('webhook_disabled'),
  mode: modeSchema,
  webhookId: idSchema('whk'),
  /** Null when the webhook was deleted since. */
  webhookUrl: z.string().nullable(),
  reason: z.enum(WEBHOOK_DISABLED_REASONS),
  createdAt: timestamp,
});

/** A usage threshold crossed this billing period (docs/api.md "Usage alerts and spend caps"). */
const usageThresholdNotice = z.object({
  id: idSchema('ntc'),
  kind: z.literal('usage_threshold'),
  mode: modeSchema,
  meter: z.enum(ALERT_METERS),
  /** Percent of the included operations or of the gas budget. */
  threshold: z.number().int(),
  /** The billing period, `YYYY-MM` (UTC). */
  period: z.string(),
  /** Operations, or USD of gas, when it was crossed; and the included operations or the budget. */
  used: z.number(),
  limit: z.number(),
  createdAt: timestamp,
});

/**
 * A notice for the project's owners and admins: a webhook the delivery engine turned off, or a usage threshold
 * crossed. Dismissed notices are not listed.
 */
export const noticeSchema = z
  .discriminatedUnion('kind', [webhookDisabledNotice, usageThresholdNotice])
  .meta({ id: 'Notice' });

export const noticeListSchema = z.object({ data: z.array(noticeSchema) }).meta({ id: 'NoticeList' });
