import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { Button } from '../../components/ui/button';
import { RelativeTime } from '../../components/ui/relative-time';
import { deliveryListSpec, WEBHOOK_TOPICS } from '../../shared/api/collections';
import { invalidatePaths } from '../../lib/query';
import { DateRangeFilter, describeDateFilter } from '../shared/date-range-filter';
import { ReplayDialog } from './replay-dialog';
import { STATUS_LABEL, type Delivery, type Webhook } from './types';
import { DeliveryBadge } from './webhook-status';

// The attempt's sheet loads when one is opened: it stays out of the page's first JavaScript.
const DeliverySheet = lazy(() => import('./delivery-sheet'));

const dash = <span className="text-muted-foreground">—</span>;

const columns: Column<Delivery>[] = [
  { id: 'status', header: 'Status', cell: (d) => <DeliveryBadge status={d.status} /> },
  { id: 'topic', header: 'Topic', cell: (d) => <span className="font-mono text-xs">{d.topic}</span> },
  {
    id: 'response',
    header: 'Response',
    cell: (d) =>
      d.responseCode !== null ? (
        <span className="font-mono text-xs tabular-nums">{d.responseCode}</span>
      ) : d.error ? (
        <span className="block max-w-48 truncate text-xs text-muted-foreground" title={d.error}>
          {d.error}
        </span>
      ) : (
        dash
      ),
  },
  { id: 'attempt', header: 'Attempt', cell: (d) => <span className="tabular-nums">{d.attempt}</span> },
  {
    id: 'latency',
    header: 'Latency',
    cell: (d) => (d.latencyMs === null ? dash : <span className="tabular-nums">{d.latencyMs} ms</span>),
  },
  {
    id: 'createdAt',
    header: 'When',
    sort: 'createdAt',
    // A pending attempt's time is when it is due (a retry waits for its turn in the schedule).
    cell: (d) =>
      d.status === 'pending' ? (
        <span className="inline-flex gap-1">
          due <RelativeTime iso={d.createdAt} />
        </span>
      ) : (
        <RelativeTime iso={d.createdAt} />
      ),
  },
  {
    id: 'nextAttemptAt',
    header: 'Next attempt',
    cell: (d) => (d.nextAttemptAt ? <RelativeTime iso={d.nextAttemptAt} /> : dash),
    optional: true,
  },
];

/**
 * A webhook's delivery log, one row per attempt (filters: topic, status, date); a row opens the attempt (payload,
 * response, error, latency) with "Resend". Replay re-sends every failed event of a window.
 */
export function DeliveryLog({
  webhook,
  webhookPath,
  canWrite,
}: {
  webhook: Webhook;
  webhookPath: string;
  canWrite: boolean;
}) {
  const [open, setOpen] = useState<Delivery | null>(null);
  const path = `${webhookPath}/deliveries`;
  const topics = WEBHOOK_TOPICS.filter((t) => t === 'test' || webhook.topics.includes(t));
  return (
    <>
      <DataList<Delivery>
        label="Deliveries"
        listKey="webhook-deliveries"
        apiPath={path}
        spec={deliveryListSpec}
        columns={columns}
        chips={[
          {
            field: 'status',
            label: 'Status',
            op: 'eq',
            options: (['succeeded', 'failed', 'pending'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] })),
          },
          { field: 'topic', label: 'Topic', op: 'eq', options: topics.map((t) => ({ value: t, label: t })) },
        ]}
        describeFilter={describeDateFilter}
        rowLabel={(d) => `${STATUS_LABEL[d.status]} ${d.topic} delivery, attempt ${d.attempt}`}
        onOpen={setOpen}
        actions={
          <>
            <DateRangeFilter spec={deliveryListSpec} />
            <Button size="toolbar" variant="outline" onClick={() => invalidatePaths(path)}>
              <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
            </Button>
            {canWrite && <ReplayDialog webhookPath={webhookPath} />}
          </>
        }
        empty={{
          title: 'No deliveries yet',
          description: canWrite
            ? 'Events on the topics of this webhook are delivered here. Send a test event to try your endpoint.'
            : 'Events on the topics of this webhook are delivered here.',
        }}
      />
      {open && (
        <Suspense fallback={null}>
          <DeliverySheet delivery={open} webhookPath={webhookPath} canWrite={canWrite} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
