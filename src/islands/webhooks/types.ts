/**
 * The webhook and event screens' types, from the API's schemas (src/shared/api/webhooks.ts, notices.ts), and the
 * words the screens use for topics, statuses and reasons.
 */
import type { z } from 'zod';
import type { noticeSchema } from '../../shared/api/notices';
import type {
  eventLogDetailSchema,
  eventLogItemSchema,
  WEBHOOK_TOPICS,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../../shared/api/webhooks';

export type Topic = (typeof WEBHOOK_TOPICS)[number];
export type Webhook = z.infer<typeof webhookSchema>;
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;
export type Delivery = z.infer<typeof webhookDeliverySchema>;
export type DeliveryStatus = Delivery['status'];
export type Notice = z.infer<typeof noticeSchema>;
export type EventLogItem = z.infer<typeof eventLogItemSchema>;
export type EventLogDetail = z.infer<typeof eventLogDetailSchema>;

/** Topics in words, grouped as people think of them (the wire names stay visible in the code font). */
export const TOPIC_GROUPS: readonly { label: string; topics: readonly Topic[] }[] = [
  {
    label: 'Transactions',
    topics: [
      'transaction_intent.broadcast',
      'transaction_intent.successful',
      'transaction_intent.cancelled',
      'transaction_intent.failed',
    ],
  },
  { label: 'Users and accounts', topics: ['user.created', 'user.updated', 'user.deleted', 'account.created'] },
  { label: 'Balances', topics: ['balance.project', 'balance.contract', 'balance.dev_account'] },
  { label: 'Billing', topics: ['usage.threshold_reached'] },
  { label: 'Other', topics: ['test'] },
];

export const STATUS_LABEL: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const DISABLED_REASON: Record<'gone' | 'failing', string> = {
  gone: 'the endpoint answered 410 Gone',
  failing: 'every delivery failed for 5 days',
};
