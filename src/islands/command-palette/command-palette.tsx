import { Command } from 'cmdk';
import { useStore } from '@nanostores/react';
import { ArrowRight, FolderOpen, LayoutGrid, Loader2, Plus, SearchX, Star, ToggleLeft, User } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NAV_GROUPS, ROUTES, projectPath, sectionPathOf, switchModePath, switchProjectPath } from '../../shared/routes';
import { recognize } from '../../shared/object-paths';
import { $projectRoute } from '../../stores/project-context';
import { $favoriteProjects } from '../../stores/favorites';
import { $projects, $projectsFavoritesFirst } from '../../stores/projects';
import { CreateProjectDialog } from '../projects/create-project-dialog';
import { resolveGoTo, type GoTo } from './go-to-anything';
import { findByName, type NameHit } from './find-by-name';
import type { PaletteScope } from './open-palette';
import { leaveTo } from '../../lib/unsaved-changes';
import { navigate } from 'astro:transitions/client';

const item =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[selected=true]:bg-muted';
const heading =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * The command palette (Ctrl K / ⌘ K): jump to a section or a project, create a project, switch mode, and go to
 * anything by pasting an id, an address or a transaction hash (looked up in the current project and mode), and find
 * users, contracts, gas policies and webhooks by name (find-by-name.ts).
 */
export function CommandPalette({
  open,
  scope,
  onOpenChange,
}: {
  open: boolean;
  scope: PaletteScope;
  onOpenChange: (open: boolean) => void;
}) {
  const route = useStore($projectRoute);
  const projects = useStore($projectsFavoritesFirst);
  const projectsState = useStore($projects);
  const favorites = useStore($favoriteProjects);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [goTo, setGoTo] = useState<GoTo | 'loading'>(null);
  // The highlighted item (cmdk): the "go to" answer becomes selectable when it arrives, so Enter opens it.
  const [selected, setSelected] = useState('');
  const recognized = recognize(search);
  const lookup =
    recognized && recognized.kind !== 'name' && recognized.kind !== 'email' && recognized.kind !== 'hex'
      ? recognized
      : null;
  // Find by name in the current project and mode (users, contracts, gas policies, webhooks), after a pause in typing.
  const [hits, setHits] = useState<{ text: string; items: NameHit[] } | null>(null);
  const byName = scope === 'all' && route && !lookup && search.trim().length >= 2 ? search.trim() : null;
  useEffect(() => {
    if (!byName || !route) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findByName(byName, route.projectId, route.mode, controller.signal)
        .then((items) => setHits({ text: byName, items }))
        .catch(() => setHits({ text: byName, items: [] }));
    }, 250);
    return () => (clearTimeout(timer), controller.abort());
  }, [byName, route]);
  const found = byName && hits?.text === byName ? hits.items : [];

  useEffect(() => {
    if (!lookup) return;
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- shows "looking up" while the API answers
    setGoTo('loading');
    void resolveGoTo(lookup.value, route?.projectId ?? null, route?.mode ?? null).then((r) => {
      if (!live) return;
      setGoTo(r);
      if (r && 'href' in r) setSelected('lookup');
    });
    return () => {
      live = false;
    };
  }, [lookup?.value, route?.projectId, route?.mode]); // eslint-disable-line react-hooks/exhaustive-deps

  // Closing forgets what was typed: the palette opens empty next time (its island outlives client-side navigations).
  const close = () => {
    onOpenChange(false);
    setSearch('');
  };
  const go = (href: string) => {
    close();
    // Asks first when the page has unsaved changes (src/lib/unsaved-changes.ts); then a client-side navigation
    // (Astro's router loads a page without it, an auth page or the 404, in full).
    void leaveTo(href, navigate);
  };

  return (
    <>
      <Command.Dialog
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        label={scope === 'projects' ? 'Switch project' : 'Command palette'}
        shouldFilter={!lookup}
        value={selected}
        onValueChange={setSelected}
        overlayClassName="fixed inset-0 z-50 bg-black/40"
        contentClassName="fixed top-[12vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-border bg-card shadow-xl"
      >
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder={
            scope === 'projects'
              ? 'Search projects…'
              : 'Search sections, projects, users, contracts, policies, webhooks, or paste an id, address or hash…'
          }
          className="h-12 w-full border-b border-border bg-transparent px-4 text-sm outline-none"
        />
        <Command.List className={`max-h-[60vh] overflow-y-auto p-2 ${heading}`}>
          {lookup ? (
            <Command.Group heading="Go to">
              {goTo === 'loading' ? (
                <Command.Item value="lookup" className={item} disabled>
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Looking up {lookup.value.slice(0, 18)}…
                </Command.Item>
              ) : goTo && 'href' in goTo ? (
                <Command.Item value="lookup" className={item} onSelect={() => go(goTo.href)}>
                  <ArrowRight className="h-4 w-4" aria-hidden /> {goTo.label}{' '}
                  <span className="truncate font-mono text-xs text-muted-foreground">{lookup.value}</span>
                </Command.Item>
              ) : (
                <Command.Item value="lookup" className={item} disabled>
                  <SearchX className="h-4 w-4" aria-hidden />
                  <span role="status">{goTo?.error ?? 'Nothing to go to.'}</span>
                </Command.Item>
              )}
            </Command.Group>
          ) : (
            <>
              {found.length === 0 && (
                <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
                  {byName && hits?.text !== byName ? 'Searching…' : 'Nothing matches.'}
                </Command.Empty>
              )}
              {found.length > 0 && (
                <Command.Group heading={`In this project (${route?.mode ?? ''} mode)`} forceMount>
                  {found.map((h) => (
                    <Command.Item
                      key={h.id}
                      value={`${h.kind} ${h.name} ${h.id}`}
                      forceMount
                      className={item}
                      onSelect={() => go(h.href)}
                    >
                      <ArrowRight className="h-4 w-4 text-muted-foreground" aria-hidden />
                      <span className="truncate">{h.name}</span>
                      {h.detail && <span className="truncate text-xs text-muted-foreground">{h.detail}</span>}
                      <span className="ml-auto shrink-0 text-xs text-muted-foreground">{h.kind}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {scope === 'all' && route && (
                <Command.Group heading="Sections">
                  {NAV_GROUPS.flatMap((g) =>
                    ROUTES.filter((r) => r.nav === g.id).map((r) => (
                      <Command.Item
                        key={r.shell}
                        value={`${r.title} ${g.label}`}
                        className={item}
                        onSelect={() => go(projectPath(route.projectId, route.mode, sectionPathOf(r.pattern) ?? ''))}
                      >
                        <LayoutGrid className="h-4 w-4 text-muted-foreground" aria-hidden />
                        {r.title}
                        <span className="ml-auto text-xs text-muted-foreground">{g.label}</span>
                      </Command.Item>
                    )),
                  )}
                </Command.Group>
              )}
              <Command.Group heading="Projects">
                {projectsState.loading && !projectsState.data && (
                  <Command.Loading>
                    <span className="px-2 py-2 text-sm text-muted-foreground">Loading projects…</span>
                  </Command.Loading>
                )}
                {projects.map((p) => (
                  <Command.Item
                    key={p.id}
                    value={`${p.name} ${p.id}`}
                    className={item}
                    onSelect={() => go(route ? switchProjectPath(location.pathname, p.id) : `/${p.id}`)}
                  >
                    <FolderOpen className="h-4 w-4 text-muted-foreground" aria-hidden />
                    <span className="truncate">{p.name}</span>
                    {favorites.includes(p.id) && (
                      <Star className="h-3.5 w-3.5 fill-current text-amber-500" aria-label="Favorite" />
                    )}
                    {p.id === route?.projectId && (
                      <span className="ml-auto text-xs text-muted-foreground">Current</span>
                    )}
                  </Command.Item>
                ))}
              </Command.Group>
              <Command.Group heading="Actions">
                <Command.Item value="Create project new" className={item} onSelect={() => (close(), setCreating(true))}>
                  <Plus className="h-4 w-4 text-muted-foreground" aria-hidden /> Create project
                </Command.Item>
                {scope === 'all' && route && (
                  <Command.Item
                    value={`Switch to ${route.mode === 'live' ? 'test' : 'live'} mode`}
                    className={item}
                    onSelect={() => go(switchModePath(location.pathname, route.mode === 'live' ? 'test' : 'live'))}
                  >
                    <ToggleLeft className="h-4 w-4 text-muted-foreground" aria-hidden /> Switch to{' '}
                    {route.mode === 'live' ? 'test' : 'live'} mode
                  </Command.Item>
                )}
                <Command.Item value="All projects home" className={item} onSelect={() => go('/')}>
                  <LayoutGrid className="h-4 w-4 text-muted-foreground" aria-hidden /> All projects
                </Command.Item>
                {scope === 'all' && (
                  <Command.Item value="Profile account MFA password" className={item} onSelect={() => go('/profile')}>
                    <User className="h-4 w-4 text-muted-foreground" aria-hidden /> Profile
                  </Command.Item>
                )}
              </Command.Group>
            </>
          )}
        </Command.List>
      </Command.Dialog>
      {creating && (
        <CreateProjectDialog
          open
          onOpenChange={(next) => {
            if (!next) setCreating(false);
          }}
        />
      )}
    </>
  );
}

export default CommandPalette;
