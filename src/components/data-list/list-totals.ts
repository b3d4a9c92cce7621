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
  return load().get(key);
}

/** Remembers the total a list answer counted (the newest last; the oldest are forgotten past 50). */
export function rememberTotal(key: string, total: number): void {
  const m = load();
  if (m.get(key) === total) return;
  m.delete(key);
  m.set(key, total);
  while (m.size > MAX_ENTRIES) m.delete(m.keys().next().value!);
  try {
    sessionStorage.setItem(STORAGE_KEYS.listTotals, JSON.stringify([...m]));
  } catch {
    // Storage full or unavailable: memory still has it.
  }
}
