/**
 * Hand-off of a data answer fetched ahead of the page that needs it (docs/decisions.md "Prefetch on intent" and
 * "Navigation without a document reload"): on hover of a section link, when a client-side navigation starts, and while
 * a page's document is still being parsed. The list's own request (`apiRequest`) takes the answer instead of asking
 * again, once, and only within a few seconds of its start: it is never served later as if fresh.
 *
 * Within one document the request itself is handed over (a promise, so a request still under way is awaited rather
 * than sent twice). Across a full page load (a link the client router does not take) the answer waits in session
 * storage (this tab only).
 */
import { STORAGE_KEYS } from '../shared/storage-keys';

/** How long a prefetched answer may wait for the navigation it was fetched for. */
export const PREFETCH_MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 3;

interface Entry {
  path: string;
  at: number;
  data: unknown;
}

function read(): Entry[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.prefetch) ?? '[]');
    return Array.isArray(value) ? (value as Entry[]).filter((e) => Date.now() - e.at <= PREFETCH_MAX_AGE_MS) : [];
  } catch {
    return [];
  }
}

function write(entries: Entry[]): void {
  try {
    if (entries.length) sessionStorage.setItem(STORAGE_KEYS.prefetch, JSON.stringify(entries));
    else sessionStorage.removeItem(STORAGE_KEYS.prefetch);
  } catch {
    // Storage full or blocked: the next page simply fetches.
  }
}

/** Keeps an answer for the next document (the newest few; older ones and stale ones are dropped). */
export function storePrefetched(path: string, data: unknown): void {
  write([{ path, at: Date.now(), data }, ...read().filter((e) => e.path !== path)].slice(0, MAX_ENTRIES));
}

/** Requests under way or answered in this document, by path: the answer (undefined when the request failed). */
const pending = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Where the inline script of a dashboard page leaves the list request it started while the page was parsed
 * (src/lib/early-request-script.ts), before any module ran: taken into the hand-off when this module first runs.
 */
export const EARLY_REQUEST_GLOBAL = '__dashboardEarlyRequest';

export interface EarlyRequest {
  path: string;
  at: number;
  answer: Promise<unknown>;
}

/** The request the inline script started while this document was parsed, once adopted. */
let adopted: EarlyRequest | undefined;

function adoptEarlyRequest(): void {
  if (typeof window === 'undefined') return;
  const early = (window as unknown as Record<string, EarlyRequest | undefined>)[EARLY_REQUEST_GLOBAL];
  delete (window as unknown as Record<string, unknown>)[EARLY_REQUEST_GLOBAL];
  if (early && typeof early.path === 'string' && early.answer instanceof Promise) {
    pending.set(early.path, early);
    adopted = early;
  }
}
adoptEarlyRequest();

/**
 * The answer of the list request the inline script started while this document was parsed (the page's default view),
 * if there was one and it is fresh: for the first rows painted before the island (src/lib/early-rows.ts). Unlike
 * `takePrefetched` it leaves the request to the list.
 */
export function earlyAnswer(): Promise<unknown> | undefined {
  return adopted && Date.now() - adopted.at <= PREFETCH_MAX_AGE_MS ? adopted.answer : undefined;
}

function fresh(path: string): { at: number; answer: Promise<unknown> } | undefined {
  const hit = pending.get(path);
  if (hit && Date.now() - hit.at > PREFETCH_MAX_AGE_MS) pending.delete(path);
  return pending.get(path);
}

/**
 * Starts `request` for `path` unless a fresh one is already under way or waiting, and keeps its answer for the page
 * (a failed request resolves to undefined: the page then fetches for itself); `acrossLoads` also keeps it for the next
 * document. Returns whether it started one.
 */
export function prefetchOnce(
  path: string,
  request: () => Promise<unknown>,
  options: { acrossLoads?: boolean } = {},
): boolean {
  if (fresh(path) || asking.has(path)) return false;
  const answer = request().then(
    (data) => {
      // A hovered link may still open with a full load (without the client router): then it waits in the tab.
      if (options.acrossLoads && data !== undefined) storePrefetched(path, data);
      return data;
    },
    () => undefined,
  );
  pending.set(path, { at: Date.now(), answer });
  return true;
}

/**
 * The page's own GET requests under way, by path (how many). A prefetch of one of them would send it twice: on a full
 * load, an island hydrated while the document was still being parsed asks before the layout's early request does.
 */
const asking = new Map<string, number>();

/** Notes `request` (the page's own GET of `path`) as under way until it settles, and returns it. */
export function askingFor<T>(path: string, request: Promise<T>): Promise<T> {
  asking.set(path, (asking.get(path) ?? 0) + 1);
  const settled = () => {
    const left = (asking.get(path) ?? 1) - 1;
    if (left > 0) asking.set(path, left);
    else asking.delete(path);
  };
  request.then(settled, settled);
  return request;
}

/** Whether a fresh answer for `path` is under way or waiting. */
export function isPrefetched(path: string): boolean {
  return Boolean(fresh(path)) || read().some((e) => e.path === path);
}

/**
 * Takes (and removes) a fresh prefetched answer for exactly this request path: a promise of it (resolving to
 * undefined when that request failed); undefined when there is none.
 */
export function takePrefetched(path: string): Promise<unknown> | undefined {
  const hit = fresh(path);
  pending.delete(path);
  if (typeof sessionStorage === 'undefined') return hit?.answer;
  const entries = read();
  const stored = entries.find((e) => e.path === path);
  write(entries.filter((e) => e !== stored));
  if (hit) return hit.answer;
  return stored ? Promise.resolve(stored.data) : undefined;
}
