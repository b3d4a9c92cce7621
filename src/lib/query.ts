/**
 * The query layer (docs/architecture.md "Data layer"): @nanostores/query over the API client. A query's key is its
 * request path (`/projects/pro_…/test/wallets?limit=25`), so identical requests share one fetch and one cache entry.
 * A cached answer shows at once and is fetched again whenever a screen subscribes, unless it is under a second old
 * (no refetch on window focus or reconnect). A failed query retries once, except for answers a retry cannot change
 * (4xx). Writes invalidate the keys under the paths they touch, whatever the answer's age.
 */
import { nanoquery, type FetcherStore, type KeyInput } from '@nanostores/query';
import { onStart, onStop, type ReadableAtom } from 'nanostores';
import { apiRequest, ApiRequestError } from './api-client';

const retryable = (error: unknown) =>
  !(error instanceof ApiRequestError) || error.status === 0 || error.status === 429 || error.status >= 500;

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  // A list's first render asks (`get()`), its effect subscribes a moment later: with an answer already in the hand-off
  // (src/lib/prefetch-handoff.ts) the first request was done by then, and a zero dedupe time sent it again.
  dedupeTime: 1000,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: ({ error, retryCount }) => (retryCount < 1 && retryable(error) ? 800 : false),
});

/** How long after its last subscriber left a running request is aborted (a remount in between keeps it). */
const ABORT_AFTER_UNMOUNT_MS = 1000;

/**
 * A query store for the API path in `path` (an atom, so the key follows the URL; null or '' while it is not known).
 * A request still running when the last subscriber leaves (the island unmounts) is aborted.
 */
export function apiQuery<T>(path: ReadableAtom<string | null> | string): FetcherStore<T, ApiRequestError> {
  const running = new Set<AbortController>();
  const store = createFetcherStore<T, ApiRequestError>([path] as KeyInput, {
    fetcher: async (...parts) => {
      const controller = new AbortController();
      running.add(controller);
      try {
        return await apiRequest<T>(parts.join(''), { signal: controller.signal });
      } finally {
        running.delete(controller);
      }
    },
  });
  // A store also starts and stops for a moment when it is read without listeners (`get()`), so the abort waits to see
  // whether a subscriber comes back before cancelling anything.
  let stopping: ReturnType<typeof setTimeout> | undefined;
  onStart(store, () => clearTimeout(stopping));
  onStop(store, () => {
    clearTimeout(stopping);
    stopping = setTimeout(() => {
      for (const c of running) c.abort();
      running.clear();
    }, ABORT_AFTER_UNMOUNT_MS);
  });
  return store;
}

/**
 * Refetches every cached query whose path starts with one of these prefixes (after a write). The old answers stay on
 * screen until the new ones arrive (no skeleton flash, open forms keep their state).
 */
export function invalidatePaths(...prefixes: string[]): void {
  revalidateKeys((key) => prefixes.some((p) => key === p || key.startsWith(`${p}/`) || key.startsWith(`${p}?`)));
}

/**
 * Forgets the cached answers of lists (request paths with a query string) when another page is swapped in by the
 * client router (src/page-scripts/client-navigation.ts). A list hydrates with the view of its static shell (page 1,
 * no filters) before it reads the URL; a cached page 1 would then count as the answer of that first render, and the
 * list would write page 1's total over a `?page=2` the back button restored. The new page's own request is under way
 * already (started before the swap), so nothing waits longer for it.
 */
export function forgetListAnswers(): void {
  mutateCache((key) => key.includes('?'), undefined);
}
