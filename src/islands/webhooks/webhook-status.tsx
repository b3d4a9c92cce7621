import { Badge } from '../../components/ui/badge';
import { RelativeTime } from '../../components/ui/relative-time';
import { STATUS_LABEL, type DeliveryStatus, type Webhook } from './types';

/** Enabled; disabled by a person; or disabled by the engine (410 Gone, or failing for 5 days). */
export function WebhookStatus({ webhook }: { webhook: Pick<Webhook, 'enabled' | 'disabledReason'> }) {
  if (webhook.enabled) return <Badge tone="success">Enabled</Badge>;
  if (webhook.disabledReason === 'gone') return <Badge tone="danger">Disabled: 410 Gone</Badge>;
  if (webhook.disabledReason === 'failing') return <Badge tone="danger">Disabled: failing</Badge>;
  return <Badge>Disabled</Badge>;
}

const TONE = { succeeded: 'success', failed: 'danger', pending: 'warning' } as const;

/** A delivery attempt's status. */
export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return <Badge tone={TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

/** "97 %" of the last 24 hours' deliveries that succeeded, or a dash without deliveries. */
export function SuccessRate({ rate }: { rate: number | null | undefined }) {
  if (rate === null || rate === undefined)
    return (
      <span className="text-muted-foreground" title="No deliveries in the last 24 hours">
        —
      </span>
    );
  const pct = Math.round(rate * 1000) / 10;
  const tone =
    rate >= 0.95 ? '' : rate >= 0.5 ? 'text-amber-700 dark:text-amber-300' : 'text-red-700 dark:text-red-300';
  return <span className={`font-medium tabular-nums ${tone}`}>{pct} %</span>;
}

/** When the last delivery was made, and how it went. */
export function LastDelivery({ webhook }: { webhook: Pick<Webhook, 'lastDeliveryAt' | 'lastDeliveryStatus'> }) {
  if (!webhook.lastDeliveryAt) return <span className="text-muted-foreground">Never</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <RelativeTime iso={webhook.lastDeliveryAt} />
      {webhook.lastDeliveryStatus && <DeliveryBadge status={webhook.lastDeliveryStatus} />}
    </span>
  );
}

/** The topics of a webhook, short. */
export function TopicList({ topics }: { topics: readonly string[] }) {
  return (
    <span className="flex max-w-72 flex-wrap gap-1">
      {topics.slice(0, 2).map((t) => (
        <Badge key={t}>
          <span className="font-mono">{t}</span>
        </Badge>
      ))}
      {topics.length > 2 && <Badge>+{topics.length - 2}</Badge>}
    </span>
  );
}
