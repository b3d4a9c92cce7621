import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { RelativeTime } from '../../components/ui/relative-time';
import { EVENT_TYPES, eventListSpec } from '../../shared/api/collections';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { TYPE_LABEL } from './monitor-format';
import { MonitorTarget, type Monitor } from './monitor-target';

// The form loads when it is opened: it stays out of the page's first JavaScript.
const MonitorDialog = lazy(() => import('./monitor-dialog'));

const columns: Column<Monitor>[] = [
  { id: 'name', header: 'Name', cell: (m) => <span className="font-medium">{m.name}</span> },
  { id: 'type', header: 'Type', cell: (m) => <Badge tone="info">{TYPE_LABEL[m.type]}</Badge> },
  { id: 'watches', header: 'Watches', cell: (m) => <MonitorTarget monitor={m} /> },
  {
    id: 'status',
    header: 'Status',
    cell: (m) => (m.enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>),
  },
  { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (m) => <RelativeTime iso={m.createdAt} /> },
];

/**
 * Event monitors of this mode: balance thresholds, contract functions, backend wallets, confirmations. Their URL
 * parameters carry the `mon` prefix so the event log's view on the other tab is kept.
 */
export function Monitors() {
  const route = useProjectRoute();
  const base = useModePath();
  const canWrite = useCan('write_data');
  const [open, setOpen] = useState<Monitor | 'new' | null>(null);
  const collection = base && `${base}/events`;
  const add =
    canWrite && collection ? (
      <Button size="toolbar" onClick={() => setOpen('new')}>
        <Plus className="h-4 w-4" aria-hidden /> Add monitor
      </Button>
    ) : undefined;
  return (
    <>
      <DataList<Monitor>
        label="Event monitors"
        listKey="event-monitors"
        urlPrefix="mon"
        apiPath={collection}
        spec={eventListSpec}
        columns={columns}
        chips={[
          {
            field: 'type',
            label: 'Type',
            op: 'eq',
            options: EVENT_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] })),
          },
        ]}
        rowLabel={(m) => `${TYPE_LABEL[m.type]} monitor ${m.name}`}
        onOpen={setOpen}
        actions={add}
        empty={{
          title: 'No event monitors yet',
          description:
            'Monitors turn on-chain changes into events: a balance below a threshold, a contract function called, a backend wallet’s transactions.',
          action: add,
        }}
      />
      {open && collection && route && (
        <Suspense fallback={null}>
          <MonitorDialog
            monitor={open === 'new' ? null : open}
            collection={collection}
            mode={route.mode}
            readOnly={!canWrite}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}
