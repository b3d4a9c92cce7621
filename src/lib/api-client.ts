/**
 * The one typed client for `/api/v1` (docs/architecture.md "Data layer"): sends the session's access token, refreshes
 * the session and retries once on 401, turns the API's error body into an `ApiRequestError` (field errors kept for
 * forms) and takes an AbortSignal so an island can abort what it no longer needs.
 */
import { AUTH_STORAGE_KEY, loginPath } from '../shared/auth-storage';
import { askingFor, takePrefetched } from './prefetch-handoff';
import { INVALID_BODY_MESSAGE } from '../shared/api/error-messages';
import { STORAGE_KEYS } from '../shared/storage-keys';

export const API_BASE = '/api/v1';

/** An answer of the data API that is not 2xx, or a request that never got one (status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** Validation messages by field path (`name`, `rules.0.value`), for showing next to form fields. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!Array.isArray(this.details)) return out;
    for (const d of this.details as { path?: unknown; message?: unknown }[]) {
      const path = Array.isArray(d?.path) ? d.path.join('.') : typeof d?.path === 'string' ? d.path : '';
      if (typeof d?.message === 'string' && !(path in out)) out[path] = d.message;
    }
    return out;
  }

  /**
   * What a toast says of this refusal. A body refused by field with the API's generic message says how many fields
   * need a change (each one's reason shows at its field); any other message is the API's own.
   */
  get summary(): string {
    const count = Object.keys(this.fieldErrors).length;
    if (this.message !== INVALID_BODY_MESSAGE || count === 0) return this.message;
    return count === 1 ? 'Not saved: a field needs a change' : `Not saved: ${count} fields need a change`;
  }

  /** The object does not exist here (also another tenant's object: the API answers 404 for both). */
  get notFound(): boolean {
    return this.status === 404;
  }
}

/** Seconds of validity an access token must have left to be sent without refreshing first. */
export const MIN_TOKEN_SECONDS = 20;

/**
 * The access token of a stored session (`raw`: the storage's value) while it is valid for `minSeconds` more; null when
 * it is missing or about to expire. Self-contained: it is also serialised into the early request's inline script.
 */
export function freshAccessToken(raw: string | null, nowSeconds: number, minSeconds: number): string | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown } | null;
    if (!s || typeof s.access_token !== 'string') return null;
    if (typeof s.expires_at === 'number' && s.expires_at - minSeconds < nowSeconds) return null;
    return s.access_token;
  } catch {
    return null;
  }
}

/** The stored access token while it is valid for a while; null when it is missing or about to expire. */
function storedAccessToken(): string | null {
  try {
    return freshAccessToken(localStorage.getItem(AUTH_STORAGE_KEY), Date.now() / 1000, MIN_TOKEN_SECONDS);
  } catch {
    return null;
  }
}

/** An access token: the stored one when fresh, else one from supabase-js (which refreshes); null when signed out. */
async function accessToken(forceRefresh: boolean): Promise<string | null> {
  if (!forceRefresh) {
    const stored = storedAccessToken();
    if (stored) return stored;
  }
  const { supabase } = await import('./supabase');
  const auth = supabase().auth;
  const { data } = forceRefresh ? await auth.refreshSession() : await auth.getSession();
  return data.session?.access_token ?? null;
}

/**
 * Leaves for the sign-in page. Unless the session only owes its second factor, it is over (the API refused it, and so
 * did the refresh), so it is removed here first: supabase-js keeps a session whose refresh was refused while its access
 * token has not expired yet (a session ended on another device, a deleted user), and the sign-in page sends a stored
 * session home again, which would loop until that expiry (docs/decisions.md "A refused session is removed").
 */
function leaveForSignIn(mfa: boolean): never {
  if (!mfa) localStorage.removeItem(AUTH_STORAGE_KEY);
  location.assign(loginPath(location.pathname + location.search + location.hash, mfa));
  throw new ApiRequestError(401, 'unauthorized', 'Your session has ended. Sign in again.');
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  type ErrorBody = { error?: { code?: unknown; message?: unknown; details?: unknown } } | null;
  const body = (await response.json().catch(() => null)) as ErrorBody; // Not JSON (a proxy's page): status says enough.
  const e = body?.error;
  const message =
    typeof e?.message === 'string' ? e.message : `The server answered ${response.status} ${response.statusText}`;
  return new ApiRequestError(response.status, typeof e?.code === 'string' ? e.code : 'internal', message, e?.details);
}

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export const BOOKMARK_HEADER = 'X-D1-Bookmark';
const projectOfPath = (path: string) => /^\/projects\/(pro_[^/?#]+)/.exec(path)?.[1] ?? null;

function readBookmarks(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.bookmarks) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The newest bookmark kept for a project (`raw`: the storage's value), if any. Self-contained: it is also serialised
 * into the early request's inline script.
 */
export function projectBookmark(raw: string | null, projectId: string): string | undefined {
  try {
    const all = JSON.parse(raw ?? '{}') as Record<string, unknown> | null;
    const bookmark = all && typeof all === 'object' ? all[projectId] : undefined;
    return typeof bookmark === 'string' && bookmark ? bookmark : undefined;
  } catch {
    return undefined;
  }
}

/** The project's newest bookmark, as the header of a request to it (none for other paths). */
function bookmarkHeader(path: string): Record<string, string> {
  const project = projectOfPath(path);
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.bookmarks);
  } catch {
    // Storage off: no bookmark.
  }
  const bookmark = project ? projectBookmark(raw, project) : undefined;
  return bookmark ? { [BOOKMARK_HEADER]: bookmark } : {};
}

/**
 * Keeps the bookmark a write's answer carries (the only one a later read needs: read-your-writes), when it is newer
 * than the one kept (answers may arrive out of order). Reads keep nothing: a page load writes no storage and sends no
 * header until the user has written something.
 */
function keepBookmark(path: string, method: string, response: Response): void {
  if (method === 'GET') return;
  const project = projectOfPath(path);
  const bookmark = response.headers.get(BOOKMARK_HEADER);
  if (!project || !bookmark) return;
  const all = readBookmarks();
  const [shard, mark] = bookmark.split(':');
  const [keptShard, kept] = (all[project] ?? '').split(':');
  if (keptShard === shard && kept && mark && kept >= mark) return;
  all[project] = bookmark;
  try {
    localStorage.setItem(STORAGE_KEYS.bookmarks, JSON.stringify(all));
  } catch {
    // Storage full or off: reads may then come from a replica a moment behind.
  }
}

/** Sends one request to `/api/v1{path}` with the session's token; a 401 refreshes the session and retries once. */
export async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const send = (token: string) =>
    fetch(API_BASE + path, {
      method: init.method ?? 'GET',
      signal: init.signal,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...bookmarkHeader(path),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }).catch((error: unknown) => {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new ApiRequestError(0, 'network', 'Could not reach the server. Check your connection and try again.');
    });
  const token = await accessToken(false);
  if (!token) leaveForSignIn(false);
  let response = await send(token);
  if (response.status === 401) {
    const first = await errorOf(response.clone());
    // A password-only session of a user with a verified factor owes the code step (docs/api.md "Authentication").
    if (first.code === 'mfa_required') leaveForSignIn(true);
    const fresh = await accessToken(true);
    if (!fresh) leaveForSignIn(false);
    response = await send(fresh);
    if (response.status === 401) leaveForSignIn(false);
  }
  keepBookmark(path, init.method ?? 'GET', response);
  return response;
}

/** Sends a request and reads its JSON answer; a non-2xx answer throws `ApiRequestError`. */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const get = (init.method ?? 'GET') === 'GET';
  if (get) {
    // A section link hovered, a navigation under way or the page's early request may have fetched this very request
    // for us; when that request failed, this one asks again.
    const prefetched = await takePrefetched(path);
    if (prefetched !== undefined) return prefetched as T;
  }
  // A GET of its own is noted while under way: a prefetch of the same request then leaves it alone.
  const response = await (get ? askingFor(path, apiFetch(path, init)) : apiFetch(path, init));
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
