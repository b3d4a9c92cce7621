import { z } from 'zod';
import { modeSchema, timestamp } from './common.ts';
import { idSchema } from './ids.ts';
import { NOTICE_KINDS, WEBHOOK_DISABLED_REASONS } from './collections.ts';
export { NOTICE_KINDS } from './collections.ts';

/**
 * A notice for the project's owners and admins (docs/api.md "Webhook delivery"): today only a webhook the delivery
 * engine turned off. Dismissed notices are not listed.
 */
export const noticeSchema = z
  .object({
    id: idSchema('ntc'),
    kind: z.enum(NOTICE_KINDS),
    mode: modeSchema,
    webhookId: idSchema('whk'),
    /** Null when the webhook was deleted since. */
    webhookUrl: z.string().nullable(),
    reason: z.enum(WEBHOOK_DISABLED_REASONS),
    createdAt: timestamp,
  })
  .meta({ id: 'Notice' });

export const noticeListSchema = z.object({ data: z.array(noticeSchema) }).meta({ id: 'NoticeList' });
