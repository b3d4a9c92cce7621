import * as Menu from '@radix-ui/react-dropdown-menu';
import { useStore } from '@nanostores/react';
import { $favoriteProjects, toggleFavoriteProject } from '../../stores/favorites';
import { $projectId } from '../../stores/project';
import { matchRoute, switchProjectPath } from '../../shared/routes';
import { useMounted } from '../../lib/use-mounted';
import { Tooltip, TooltipProvider } from '../../components/ui/tooltip';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';

/** Known projects, favorites first. The project list from the API joins here when it exists. */
export function orderProjects(favorites: readonly string[], others: readonly string[]): string[] {
  return [...new Set([...favorites, ...others])];
}

/** Project switcher (favorites first), favorite toggle and copy-id for the current project. */
export function ProjectBar() {
  const mounted = useMounted();
  const favorites = useStore($favoriteProjects);
  const saved = useStore($projectId);
  if (!mounted) return <div className="h-8" aria-hidden="true" />;
  const current = matchRoute(location.pathname)?.params.projectId ?? '';
  const projects = orderProjects(favorites, [current, saved].filter(Boolean));
  const isFavorite = favorites.includes(current);

  return (
    <TooltipProvider>
      <div className="flex min-w-0 items-center gap-1">
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button variant="outline" size="sm" className="min-w-0 max-w-56 justify-start" aria-label="Switch project">
              <span className="truncate font-mono text-xs">{current || 'Choose a project'}</span>
            </Button>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content
              align="start"
              sideOffset={4}
              className="z-50 min-w-56 rounded-md border border-border bg-card p-1 shadow-md"
            >
              <Menu.Label className="px-2 py-1 text-xs text-muted-foreground">Projects</Menu.Label>
              {projects.map((id) => (
                <Menu.Item key={id} asChild>
                  <a
                    href={switchProjectPath(location.pathname, id)}
                    className="flex items-center justify-between gap-2 rounded px-2 py-1.5 font-mono text-xs outline-none data-[highlighted]:bg-muted"
                  >
                    <span className="truncate">{id}</span>
                    {favorites.includes(id) && <span aria-label="Favorite">★</span>}
                  </a>
                </Menu.Item>
              ))}
              <Menu.Separator className="my-1 h-px bg-border" />
              <Menu.Item asChild>
                <a href="/" className="block rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted">
                  All projects
                </a>
              </Menu.Item>
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
        {current && (
          <>
            <Tooltip content={isFavorite ? 'Remove from favorites' : 'Add to favorites'}>
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={isFavorite}
                aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
                onClick={() => toggleFavoriteProject(current)}
              >
                {isFavorite ? '★' : '☆'}
              </Button>
            </Tooltip>
            <Tooltip content="Copy project ID">
              <Button
                variant="ghost"
                size="sm"
                aria-label="Copy project ID"
                onClick={() =>
                  navigator.clipboard.writeText(current).then(
                    () => toast.success('Project ID copied'),
                    () => toast.error('Could not copy the project ID'),
                  )
                }
              >
                ⧉
              </Button>
            </Tooltip>
          </>
        )}
      </div>
    </TooltipProvider>
  );
}

export default ProjectBar;
