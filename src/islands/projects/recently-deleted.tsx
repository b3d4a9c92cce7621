import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { RelativeTime } from '../../components/ui/relative-time';
import { apiWrite } from '../../lib/api-write';
import { HOME_TRASH_LIST } from '../../lib/page-request';
import type { TrashedProject } from '../../shared/api/projects';

/** Whole days left before the scheduled purge (at least 0). */
function daysLeft(purgeAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / 86_400_000));
}

function restore(p: TrashedProject): Promise<unknown> {
  return apiWrite(`/projects/${p.id}/restore`, {
    method: 'POST',
    pending: `Restoring ${p.name}…`,
    done: `Project “${p.name}” restored`,
    invalidate: ['/projects'],
  });
}

const COLUMNS: Column<TrashedProject>[] = [
  { id: 'name', header: 'Name', sort: 'name', cell: (p) => <span className="font-medium">{p.name}</span> },
  // On a phone the list keeps the name, when it goes and Restore in view: "Removed for good" says as much as "Deleted".
  {
    id: 'deletedAt',
    header: 'Deleted',
    sort: 'deletedAt',
    className: 'hidden sm:table-cell',
    cell: (p) => <RelativeTime iso={p.deletedAt} />,
  },
  {
    id: 'purgeAt',
    header: 'Removed for good',
    cell: (p) => {
      const days = daysLeft(p.purgeAt);
      return (
        <time dateTime={p.purgeAt} title={new Date(p.purgeAt).toLocaleString()}>
          {days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`}
        </time>
      );
    },
  },
  {
    id: 'restore',
    header: 'Restore',
    className: 'w-12 text-right sm:w-28',
    cell: (p) => (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Restore ${p.name}`}
        onClick={() => void restore(p).catch(() => {})}
      >
        <RotateCcw className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Restore</span>
      </Button>
    ),
  },
];

/**
 * "Recently deleted" on the projects home: the projects the signed-in user owns that are in the trash (docs/api.md
 * "Project trash"), in the one list (sort, search by name, pages; its URL state under `trash…`), each with when it
 * goes for good and Restore. Nothing while loading or when the trash is empty (the projects list above has the
 * page's own loading and empty states); an error says so with Retry. Opening a row asks to restore it.
 */
export function RecentlyDeleted() {
  const [asking, setAsking] = useState<TrashedProject | null>(null);
  return (
    <section aria-labelledby="recently-deleted-heading">
      <DataList<TrashedProject>
        label="Recently deleted"
        listKey="projects-trash"
        apiPath={HOME_TRASH_LIST.apiPath}
        spec={HOME_TRASH_LIST.spec}
        urlPrefix={HOME_TRASH_LIST.urlPrefix}
        columns={COLUMNS}
        hideWhenEmpty
        heading={
          <div>
            <h2 id="recently-deleted-heading" className="text-sm font-medium text-muted-foreground">
              Recently deleted
            </h2>
            <p className="text-xs text-muted-foreground">
              Hidden for everyone, their keys refused and webhooks paused. Restore one within 7 days of its deletion.
            </p>
          </div>
        }
        search={{ placeholder: 'Search deleted projects by name', name: { field: 'name', op: 'contains' } }}
        rowLabel={(p) => `Deleted project ${p.name}`}
        onOpen={setAsking}
        empty={{ title: 'No deleted projects', description: 'Projects you delete stay here for 7 days.' }}
      />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Restore “${asking?.name ?? ''}”?`}
        description="Its keys work again, its webhooks deliver what waited, and everyone with a role sees it again."
        confirmLabel="Restore"
        onConfirm={async () => {
          if (asking) await restore(asking);
        }}
      />
    </section>
  );
}
