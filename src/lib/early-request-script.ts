/**
 * Data before hydration, at the earliest (docs/decisions.md "The first page after sign-in"): an
 * inline script in the head of every dashboard page starts the first list request of a list section (wallets, users,
 * transactions) as the parser reaches it, before any module has loaded. The module scripts (src/page-scripts/
 * early-request.ts) only run once the whole page is parsed and their modules are in: on a busy machine that was
 * 250–450 ms into the load. The list takes the answer from the hand-off (src/lib/prefetch-handoff.ts).
 *
 * Only the section's default view (no query string): its request path is computed here, at build time, by the very
 * function the list's early request uses (`firstRequestOf`); a view in the URL is left to the module script, which
 * reads it as the list does. The script is the same on every dashboard page (the client router runs no inline script
 * the first page's policy does not list), and does nothing on a page without a list or when the gate is leaving.
 */
import { AUTH_STORAGE_KEY } from '../shared/auth-storage';
import { PROJECT_ID_PREFIX } from '../shared/project-id';
import { MODES } from '../shared/routes';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { API_BASE, BOOKMARK_HEADER, freshAccessToken, MIN_TOKEN_SECONDS, projectBookmark } from './api-client';
import { firstRequestOf, LIST_PAGES } from './page-request';
import { EARLY_REQUEST_GLOBAL } from './prefetch-handoff';

/** What the inline script needs, computed at build time. */
export interface EarlyRequestConfig {
  /** The first request of each list section's default view, after `/projects/{projectId}/{mode}`, by section path. */
  requests: Record<string, string>;
  modes: readonly string[];
  projectPrefix: string;
  api: string;
  global: string;
  authKey: string;
  bookmarksKey: string;
  bookmarkHeader: string;
  minSeconds: number;
}

/** Starts the list request of this page's default view, if it is a list section and the session is fresh. */
export function startListRequestWhileParsing(
  c: EarlyRequestConfig,
  token: (raw: string | null, nowSeconds: number, minSeconds: number) => string | null,
  bookmark: (raw: string | null, projectId: string) => string | undefined,
): void {
  // Only while the document is parsed (never again after a client-side swap), and not when the gate is leaving.
  if (document.readyState !== 'loading' || document.documentElement.dataset.auth || location.search) return;
  const [, projectId = '', mode = '', section = '', extra] = location.pathname.split('/');
  const rest = c.requests[section];
  if (!rest || (extra !== undefined && extra !== '') || !projectId.startsWith(c.projectPrefix)) return;
  if (!c.modes.includes(mode)) return;
  try {
    const access = token(localStorage.getItem(c.authKey), Date.now() / 1000, c.minSeconds);
    if (!access) return;
    const headers: Record<string, string> = { Authorization: `Bearer ${access}` };
    const kept = bookmark(localStorage.getItem(c.bookmarksKey), projectId);
    if (kept) headers[c.bookmarkHeader] = kept;
    const path = `/projects/${projectId}/${mode}${rest}`;
    const answer = fetch(c.api + path, { headers }).then(
      (r) => (r.ok ? (r.json() as Promise<unknown>) : undefined),
      () => undefined,
    );
    (window as unknown as Record<string, unknown>)[c.global] = { path, at: Date.now(), answer };
  } catch {
    // Storage blocked: the list asks for itself.
  }
}

/** The default view's first request of each list section, after `/projects/{projectId}/{mode}` (same in both modes). */
export function listRequestsBySection(): Record<string, string> {
  const sample = `${PROJECT_ID_PREFIX}00000000-0000-7000-8000-000000000000`;
  const out: Record<string, string> = {};
  for (const section of Object.keys(LIST_PAGES)) {
    const [first, ...others] = MODES.map((mode) => {
      const path = firstRequestOf(`/${sample}/${mode}/${section}`, '');
      const prefix = `/projects/${sample}/${mode}`;
      if (!path?.startsWith(prefix)) throw new Error(`no list request for /${section}`);
      return path.slice(prefix.length);
    });
    if (others.some((o) => o !== first)) throw new Error(`/${section} asks differently by mode`);
    out[section] = first!;
  }
  return out;
}

/** Source of the inline script (the edge allows it by its SHA-256 hash; the same on every dashboard page). */
export const EARLY_REQUEST_SCRIPT = `(${startListRequestWhileParsing.toString()})(${JSON.stringify({
  requests: listRequestsBySection(),
  modes: MODES,
  projectPrefix: PROJECT_ID_PREFIX,
  api: API_BASE,
  global: EARLY_REQUEST_GLOBAL,
  authKey: AUTH_STORAGE_KEY,
  bookmarksKey: STORAGE_KEYS.bookmarks,
  bookmarkHeader: BOOKMARK_HEADER,
  minSeconds: MIN_TOKEN_SECONDS,
} satisfies EarlyRequestConfig)},${freshAccessToken.toString()},${projectBookmark.toString()});`;
