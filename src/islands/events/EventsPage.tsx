import { TabBar } from '../../components/ui/tab-bar';
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
  const tab: (typeof TABS)[number]['id'] =
    new URLSearchParams(useSearch()).get('tab') === 'monitors' ? 'monitors' : 'log';

  return (
    <div className="grid gap-5">
      <TabBar
        label="Events sections"
        tabs={TABS}
        selected={tab}
        onSelect={(id) => patchSearch({ tab: id === 'log' ? null : id })}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'log' ? <EventLog /> : <Monitors />}
      </div>
    </div>
  );
}

export default EventsPage;
