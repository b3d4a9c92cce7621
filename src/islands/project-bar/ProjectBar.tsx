import { useClientStore } from '../../lib/use-client-store';
import { ChevronsUpDown, Star } from 'lucide-react';
import { $favoriteProjects, toggleFavoriteProject } from '../../stores/favorites';
import { $project } from '../../stores/project-context';
import { useProjectRoute } from '../../lib/use-project';
import { CopyButton } from '../../components/ui/copy-button';
import { Skeleton } from '../../components/ui/state-panel';
import { openPalette } from '../command-palette/open-palette';

/**
 * The project switcher (the current project's name; it opens the palette on the projects, favorites first, with
 * type-to-search and "create project"), the favorite star and copy-id of the current project.
 */
export function ProjectBar() {
  const route = useProjectRoute();
  const favorites = useClientStore($favoriteProjects, []);
  const project = useClientStore($project, { loading: false });
  const current = route?.projectId ?? '';
  const isFavorite = favorites.includes(current);
  const name = project.data?.name;

  return (
    <>
      <div className="flex min-w-0 items-center gap-1">
        <button
          type="button"
          onClick={() => openPalette('projects')}
          className="inline-flex h-8 max-w-56 min-w-24 items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted"
        >
          <span className="sr-only">Switch project, current: </span>
          {name ? (
            <span className="truncate">{name}</span>
          ) : project.error ? (
            <span className="truncate text-muted-foreground">Project not found</span>
          ) : (
            <Skeleton className="h-4 w-28" />
          )}
          <ChevronsUpDown className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />
        </button>
        {current && (
          <span className="hidden items-center gap-1 sm:inline-flex">
            <button
              type="button"
              aria-pressed={isFavorite}
              aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
              title={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
              onClick={() => toggleFavoriteProject(current)}
              className="inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-muted"
            >
              <Star className={`h-4 w-4 ${isFavorite ? 'fill-current text-amber-500' : ''}`} aria-hidden />
            </button>
            <CopyButton value={current} label="project ID" size="md" />
          </span>
        )}
      </div>
    </>
  );
}

export default ProjectBar;
