/**
 * The first data request of a list page, derived from its URL exactly as the page's list derives it (the same spec,
 * `readListView` and `listRequestPath` as src/components/data-list). Used by the early request of a page being opened
 * (src/page-scripts/early-request.ts), by the client-side navigation before the new page is swapped in, and by the
 * hover prefetch of a sidebar link (src/lib/prefetch-section.ts): all three must ask for the very path the list asks
 * for, or the list would not find the answer in the hand-off (src/lib/prefetch-handoff.ts).
 */
import {
  projectListSpec,
  transactionListSpec,
  trashListSpec,
  userListSpec,
  walletListSpec,
} from '../shared/api/collections';
import type { ListSpec } from '../shared/api/list-params';
import { isMode, matchRoute } from '../shared/routes';
import { listRequestPath, readListView } from '../components/data-list/list-view';
import { knownTotal, totalKey } from '../components/data-list/list-totals';

/** The list each section's page shows first, by shell (its collection in the API and its list spec). */
export const LIST_PAGES: Readonly<Record<string, { collection: string; spec: ListSpec }>> = {
  wallets: { collection: 'wallets', spec: walletListSpec },
  users: { collection: 'users', spec: userListSpec },
  transactions: { collection: 'transactions', spec: transactionListSpec },
};

/** The projects home's list (src/islands/projects/ProjectsHome.tsx): the user's projects, outside any project. */
export const HOME_LIST = { shell: 'home', apiPath: '/projects', spec: projectListSpec } as const;

/**
 * The projects home's second list (src/islands/projects/recently-deleted.tsx): the user's projects in the trash, its
 * view in the URL under `trash…`.
 */
export const HOME_TRASH_LIST = { apiPath: '/projects/trash', spec: trashListSpec, urlPrefix: 'trash' } as const;

/**
 * Every request the lists of the page at `pathname` + `search` send first: the first list's (`firstRequestOf`), then
 * those of the page's other lists (the projects home's recently deleted projects). Empty for a page without a list.
 */
export function pageRequestsOf(pathname: string, search: string): string[] {
  const first = firstRequestOf(pathname, search);
  if (!first) return [];
  if (matchRoute(pathname)?.route.shell !== HOME_LIST.shell) return [first];
  const { apiPath, spec, urlPrefix } = HOME_TRASH_LIST;
  return [first, firstListRequest(apiPath, spec, search, urlPrefix)];
}

/** The API path the list of the page at `pathname` + `search` requests first; null for a page without such a list. */
export function firstRequestOf(pathname: string, search: string): string | null {
  const match = matchRoute(pathname);
  if (match?.route.shell === HOME_LIST.shell) return firstListRequest(HOME_LIST.apiPath, HOME_LIST.spec, search);
  const page = match && LIST_PAGES[match.route.shell];
  const { projectId, mode } = match?.params ?? {};
  if (!page || !projectId || !isMode(mode)) return null;
  return firstListRequest(`/projects/${projectId}/${mode}/${page.collection}`, page.spec, search);
}

function firstListRequest(apiPath: string, spec: ListSpec, search: string, urlPrefix = ''): string {
  const { query } = readListView(spec, search, urlPrefix);
  // As the list sends it: on later pages with the total it remembers for these filters (page 1 counts;
  // src/components/data-list/list-totals.ts).
  const total = query.page > 1 ? knownTotal(totalKey(apiPath, query.filters)) : undefined;
  return listRequestPath(apiPath, { ...query, total });
}
