import { frameLength, frameStart } from '../../shared/time-window';

/**
 * The overview's two windows: the last 30 days (today, UTC, and the 29 days before: the analytics API's "last 30
 * days", src/shared/time-window.ts) and the 30 days before them.
 */
export interface Windows {
  /** Start of the current window, ms. */
  from: number;
  /** `filters` of a list for the current window and for the previous one. */
  current: string;
  previous: string;
}

/** Day-aligned windows, so every card and every reload within a day asks the API the same (cached) questions. */
export function windowFilters(now: number): Windows {
  const from = frameStart('month', now);
  const iso = (t: number) => new Date(t).toISOString();
  return {
    from,
    current: JSON.stringify([{ field: 'createdAt', op: 'gte', value: iso(from) }]),
    previous: JSON.stringify([
      { field: 'createdAt', op: 'gte', value: iso(from - frameLength('month')) },
      { field: 'createdAt', op: 'lt', value: iso(from) },
    ]),
  };
}

/** "+12%", "−3%", "New" (nothing before) or "No change", and its direction. */
export function trend(now: number, before: number): { label: string; direction: 'up' | 'down' | 'flat' } {
  if (before === 0) return now > 0 ? { label: 'New', direction: 'up' } : { label: 'No change', direction: 'flat' };
  const pct = Math.round(((now - before) / before) * 100);
  if (pct === 0) return { label: 'No change', direction: 'flat' };
  return pct > 0 ? { label: `+${pct}%`, direction: 'up' } : { label: `−${Math.abs(pct)}%`, direction: 'down' };
}
