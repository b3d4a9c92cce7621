import { Check, Columns3 } from 'lucide-react';
import { Menu } from '../ui/menu';

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
