/**
 * The page's first list request, sent from the top of the document (docs/decisions.md "The list request from the
 * head"): the build bundles this file into a classic inline script at the start of each dashboard shell's head in
 * place of the early module script (scripts/build/module-preload.ts `withEarlyRequestInline`), so the request leaves
 * as soon as the head is parsed, not once the page's modules have loaded and been compiled (measured cold: ~400 ms
 * after the document's last byte). It carries only what the request needs: no API client, no supabase-js. Without a
 * fresh stored token it sends nothing, and an answer that is not 2xx (an expired session) resolves to nothing: the
 * list then asks through the API client, which refreshes the session.
 */
import { AUTH_STORAGE_KEY, needsMfaStep, readStoredSession } from '../shared/auth-storage';
import { API_BASE, bookmarkHeader, storedAccessToken } from '../lib/api-token';
import { firstRequestOf } from '../lib/page-request';
import { prefetchOnce } from '../lib/prefetch-handoff';

/** Starts the list request of this document's page for a signed-in user; returns the request path, or null. */
export function startEarlyRequest(url: URL = new URL(location.href)): string | null {
  let session = null;
  try {
    session = readStoredSession(localStorage.getItem(AUTH_STORAGE_KEY));
  } catch {
    // Storage blocked: signed out.
  }
  const token = storedAccessToken();
  if (!session || needsMfaStep(session) || !token) return null;
  const path = firstRequestOf(url.pathname, url.search);
  if (!path) return null;
  prefetchOnce(path, async () => {
    const response = await fetch(API_BASE + path, {
      headers: { Authorization: `Bearer ${token}`, ...bookmarkHeader(path) },
    });
    return response.ok ? ((await response.json()) as unknown) : undefined;
  });
  return path;
}
