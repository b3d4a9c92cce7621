import { lazy, Suspense } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { Badge } from '../../components/ui/badge';
import { RelativeTime } from '../../components/ui/relative-time';
import { eventLogListSpec, WEBHOOK_TOPICS } from '../../shared/api/collections';
import { useModePath } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { DateRangeFilter, describeDateFilter } from '../shared/date-range-filter';
import type { EventLogItem } from '../webhooks/types';

// The sheet loads when an event is opened: it stays out of the page's first JavaScript.
const EventSheet = lazy(() => import('./event-sheet'));

/** "2 delivered, 1 failed" as badges; "No webhook" when nobody subscribes. */
function Results({ d }: { d: EventLogItem['deliveries'] }) {
  if (!d.succeeded && !d.failed && !d.pending) return <span className="text-muted-foreground">No webhook</span>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {d.succeeded > 0 && <Badge tone="success">{d.succeeded} delivered</Badge>}
      {d.failed > 0 && <Badge tone="danger">{d.failed} failed</Badge>}
      {d.pending > 0 && <Badge tone="warning">{d.pending} pending</Badge>}
    </span>
  );
}

/** The part of a payload that differs between events (`data`; the topic and time have their own columns). */
function dataOf(payload: unknown): unknown {
  return payload && typeof payload === 'object' && 'data' in payload ? payload.data : payload;
}

const columns: Column<EventLogItem>[] = [
  { id: 'topic', header: 'Topic', cell: (e) => <span className="font-mono text-xs">{e.topic}</span> },
  { id: 'results', header: 'Webhooks', cell: (e) => <Results d={e.deliveries} /> },
  {
    id: 'payload',
    header: 'Data',
    cell: (e) => (
      <span className="block max-w-80 truncate font-mono text-xs text-muted-foreground">
        {JSON.stringify(dataOf(e.payload))}
      </span>
    ),
  },
  { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (e) => <RelativeTime iso={e.createdAt} /> },
];

/** Every event of this mode (the outbox), filterable by topic and date; a row opens who received it and how. */
export function EventLog() {
  const base = useModePath();
  const open = new URLSearchParams(useSearch()).get('event');
  const apiPath = base && `${base}/event-log`;
  return (
    <>
      <DataList<EventLogItem>
        label="Event log"
        listKey="event-log"
        apiPath={apiPath}
        spec={eventLogListSpec}
        columns={columns}
        chips={[
          { field: 'topic', label: 'Topic', op: 'in', options: WEBHOOK_TOPICS.map((t) => ({ value: t, label: t })) },
        ]}
        describeFilter={describeDateFilter}
        rowLabel={(e) => `${e.topic} event`}
        onOpen={(e) => patchSearch({ event: e.id })}
        actions={<DateRangeFilter spec={eventLogListSpec} />}
        empty={{
          title: 'No events yet',
          description:
            'Events are recorded when users, accounts, transactions or monitored balances change, and when you send a test event to a webhook.',
        }}
      />
      {open && apiPath && (
        <Suspense fallback={null}>
          <EventSheet id={open} apiPath={apiPath} />
        </Suspense>
      )}
    </>
  );
}
