/**
 * Data before hydration (docs/decisions.md "Navigation without a document reload"): the first module script of every
 * dashboard page starts the list request of the page being opened as soon as the document is parsed, while the
 * islands' modules still load and evaluate; the list takes the answer from the hand-off instead of asking again.
 * Only for a signed-in visitor: the gate sends everyone else to the sign-in page. Its module graph holds no React
 * (the `early` chunk of astro.config.mjs), so it runs before the React chunk has even loaded.
 */
import { AUTH_STORAGE_KEY, needsMfaStep, readStoredSession } from '../shared/auth-storage';
import { prefetchPageData } from '../lib/prefetch-section';

/** Starts the first data request of the page at `url` (default: this document's) for a signed-in user. */
export function startPageRequest(url: URL = new URL(location.href)): void {
  let session = null;
  try {
    session = readStoredSession(localStorage.getItem(AUTH_STORAGE_KEY));
  } catch {
    // Storage blocked: signed out.
  }
  if (!session || needsMfaStep(session)) return;
  prefetchPageData(url);
}
