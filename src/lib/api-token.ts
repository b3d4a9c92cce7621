/**
 * What a request to the data API needs without supabase-js: the stored access token while it is fresh and the
 * project's D1 bookmark (read-your-writes). Apart from src/lib/api-client.ts so that the page's early list request,
 * inlined into each dashboard shell (src/page-scripts/early-request-inline.ts), carries none of the client.
 */
import { AUTH_STORAGE_KEY } from '../shared/auth-storage';
import { STORAGE_KEYS } from '../shared/storage-keys';

export const API_BASE = '/api/v1';

/** Seconds of validity an access token must have left to be sent without refreshing first. */
const MIN_TOKEN_SECONDS = 20;

/** The stored access token while it is valid for a while; null when it is missing or about to expire. */
export function storedAccessToken(): string | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown };
    if (typeof s.access_token !== 'string') return null;
    if (typeof s.expires_at === 'number' && s.expires_at - MIN_TOKEN_SECONDS < Date.now() / 1000) return null;
    return s.access_token;
  } catch {
    return null;
  }
}

export const BOOKMARK_HEADER = 'X-D1-Bookmark';
export const projectOfPath = (path: string) => /^\/projects\/(pro_[^/?#]+)/.exec(path)?.[1] ?? null;

export function readBookmarks(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.bookmarks) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The project's newest bookmark, as the header of a request to it (none for other paths). */
export function bookmarkHeader(path: string): Record<string, string> {
  const project = projectOfPath(path);
  const bookmark = project ? readBookmarks()[project] : undefined;
  return bookmark ? { [BOOKMARK_HEADER]: bookmark } : {};
}
