import { Badge } from '../../components/ui/badge';
import { TableScroll } from '../../components/data-list/table-scroll';
import { CONFIG_KINDS, KIND_LABELS, type ConfigKind, type PlanItem } from '../../shared/api/config';
import type { Mode } from '../../shared/api/common';
import { actionLabel, compareLabel, formatValue, itemId } from './plan-format';

/** The field-by-field diff of an object: `path: old → new`, folded when long. */
function Changes({ item }: { item: PlanItem }) {
  if (!item.changes.length) return <span className="text-muted-foreground">No differences</span>;
  const rows = item.changes.map((c) => (
    <li key={c.path} className="[overflow-wrap:anywhere]">
      <span className="font-mono text-xs">{c.path}</span>:{' '}
      {item.compare === 'only_in_source' ? (
        <span>{formatValue(c.to)}</span>
      ) : (
        <>
          <span className="text-muted-foreground line-through decoration-muted-foreground/60">
            {formatValue(c.from)}
          </span>{' '}
          → <span>{formatValue(c.to)}</span>
        </>
      )}
    </li>
  ));
  if (rows.length <= 3) return <ul className="grid gap-0.5">{rows}</ul>;
  return (
    <details>
      <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-ring">
        {rows.length} fields
      </summary>
      <ul className="mt-1 grid gap-0.5">{rows}</ul>
    </details>
  );
}

function Plan({ item }: { item: PlanItem }) {
  const a = actionLabel(item);
  return (
    <div className="grid gap-1">
      <span>
        <Badge tone={a.tone}>{a.text}</Badge>
      </span>
      {item.reasons.map((r) => (
        <span
          key={`${r.path}:${r.message}`}
          className="text-xs [overflow-wrap:anywhere] text-red-700 dark:text-red-300"
        >
          {r.path ? `${r.path}: ` : ''}
          {r.message}
        </span>
      ))}
    </div>
  );
}

/**
 * The compare grouped by kind: for each object how it compares, the diff, and what applying does. With `selected`,
 * each object and each group has a checkbox (what to promote).
 */
export function PlanGroups({
  items,
  from,
  to,
  selected,
  onToggle,
}: {
  items: PlanItem[];
  from: string;
  to: Mode;
  selected?: Set<string>;
  onToggle?: (ids: string[], on: boolean) => void;
}) {
  const groups = CONFIG_KINDS.map((kind) => ({ kind, rows: items.filter((i) => i.kind === kind) })).filter(
    (g) => g.rows.length,
  );
  const pickable = (i: PlanItem) => i.compare === 'only_in_source' || i.compare === 'differs';
  return (
    <div className="grid gap-5">
      {groups.map(({ kind, rows }) => (
        <Group
          key={kind}
          kind={kind}
          rows={rows}
          from={from}
          to={to}
          selected={selected}
          onToggle={onToggle}
          pickable={pickable}
        />
      ))}
    </div>
  );
}

function Group({
  kind,
  rows,
  from,
  to,
  selected,
  onToggle,
  pickable,
}: {
  kind: ConfigKind;
  rows: PlanItem[];
  from: string;
  to: Mode;
  selected?: Set<string>;
  onToggle?: (ids: string[], on: boolean) => void;
  pickable: (i: PlanItem) => boolean;
}) {
  const ids = rows.filter(pickable).map(itemId);
  const all = ids.length > 0 && ids.every((id) => selected?.has(id));
  const label = KIND_LABELS[kind];
  return (
    <section aria-label={label} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-semibold">{label}</h2>
        {selected && onToggle && ids.length > 0 && (
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={all}
              onChange={(e) => onToggle(ids, e.target.checked)}
            />
            Promote all {label.toLowerCase()}
          </label>
        )}
      </div>
      <TableScroll label={label} busy={false}>
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
            <tr>
              {selected && (
                <th scope="col" className="w-10 px-3 py-2 font-medium">
                  <span className="sr-only">Promote</span>
                </th>
              )}
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Compare
              </th>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Changes ({to} → {from === 'document' ? 'file' : from})
              </th>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Plan
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => {
              const c = compareLabel(i, from, to);
              const id = itemId(i);
              return (
                <tr key={id} className="border-b border-border align-top last:border-0">
                  {selected && (
                    <td className="px-3 py-2">
                      {pickable(i) && onToggle && (
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          aria-label={`Promote ${i.label}`}
                          checked={selected.has(id)}
                          onChange={(e) => onToggle([id], e.target.checked)}
                        />
                      )}
                    </td>
                  )}
                  <td className="max-w-64 px-3 py-2 font-medium break-words">{i.label}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Badge tone={c.tone}>{c.text}</Badge>
                  </td>
                  <td className="min-w-56 px-3 py-2 [overflow-wrap:anywhere]">
                    {i.compare === 'only_in_target' ? (
                      <span className="text-muted-foreground">—</span>
                    ) : (
                      <Changes item={i} />
                    )}
                  </td>
                  <td className="w-64 min-w-40 px-3 py-2">
                    <Plan item={i} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
