import { useClientStore } from '../../lib/use-client-store';
import { ArrowRight, Plus, Star } from 'lucide-react';
import { useMemo } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { HOME_LIST } from '../../lib/page-request';
import type { Project } from '../../shared/api/projects';
import { safeRedirectPath } from '../../shared/safe-redirect';
import { parseHomeParams } from '../../shared/search-params';
import { projectPath } from '../../shared/routes';
import { useSearch } from '../../lib/use-search';
import { $favoriteProjects, toggleFavoriteProject } from '../../stores/favorites';
import { $mode } from '../../stores/project';
import { $projects } from '../../stores/projects';
import { CreateProjectDialog } from './create-project-dialog';
import { RecentlyDeleted } from './recently-deleted';

/** Where choosing a project leads: the saved mode (else test), and with `from` the page the guard was asked for. */
export function projectTarget(projectId: string, mode: string, from: string | null): string {
  const m = mode === 'live' ? 'live' : 'test';
  const rest = from ? safeRedirectPath(from) : '';
  return projectPath(projectId, m) + (rest === '/' ? '' : rest);
}

function FavoriteButton({ project }: { project: Pick<Project, 'id' | 'name'> }) {
  const favorites = useClientStore($favoriteProjects, []);
  const on = favorites.includes(project.id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? `Remove ${project.name} from favorites` : `Add ${project.name} to favorites`}
      onClick={(e) => (e.stopPropagation(), toggleFavoriteProject(project.id))}
      className="inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-muted"
    >
      <Star className={`h-4 w-4 ${on ? 'fill-current text-amber-500' : 'text-muted-foreground'}`} aria-hidden />
    </button>
  );
}

/** A project's name linking into it (the saved mode; `from` continues there). Reads the mode itself, so a change of
 * mode re-renders the links, not the list. */
function ProjectLink({
  project,
  from,
  className,
}: {
  project: Pick<Project, 'id' | 'name'>;
  from: string | null;
  className: string;
}) {
  const mode = useClientStore($mode, '');
  return (
    <a href={projectTarget(project.id, mode, from)} className={className}>
      {project.name}
    </a>
  );
}

/** The favorite projects as cards above the list (nothing until the projects are known, or without favorites). */
function FavoriteCards({ from }: { from: string | null }) {
  const favorites = useClientStore($favoriteProjects, []);
  // The switcher's list of every project is fetched only for someone with favorites to show.
  return favorites.length ? <FavoriteCardList from={from} favorites={favorites} /> : null;
}

function FavoriteCardList({ from, favorites }: { from: string | null; favorites: readonly string[] }) {
  const all = useClientStore($projects, { loading: false });
  const favoriteProjects = (all.data?.data ?? []).filter((p) => favorites.includes(p.id));
  if (!favoriteProjects.length) return null;
  return (
    <section aria-labelledby="favorites-heading">
      <h2 id="favorites-heading" className="mb-2 text-sm font-medium text-muted-foreground">
        Favorites
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {favoriteProjects.map((p) => (
          <li key={p.id} className="flex items-center gap-2 rounded-lg border border-border bg-card p-3">
            <FavoriteButton project={p} />
            <ProjectLink project={p} from={from} className="min-w-0 flex-1 truncate font-medium hover:underline" />
            <ArrowRight className="h-4 w-4 text-muted-foreground" aria-hidden />
          </li>
        ))}
      </ul>
    </section>
  );
}

function projectColumns(from: string | null): Column<Project>[] {
  return [
    { id: 'favorite', header: 'Favorite', cell: (p) => <FavoriteButton project={p} />, className: 'w-12' },
    {
      id: 'name',
      header: 'Name',
      sort: 'name',
      cell: (p) => <ProjectLink project={p} from={from} className="font-medium hover:underline" />,
    },
    { id: 'role', header: 'Your role', cell: (p) => (p.role ? <Badge>{p.role}</Badge> : '—') },
    { id: 'plan', header: 'Plan', cell: (p) => p.plan },
    {
      id: 'id',
      header: 'Project ID',
      optional: true,
      cell: (p) => (
        <span className="inline-flex items-center gap-1 font-mono text-xs">
          {p.id.slice(0, 12)}…<CopyButton value={p.id} label="project ID" />
        </span>
      ),
    },
    { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (p) => <RelativeTime iso={p.createdAt} /> },
  ];
}

/**
 * The home page: the user's projects (favorites first), search, create; `from` continues into the chosen project.
 * The stores that settle after hydration (saved mode, favorites, the projects of the switcher) are read by the small
 * parts that show them, not here: each would otherwise re-render the whole list, in one blocking task each.
 */
export function ProjectsHome() {
  const from = parseHomeParams(useSearch()).from ?? null;
  const columns = useMemo(() => projectColumns(from), [from]);
  const open = (id: string) => location.assign(projectTarget(id, $mode.get(), from));

  return (
    <>
      <div className="grid gap-6">
        {from && (
          <p role="status" className="rounded-md border border-border bg-muted/50 p-3 text-sm">
            Choose a project to open <code className="font-mono">{safeRedirectPath(from)}</code> in it.
          </p>
        )}
        <FavoriteCards from={from} />
        <DataList<Project>
          label="Projects"
          listKey="projects"
          apiPath={HOME_LIST.apiPath}
          spec={HOME_LIST.spec}
          columns={columns}
          search={{
            placeholder: 'Search projects by name',
            name: { field: 'name', op: 'contains' },
            openId: (id, prefix) => (prefix === 'pro' ? (open(id), true) : false),
          }}
          rowLabel={(p) => `Project ${p.name}`}
          onOpen={(p) => open(p.id)}
          empty={{
            title: 'No projects yet',
            description: 'A project holds your app’s users, wallets and keys, in a live and a test mode.',
            action: (
              <CreateProjectDialog
                trigger={
                  <Button size="sm">
                    <Plus className="h-4 w-4" aria-hidden /> Create your first project
                  </Button>
                }
              />
            ),
          }}
          actions={
            <CreateProjectDialog
              trigger={
                <Button size="toolbar">
                  <Plus className="h-4 w-4" aria-hidden /> Create project
                </Button>
              }
            />
          }
        />
        <RecentlyDeleted />
      </div>
    </>
  );
}

export default ProjectsHome;
