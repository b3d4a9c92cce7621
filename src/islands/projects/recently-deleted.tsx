import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { StatePanel } from '../../components/ui/state-panel';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import type { TrashedProject } from '../../shared/api/projects';

/** Whole days left before the scheduled purge (at least 0). */
function daysLeft(purgeAt: string): number {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - Date.now()) / 86_400_000));
}

/**
 * "Recently deleted" on the projects home: the projects the signed-in user owns that are in the trash (docs/api.md
 * "Project trash"), each with when it goes for good and Restore. Nothing while loading or when the trash is empty
 * (the projects list above has the page's own loading and empty states); an error says so with Retry.
 */
export function RecentlyDeleted() {
  const { data, error, reload } = useApiQuery<{ data: TrashedProject[] }>('/projects/trash');
  if (error)
    return (
      <StatePanel
        kind="error"
        title="Could not load your recently deleted projects"
        description={error.message}
        onRetry={reload}
      />
    );
  const trashed = data?.data ?? [];
  if (!trashed.length) return null;
  return (
    <section aria-labelledby="recently-deleted-heading" className="grid gap-2">
      <div>
        <h2 id="recently-deleted-heading" className="text-sm font-medium text-muted-foreground">
          Recently deleted
        </h2>
        <p className="text-xs text-muted-foreground">
          Hidden for everyone, their keys refused and webhooks paused. Restore one within 7 days of its deletion.
        </p>
      </div>
      <ul className="grid gap-2">
        {trashed.map((p) => {
          const days = daysLeft(p.purgeAt);
          return (
            <li
              key={p.id}
              aria-label={`Deleted project ${p.name}`}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border bg-card p-3"
            >
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-medium">{p.name}</span>
                <span className="text-xs text-muted-foreground">
                  Deleted <time dateTime={p.deletedAt}>{new Date(p.deletedAt).toLocaleString()}</time> ·{' '}
                  {days === 0 ? 'removed for good today' : `removed for good in ${days} day${days === 1 ? '' : 's'}`}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Restore ${p.name}`}
                onClick={() =>
                  void apiWrite(`/projects/${p.id}/restore`, {
                    method: 'POST',
                    pending: `Restoring ${p.name}…`,
                    done: `Project “${p.name}” restored`,
                    invalidate: ['/projects'],
                  }).catch(() => {})
                }
              >
                <RotateCcw className="h-4 w-4" aria-hidden />
                Restore
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
