/**
 * Data before hydration (docs/decisions.md "Navigation without a document reload"): the first module script of every
 * dashboard page starts the list request of the page being opened as soon as the document is parsed, while the
 * islands' modules still load and evaluate; the list takes the answer from the hand-off instead of asking again.
 * Only for a signed-in visitor: the gate sends everyone else to the sign-in page. Its module graph holds no React
 * (the `early` chunk of astro.config.mjs), so it runs before the React chunk has even loaded.
 */
import { AUTH_STORAGE_KEY, needsMfaStep, readStoredSession } from '../shared/auth-storage';
import { prefetchPageData } from '../lib/prefetch-section';

/**
 * The user timing set when a document's own early request starts (a view in the URL, asked for by the layout's module
 * script): what tells a test that the page asked, not the list.
 */
export const PAGE_REQUEST_MARK = 'dashboard:page-request';

/**
 * Starts the first data request of the page at `url` (default: this document's) for a signed-in user. Returns whether
 * it started one (not when signed out, for a page without a list, or when a fresh one is under way).
 */
export function startPageRequest(url: URL = new URL(location.href)): boolean {
  let session = null;
  try {
    session = readStoredSession(localStorage.getItem(AUTH_STORAGE_KEY));
  } catch {
    // Storage blocked: signed out.
  }
  if (!session || needsMfaStep(session)) return false;
  return prefetchPageData(url);
}
