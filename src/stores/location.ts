import { atom } from 'nanostores';

/**
 * The page's query string, kept in step with the history: list views live in the URL (page, limit, order, filters,
 * total), so a link reproduces a view and back/forward restore it.
 */
export const $search = atom<string>(typeof location === 'undefined' ? '' : location.search);

/**
 * The path of the page on screen. Back/forward to another path is a page change, made by the client router
 * (src/page-scripts/client-navigation.ts): it moves `$search` once the leaving page's islands are gone, so they never
 * read the next page's URL.
 */
let pagePath = typeof location === 'undefined' ? '' : location.pathname;

/** Called by the client router when it swaps in the page at `pathname`. */
export function setPagePath(pathname: string): void {
  pagePath = pathname;
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (location.pathname === pagePath) $search.set(location.search);
  });
}

/** Moves to new search params: a new history entry, or `replace` for corrections the user did not make. */
export function setSearch(params: URLSearchParams, options: { replace?: boolean } = {}): void {
  const qs = params.toString();
  const url = `${location.pathname}${qs ? `?${qs}` : ''}${location.hash}`;
  if (url === location.pathname + location.search + location.hash) return;
  if (options.replace) history.replaceState(history.state, '', url);
  else history.pushState(history.state, '', url);
  $search.set(location.search);
}

/** Sets (or with null removes) some params and keeps the others. */
export function patchSearch(changes: Record<string, string | null>, options: { replace?: boolean } = {}): void {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  setSearch(params, options);
}
