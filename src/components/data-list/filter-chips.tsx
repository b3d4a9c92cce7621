import { Check, ChevronDown, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Filter, FilterValue } from '../../shared/api/list-params';
import { Menu } from '../ui/menu';

export interface ChipOption {
  value: FilterValue;
  label: string;
}

/** One filter chip: a field of the list's allow-list with its values (`in` lets several be chosen). */
export interface FilterChip {
  field: string;
  label: string;
  op: 'eq' | 'in';
  options: readonly ChipOption[];
}

/** `accountId` → "account", `transactionHash` → "transaction hash": a field name as people say it. */
export function fieldLabel(field: string): string {
  return field
    .replace(/Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

const valuesOf = (f: Filter | undefined): FilterValue[] =>
  f === undefined ? [] : Array.isArray(f.value) ? f.value : [f.value];

/** The chips of a list: each opens a menu of its values; a chosen value shows in the chip, × clears it. */
export function FilterChips({
  chips,
  filters,
  onChange,
  describe,
}: {
  chips: readonly FilterChip[];
  filters: readonly Filter[];
  onChange: (field: string, filter: Filter | null) => void;
  /** Label of an active filter that has no chip (e.g. `userId` set from a user's page). */
  describe?: (filter: Filter) => ReactNode;
}) {
  const chipFields = new Set(chips.map((c) => c.field));
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
      {chips.map((chip) => {
        const active = filters.find((f) => f.field === chip.field);
        const chosen = valuesOf(active);
        const toggle = (value: FilterValue) => {
          const next =
            chip.op === 'eq'
              ? chosen.includes(value)
                ? []
                : [value]
              : chosen.includes(value)
                ? chosen.filter((v) => v !== value)
                : [...chosen, value];
          onChange(
            chip.field,
            next.length === 0
              ? null
              : next.length === 1
                ? { field: chip.field, op: 'eq', value: next[0]! }
                : { field: chip.field, op: 'in', value: next },
          );
        };
        const names = chosen.map((v) => chip.options.find((o) => o.value === v)?.label ?? String(v));
        return (
          <span
            key={chip.field}
            className={`inline-flex h-8 items-center rounded-full border text-sm ${chosen.length ? 'border-primary bg-primary/10' : 'border-dashed border-border'}`}
          >
            <Menu
              triggerProps={{
                className:
                  'inline-flex h-full items-center gap-1 rounded-full pr-2 pl-3 outline-none focus-visible:ring-2 focus-visible:ring-primary',
              }}
              trigger={
                <>
                  <span className="font-medium">{chip.label}</span>
                  {names.length > 0 && (
                    <span className="max-w-40 truncate text-muted-foreground">
                      : {names[0]}
                      {names.length > 1 ? ` +${names.length - 1}` : ''}
                    </span>
                  )}
                  <ChevronDown className="h-3.5 w-3.5" aria-hidden />
                </>
              }
              content={(M) => (
                <M.Portal>
                  <M.Content
                    align="start"
                    sideOffset={4}
                    className="z-50 max-h-80 min-w-48 overflow-y-auto rounded-md border border-border bg-card p-1 shadow-md"
                  >
                    {chip.options.map((o) => (
                      <M.CheckboxItem
                        key={String(o.value)}
                        checked={chosen.includes(o.value)}
                        onSelect={(e) => {
                          if (chip.op === 'in') e.preventDefault();
                          toggle(o.value);
                        }}
                        className="flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted"
                      >
                        <span className="flex h-4 w-4 items-center justify-center">
                          <M.ItemIndicator>
                            <Check className="h-3.5 w-3.5" aria-hidden />
                          </M.ItemIndicator>
                        </span>
                        {o.label}
                      </M.CheckboxItem>
                    ))}
                  </M.Content>
                </M.Portal>
              )}
            />
            {chosen.length > 0 && (
              <button
                type="button"
                aria-label={`Clear ${chip.label} filter`}
                onClick={() => onChange(chip.field, null)}
                className="mr-1 inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-muted"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            )}
          </span>
        );
      })}
      {filters
        .filter((f) => !chipFields.has(f.field))
        .map((f) => (
          <span
            key={`${f.field}:${f.op}`}
            className="inline-flex h-8 items-center gap-1 rounded-full border border-primary bg-primary/10 pl-3 text-sm"
          >
            {describe?.(f) ?? (
              <span>
                <span className="font-medium">{fieldLabel(f.field)}</span>: {valuesOf(f).join(', ')}
              </span>
            )}
            <button
              type="button"
              aria-label={`Clear ${fieldLabel(f.field)} filter`}
              onClick={() => onChange(f.field, null)}
              className="mr-1 inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-muted"
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </span>
        ))}
    </div>
  );
}
