import { Check, Columns3 } from 'lucide-react';
import { STORAGE_KEYS } from '../../shared/storage-keys';
import { Menu } from '../ui/menu';

/** The visible column ids saved for a list (local storage), or null when the user never chose. */
export function savedColumns(listKey: string): string[] | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.columns + listKey) ?? 'null');
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** Saves the visible columns of a list. */
export function saveColumns(listKey: string, ids: readonly string[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.columns + listKey, JSON.stringify(ids));
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** Menu of the list's columns with a check for each visible one (at least one stays visible). */
export function ColumnChooser({
  columns,
  visible,
  onChange,
}: {
  columns: readonly { id: string; header: string }[];
  visible: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <Menu
      triggerProps={{
        'aria-label': 'Choose columns',
        title: 'Choose columns',
        className: 'inline-flex h-9 items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-muted',
      }}
      trigger={
        <>
          <Columns3 className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">Columns</span>
        </>
      }
      content={(M) => (
        <M.Portal>
          <M.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-48 rounded-md border border-border bg-card p-1 shadow-md"
          >
            {columns.map((c) => {
              const on = visible.includes(c.id);
              return (
                <M.CheckboxItem
                  key={c.id}
                  checked={on}
                  disabled={on && visible.length === 1}
                  onSelect={(e) => {
                    e.preventDefault();
                    onChange(
                      on
                        ? visible.filter((v) => v !== c.id)
                        : columns.map((x) => x.id).filter((id) => id === c.id || visible.includes(id)),
                    );
                  }}
                  className="flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted"
                >
                  <span className="flex h-4 w-4 items-center justify-center">
                    <M.ItemIndicator>
                      <Check className="h-3.5 w-3.5" aria-hidden />
                    </M.ItemIndicator>
                  </span>
                  {c.header}
                </M.CheckboxItem>
              );
            })}
          </M.Content>
        </M.Portal>
      )}
    />
  );
}
