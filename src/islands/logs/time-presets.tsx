import { readListView, viewSearch } from '../../components/data-list/list-view';
import type { ListSpec } from '../../shared/api/list-params';
import { useSearch } from '../../lib/use-search';
import { setSearch } from '../../stores/location';

/** Ranges ending now: "from this long ago" (the custom range is the Date button beside it). */
export const PRESETS = [
  { id: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { id: '1h', label: 'Last hour', ms: 3600_000 },
  { id: '24h', label: 'Last 24 hours', ms: 86_400_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
] as const;

/** Sets the list's `createdAt ≥` filter to the preset's start (an end time is dropped); `30d` is the whole log. */
function pick(spec: ListSpec, id: string) {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) return;
  const { query } = readListView(spec, location.search);
  const filters = query.filters.filter((f) => f.field !== 'createdAt');
  if (preset.id !== '30d')
    filters.push({ field: 'createdAt', op: 'gte', value: new Date(Date.now() - preset.ms).toISOString() });
  setSearch(viewSearch(location.search, spec, { ...query, filters, page: 1 }));
}

/** A select of the preset ranges: picking one sets the list's `createdAt ≥` filter (and drops an end time). */
export function TimePresets({ spec }: { spec: ListSpec }) {
  const search = useSearch();
  const { query } = readListView(spec, search);
  const from = query.filters.find((f) => f.field === 'createdAt' && f.op === 'gte');
  const custom = query.filters.some((f) => f.field === 'createdAt' && f.op !== 'gte');
  const value = from || custom ? 'custom' : '30d';
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Time range</span>
      <select
        className="h-9 rounded-md border border-border bg-background px-2 text-sm"
        value={value}
        onChange={(e) => pick(spec, e.target.value)}
      >
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
        {value === 'custom' && (
          <option value="custom">
            {from && typeof from.value === 'number'
              ? `Since ${new Date(from.value).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}`
              : 'Custom range'}
          </option>
        )}
      </select>
    </label>
  );
}
