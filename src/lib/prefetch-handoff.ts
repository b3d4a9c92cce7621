/**
 * Hand-off of a data answer fetched on hover to the page the click opens (docs/decisions.md "Prefetch on intent").
 * Pages are separate documents, so the answer waits in session storage (this tab only); the next page takes it once,
 * and only within a few seconds of its fetch: it is never served later as if fresh.
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

/** Keeps an answer for the next page (the newest few; older ones and stale ones are dropped). */
export function storePrefetched(path: string, data: unknown): void {
  write([{ path, at: Date.now(), data }, ...read().filter((e) => e.path !== path)].slice(0, MAX_ENTRIES));
}

/** Takes (and removes) a fresh prefetched answer for exactly this request path; undefined when there is none. */
export function takePrefetched(path: string): unknown {
  if (typeof sessionStorage === 'undefined') return undefined;
  const entries = read();
  const hit = entries.find((e) => e.path === path);
  write(entries.filter((e) => e !== hit));
  return hit?.data;
}
