/**
 * The one definition of the analytics time frames and the overview's "last 30 days" (docs/api.md "Analytics"):
 * whole UTC buckets ending with the current one. "Last 30 days" is today (UTC) and the 29 days before, "last 7 days"
 * today and the 6 before, "last 24 hours" this hour and the 23 before; `all` has no start. The analytics API counts
 * from this start and the overview sends it as its `createdAt` filter, so both count the same rows; a chart has
 * exactly 30, 7 or 24 buckets (none partial).
 */
import { TIME_FRAMES } from './api/collections.ts';

export type TimeFrame = (typeof TIME_FRAMES)[number];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** How many buckets of which size a frame spans (`all`: no bound). */
export const FRAME_BUCKETS: Record<Exclude<TimeFrame, 'all'>, { bucket: 'hour' | 'day'; count: number }> = {
  day: { bucket: 'hour', count: 24 },
  week: { bucket: 'day', count: 7 },
  month: { bucket: 'day', count: 30 },
};

/** First millisecond of a frame that ends with the bucket holding `now` (0 for `all`). */
export function frameStart(frame: TimeFrame, now: number): number {
  if (frame === 'all') return 0;
  const { bucket, count } = FRAME_BUCKETS[frame];
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS;
  return Math.floor(now / size) * size - (count - 1) * size;
}

/** The frame's length in milliseconds (the window before it, for a comparison, is this long). */
export function frameLength(frame: Exclude<TimeFrame, 'all'>): number {
  const { bucket, count } = FRAME_BUCKETS[frame];
  return count * (bucket === 'hour' ? HOUR_MS : DAY_MS);
}
