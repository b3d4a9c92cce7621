import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';

/**
 * The tab bar of a page's sections (WAI-ARIA tabs, automatic activation): the selected tab is the one tab stop;
 * ArrowLeft and ArrowRight move to the previous and next tab (wrapping), Home and End to the first and last, each
 * selecting it. The page renders the panel as `role="tabpanel"` with `id="panel-{id}"` and
 * `aria-labelledby="tab-{id}"`, and keeps the selection (usually in the URL).
 */
export function TabBar<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.findIndex((t) => t.id === selected);
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i + last) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(tabs[next]!.id);
    list.current?.querySelector<HTMLButtonElement>(`#tab-${tabs[next]!.id}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto border-b border-border"
    >
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`tab-${t.id}`}
          aria-selected={selected === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={selected === t.id ? 0 : -1}
          onClick={() => onSelect(t.id)}
          className={cn(
            '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-primary',
            selected === t.id
              ? 'border-primary text-foreground'
              : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
