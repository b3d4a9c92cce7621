/**
 * The totals the lists counted, kept for this tab (docs/api.md "Lists"): page 1 always counts; the pages after it
 * send the total they remember, so the API does not count again. The total is not in the URL (links and bookmarks
 * stay clean, a detail link never carries it); it is keyed by what it counts (the collection's path and its filters:
 * not the page, the size or the order) and kept in memory and in session storage, so a reload on page 3 or coming
 * back from a detail page still knows it.
 */
import { encodeFilters, type Filter } from '../../shared/api/list-params';
import { STORAGE_KEYS } from '../../shared/storage-keys';

const MAX_ENTRIES = 50;
let memory: Map<string, number> | null = null;
/** Totals remembered but not yet written to session storage (see `rememberTotal`). */
const pending = new Map<string, number>();

/** The key of a list request's count: the collection path and the filters sent (base filters included). */
export function totalKey(apiPath: string, filters: readonly Filter[]): string {
  return filters.length ? `${apiPath}?filters=${encodeFilters([...filters])}` : apiPath;
}

function load(): Map<string, number> {
  if (memory) return memory;
  memory = new Map();
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.listTotals) ?? '[]');
    if (Array.isArray(saved))
      for (const e of saved)
        if (Array.isArray(e) && typeof e[0] === 'string' && Number.isSafeInteger(e[1]) && e[1] >= 0)
          memory.set(e[0], e[1] as number);
  } catch {
    // No session storage (or a corrupt value): memory only.
  }
  return memory;
}

/** The remembered total of a list request, if any. */
export function knownTotal(key: string): number | undefined {
  return pending.get(key) ?? load().get(key);
}

/**
 * Remembers the total a list answer counted (the newest last; the oldest are forgotten past 50). Memory has it at
 * once; session storage gets it in an idle task: a tab's first session-storage access waits on the browser process
 * (a synchronous load of the whole area), which must not lengthen the task that draws a page's first rows.
 */
export function rememberTotal(key: string, total: number): void {
  pending.set(key, total);
  if (pending.size === 1) whenIdle(flush);
}

function flush(): void {
  const m = load();
  let changed = false;
  for (const [key, total] of pending) {
    if (m.get(key) === total) continue;
    m.delete(key);
    m.set(key, total);
    changed = true;
  }
  pending.clear();
  while (m.size > MAX_ENTRIES) m.delete(m.keys().next().value!);
  if (!changed) return;
  try {
    sessionStorage.setItem(STORAGE_KEYS.listTotals, JSON.stringify([...m]));
  } catch {
    // Storage full or unavailable: memory still has it.
  }
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}
