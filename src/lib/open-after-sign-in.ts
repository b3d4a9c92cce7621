/**
 * The sign-in opens the dashboard through the client router (docs/decisions.md "The first page after sign-in",
 * eleventh session): the sign-in page loads the router at idle, and a sign-in then swaps the dashboard page into this
 * document instead of loading it as a new one, so what the sign-in page has parsed and evaluated already (React, the
 * shared chunks, supabase-js) is not paid again. The router runs the new page's scripts (the dashboard's own client
 * navigation starts there), announces the page title, and the focus goes to its heading as after any section switch.
 * For an auth page, before the page has settled, or when the router cannot load, a full load.
 */
import { focusHeading } from './focus-heading';
import { warmUpSettled } from './warm-cache';
import { applyStoredTheme } from './theme-script';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { THEME_CSS_VARIABLES, faviconType } from '../shared/theme';

type Navigate = (href: string) => Promise<void>;

let router: Promise<Navigate | null> | null = null;
/** The dashboard's early list request (the very module the swapped-in page runs, so the hand-off is the same). */
let pageRequest: Promise<((url: URL) => void) | null> | null = null;

/** Loads the client router (at idle, while the password is typed). Resolves to its `navigate` (null: not loaded). */
export function loadSignInRouter(): Promise<Navigate | null> {
  if (!router) {
    // As on the dashboard's pages (src/layouts/DashboardLayout.astro): the router is told the View Transitions API is
    // missing, so it swaps at once (its "swap" fallback) instead of capturing snapshots of both pages (~40 ms here).
    (document as { startViewTransition?: unknown }).startViewTransition = undefined;
    router = import('astro:transitions/client').then(
      (loaded) => loaded.navigate,
      () => null,
    );
    pageRequest = import('../page-scripts/early-request').then(
      (loaded) => loaded.startPageRequest,
      () => null,
    );
  }
  return router;
}

/** Opens `path` (a path `safeRedirectPath` accepted) after a sign-in. */
export async function openAfterSignIn(path: string): Promise<void> {
  // Only once the sign-in page has settled (its warm-up done): a sign-in in the middle of the warm-up (a robot, a
  // password manager) swapped no faster than a full load, measured with the bench's fast sign-in, so it loads in full.
  const navigate = path.startsWith('/auth/') || !warmUpSettled() ? null : await loadSignInRouter();
  if (!navigate) return location.assign(path);
  // The swap replaces the root element's attributes and the head's icon: the stored ecosystem theme goes on again, as
  // the head's inline script puts it on a loaded page (that script ran here already, so the router does not run it).
  document.addEventListener(
    'astro:after-swap',
    () => applyStoredTheme(STORAGE_KEYS.ecosystemTheme, THEME_CSS_VARIABLES, faviconType),
    { once: true },
  );
  // `astro:page-load` comes once the new page's scripts have run (its islands hydrate from there).
  document.addEventListener('astro:page-load', focusHeading, { once: true });
  // The page's list asks for its first page now, while the shell is fetched and the islands load, as before a section
  // switch (src/page-scripts/client-navigation.ts); the list takes the answer from the hand-off.
  (await pageRequest)?.(new URL(path, location.href));
  void navigate(path);
}
