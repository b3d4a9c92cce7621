import { useRef, type KeyboardEvent } from 'react';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { EventLog } from './event-log';
import { Monitors } from './monitors';

const TABS = [
  { id: 'log', label: 'Event log' },
  { id: 'monitors', label: 'Monitors' },
] as const;

/** The events section: the event log (`?tab` unset) and the event monitors (`?tab=monitors`). */
export function EventsPage() {
  const tab = new URLSearchParams(useSearch()).get('tab') === 'monitors' ? 'monitors' : 'log';
  const list = useRef<HTMLDivElement>(null);
  const go = (id: string) => patchSearch({ tab: id === 'log' ? null : id });

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = TABS.find((t) => t.id !== tab)!;
    go(next.id);
    list.current?.querySelector<HTMLButtonElement>(`#tab-${next.id}`)?.focus();
  }

  return (
    <div className="grid gap-5">
      <div
        ref={list}
        role="tablist"
        aria-label="Events sections"
        onKeyDown={onKey}
        className="flex gap-1 overflow-x-auto border-b border-border"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => go(t.id)}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-primary ${
              tab === t.id
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'log' ? <EventLog /> : <Monitors />}
      </div>
    </div>
  );
}

export default EventsPage;
