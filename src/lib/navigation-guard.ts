/**
 * "A navigation is about to happen" (docs/architecture.md "Navigation without a document reload"). Sections switch
 * without a document reload, so `beforeunload` no longer sees most navigations: a screen with unsaved edits registers
 * here instead. The check runs before every client-side navigation (links, back and forward, `navigate()`), before
 * anything is fetched; returning false keeps the user on the page (back/forward are put back in the history).
 * A navigation the client router does not take (a full load: another tab's link, `location.assign`, a reload) still
 * goes through the browser's `beforeunload`, so a guard registers both.
 *
 *   const stop = onBeforeNavigate(({ to }) => {
 *     if (!dirty) return true;
 *     openConfirm(() => continueNavigation(to)); // an async dialog: stay now, go on when confirmed
 *     return false;
 *   });
 *
 * The same check is a DOM event for plain scripts: `dashboard:before-navigate` on `document`, cancelable, with
 * `{ from, to, navigationType }` as its detail (`preventDefault()` keeps the page).
 */
export const BEFORE_NAVIGATE_EVENT = 'dashboard:before-navigate';

export interface BeforeNavigateDetail {
  from: URL;
  to: URL;
  /** `push` (a link, `navigate()`), `replace`, or `traverse` (back and forward). */
  navigationType: 'push' | 'replace' | 'traverse';
}

/** Runs `check` before every client-side navigation; false keeps the page. Returns a function that unregisters it. */
export function onBeforeNavigate(check: (detail: BeforeNavigateDetail) => boolean | void): () => void {
  const listener = (event: Event) => {
    if (check((event as CustomEvent<BeforeNavigateDetail>).detail) === false) event.preventDefault();
  };
  document.addEventListener(BEFORE_NAVIGATE_EVENT, listener);
  return () => document.removeEventListener(BEFORE_NAVIGATE_EVENT, listener);
}

let skipChecks = false;

/** Asks the registered checks; false when one keeps the page. Used by the client router (and skipped once after `continueNavigation`). */
export function mayNavigate(detail: BeforeNavigateDetail): boolean {
  if (skipChecks) {
    skipChecks = false;
    return true;
  }
  return document.dispatchEvent(new CustomEvent(BEFORE_NAVIGATE_EVENT, { cancelable: true, detail }));
}

/** Goes on with a navigation a check stopped (after the user confirmed), without asking the checks again. */
export function continueNavigation(to: URL | string): void {
  skipChecks = true;
  // The router is loaded on every dashboard page already; imported here on use, so this module stays plain.
  void import('astro:transitions/client').then(({ navigate }) => navigate(String(to)));
}
