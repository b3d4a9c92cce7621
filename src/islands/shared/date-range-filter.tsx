/**
 * A "Date" control for a list whose spec filters `createdAt` with `gte`/`lte`: from and to in local time, written to
 * the list's URL like every other filter (docs/api.md "Lists"). `describeDateFilter` labels its chips.
 */
import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import type { Filter, ListSpec } from '../../shared/api/list-params';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { readListView, viewSearch } from '../../components/data-list/list-view';
import { useSearch } from '../../lib/use-search';
import { setSearch } from '../../stores/location';

const FIELD = 'createdAt';

/** `2026-11-23T10:05` in local time, for a `datetime-local` input. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

const short = (value: Filter['value']) =>
  new Date(typeof value === 'number' ? value : String(value)).toLocaleString('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** "From Nov 23, 2026, 10:05 AM" / "Until …" for a createdAt chip; undefined for other filters. */
export function describeDateFilter(f: Filter) {
  if (f.field !== FIELD || Array.isArray(f.value)) return undefined;
  return (
    <span>
      <span className="font-medium">{f.op === 'lte' || f.op === 'lt' ? 'Until' : 'From'}</span> {short(f.value)}
    </span>
  );
}

export function DateRangeFilter({ spec, urlPrefix = '' }: { spec: ListSpec; urlPrefix?: string }) {
  const search = useSearch();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();

  function start() {
    const { query } = readListView(spec, search, urlPrefix);
    const at = (op: string) => query.filters.find((f) => f.field === FIELD && f.op === op)?.value;
    const f = at('gte');
    const t = at('lte');
    setFrom(typeof f === 'number' ? toLocalInput(f) : '');
    setTo(typeof t === 'number' ? toLocalInput(t) : '');
    setError(undefined);
  }

  function apply(clear = false) {
    const f = clear || !from ? null : Date.parse(from);
    const t = clear || !to ? null : Date.parse(to);
    if (f !== null && t !== null && f > t) return setError('The end must be after the start.');
    const { query } = readListView(spec, location.search, urlPrefix);
    const filters = query.filters.filter((x) => x.field !== FIELD);
    if (f !== null) filters.push({ field: FIELD, op: 'gte', value: new Date(f).toISOString() });
    if (t !== null) filters.push({ field: FIELD, op: 'lte', value: new Date(t).toISOString() });
    setSearch(viewSearch(location.search, spec, { ...query, filters, page: 1 }, urlPrefix));
    setOpen(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next && start(), setOpen(next))}
      title="Filter by date"
      description="Rows created between these times (your local time). Leave one empty for an open end."
      trigger={
        <Button size="toolbar" variant="outline">
          <CalendarRange className="h-4 w-4" aria-hidden /> Date
        </Button>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="From" type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          <Field label="To" type="datetime-local" value={to} error={error} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => apply(true)}>
            Clear dates
          </Button>
          <Button type="submit">Apply</Button>
        </div>
      </form>
    </Dialog>
  );
}
