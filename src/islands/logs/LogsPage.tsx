import { lazy, Suspense, useMemo } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { readListView, viewSearch } from '../../components/data-list/list-view';
import { Badge } from '../../components/ui/badge';
import { RelativeTime } from '../../components/ui/relative-time';
import {
  LOG_METHODS,
  LOG_RETENTION_DAYS,
  LOG_STATUS_CLASSES,
  requestLogListSpec,
  type RequestLog,
} from '../../shared/api/request-logs';
import type { Filter } from '../../shared/api/list-params';
import { useModePath } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch, setSearch } from '../../stores/location';
import { DateRangeFilter, describeDateFilter } from '../shared/date-range-filter';
import { LogChart } from './log-chart';
import { LiveTailButton, useLiveTail } from './live-tail';
import { statusTone } from './format';
import { TimePresets } from './time-presets';
import { LogScopeSelect, scopeApiPath, scopeOfSearch } from './log-scope';

// The sheet loads when a request is opened: it stays out of the page's first JavaScript.
const LogSheet = lazy(() => import('./log-sheet'));

const columns: Column<RequestLog>[] = [
  {
    id: 'status',
    header: 'Status',
    cell: (l) => <Badge tone={statusTone(l.status)}>{l.status}</Badge>,
  },
  { id: 'method', header: 'Method', cell: (l) => <span className="font-mono text-xs">{l.method}</span> },
  {
    id: 'path',
    header: 'Path',
    className: 'whitespace-nowrap',
    cell: (l) => (
      <span className="block max-w-96 truncate font-mono text-xs" title={l.shortPath}>
        {l.shortPath}
      </span>
    ),
  },
  {
    id: 'caller',
    header: 'Caller',
    cell: (l) =>
      l.caller ? (
        <span className="text-sm">
          {l.caller.name ?? (l.caller.type === 'key' ? 'A deleted key' : 'A former member')}
          <span className="block text-xs text-muted-foreground">
            {l.caller.type === 'key' ? 'API key' : 'Dashboard'}
          </span>
        </span>
      ) : (
        <span className="text-muted-foreground">Not signed in</span>
      ),
  },
  {
    id: 'latency',
    header: 'Latency',
    className: 'whitespace-nowrap',
    cell: (l) => <span className="tabular-nums">{l.latencyMs} ms</span>,
  },
  { id: 'error', header: 'Error', optional: true, cell: (l) => l.errorCode ?? '' },
  {
    id: 'requestId',
    header: 'Request id',
    optional: true,
    cell: (l) => <span className="font-mono text-xs">{l.id}</span>,
  },
  { id: 'createdAt', header: 'Time', sort: 'createdAt', cell: (l) => <RelativeTime iso={l.createdAt} /> },
];

const HOUR = 3600_000;

/** A key filter's chip: "Key: key_…" (the page of the key links here with it). */
function describeFilter(f: Filter) {
  if (f.field === 'keyId')
    return (
      <span>
        <span className="font-medium">API key</span> <span className="font-mono text-xs">{String(f.value)}</span>
      </span>
    );
  if (f.field === 'route')
    return (
      <span>
        <span className="font-medium">Route</span> <span className="font-mono text-xs">{String(f.value)}</span>
      </span>
    );
  return describeDateFilter(f);
}

/**
 * The request log (`/logs`; one request on a page of its own is LogPage.tsx): every /api/v1 request of this mode, newest first, with filters,
 * search by request id or path, a chart of requests and errors, CSV export and a live tail; a row opens its sheet.
 */
export function LogsPage() {
  const base = useModePath();
  const search = useSearch();
  // This mode's requests, or (`?scope=project`) the project-level ones: members, settings, billing.
  const scope = scopeOfSearch(search);
  const apiPath = base && scopeApiPath(base, scope);
  const open = new URLSearchParams(search).get('request');
  const { query } = useMemo(() => readListView(requestLogListSpec, search), [search]);
  const bound = (op: string) => {
    const v = query.filters.find((f) => f.field === 'createdAt' && f.op === op)?.value;
    return typeof v === 'number' ? v : null;
  };
  const until = bound('lte') ?? bound('lt');
  const tailable = query.page === 1 && query.order.dir === 'desc' && until === null;
  const tail = useLiveTail(apiPath, tailable);
  // The chart's range: the list's time filters, else the last hour; "now" moves with the live tail, by the minute.
  const now = Math.ceil(tail.tick / 60_000) * 60_000;
  const to = until ?? now;
  const from = bound('gte') ?? bound('gt') ?? to - HOUR;

  const filterBy = (field: 'route' | 'keyId', value: string) => {
    const view = readListView(requestLogListSpec, location.search).query;
    const filters = [...view.filters.filter((f) => f.field !== field), { field, op: 'eq' as const, value }];
    const next = viewSearch(location.search, requestLogListSpec, { ...view, filters, page: 1 });
    next.delete('request');
    setSearch(next);
  };

  const close = () => patchSearch({ request: null });

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {scope === 'project'
          ? 'Every request to the project’s own settings, members and billing (they belong to no mode),'
          : 'Every API request of this mode from the dashboard and your secret keys,'}{' '}
        kept {LOG_RETENTION_DAYS} days. Bodies, credentials and secret query values are never recorded.
      </p>
      {apiPath && <LogChart apiPath={apiPath} from={from} to={Math.max(to, from + 60_000)} />}
      <DataList<RequestLog>
        label="Requests"
        listKey="logs"
        apiPath={apiPath}
        spec={requestLogListSpec}
        columns={columns}
        chips={[
          {
            field: 'statusClass',
            label: 'Status',
            op: 'in',
            options: LOG_STATUS_CLASSES.map((s) => ({ value: s, label: s })),
          },
          { field: 'method', label: 'Method', op: 'in', options: LOG_METHODS.map((m) => ({ value: m, label: m })) },
        ]}
        search={{
          placeholder: 'Request id or path (/wallets…)',
          ids: { req: 'id' },
          name: { field: 'path', op: 'prefix', label: 'the start of the path' },
        }}
        describeFilter={describeFilter}
        rowLabel={(l) => `${l.method} ${l.shortPath} ${l.status}`}
        onOpen={(l) => patchSearch({ request: l.id })}
        csv={scope === 'mode' ? { filename: 'logs' } : undefined}
        actions={
          <>
            <LogScopeSelect scope={scope} />
            <TimePresets spec={requestLogListSpec} />
            <DateRangeFilter spec={requestLogListSpec} />
            <LiveTailButton live={tail.live} enabled={tailable} onToggle={tail.toggle} />
          </>
        }
        empty={{
          title: 'No requests in this view',
          description:
            'Requests appear here a moment after they are made: from this dashboard and from your secret keys. Widen the time range or clear the filters.',
        }}
      />
      {open && apiPath && (
        <Suspense fallback={null}>
          <LogSheet id={open} apiPath={apiPath} onClose={close} onFilter={filterBy} />
        </Suspense>
      )}
    </div>
  );
}

export default LogsPage;
