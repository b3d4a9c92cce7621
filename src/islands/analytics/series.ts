/** Turning the analytics API's buckets into chart columns (pure; the bench and the tests use it too). */

import { TIME_FRAMES } from '../../shared/api/collections';
import { frameStart } from '../../shared/time-window';

export { TIME_FRAMES };
export type TimeFrame = (typeof TIME_FRAMES)[number];
export const FRAME_LABELS: Record<TimeFrame, string> = {
  day: 'Last 24 hours',
  week: 'Last 7 days',
  month: 'Last 30 days',
  all: 'All time',
};
/** The same at phone width, where the four full labels do not fit one row (the accessible name stays the full one). */
export const SHORT_FRAME_LABELS: Record<TimeFrame, string> = {
  day: '24 h',
  week: '7 days',
  month: '30 days',
  all: 'All',
};

/** Unix seconds of a bucket label: `2026-11-23` (a day) or `2026-11-23T08:00:00Z` (an hour). */
export function bucketSeconds(date: string): number {
  return Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) / 1000;
}

/** Columns for a chart: x (unix seconds, every bucket of the frame, gaps as zero) and one column per series. */
export interface Columns {
  x: number[];
  series: { label: string; values: number[] }[];
}

/**
 * Spreads rows over every bucket from the frame's start (or the first row, for "all") to now, so a quiet day reads
 * as zero rather than a line drawn across it.
 */
export function toColumns<R extends { date: string }>(
  rows: readonly R[],
  bucket: 'hour' | 'day',
  frame: TimeFrame,
  series: { label: string; value: (row: R) => number; match?: (row: R) => boolean }[],
  now = Date.now() / 1000,
): Columns {
  const step = bucket === 'hour' ? 3600 : 86_400;
  const floor = (s: number) => Math.floor(s / step) * step;
  const times = rows.map((r) => bucketSeconds(r.date));
  const end = Math.max(floor(now), ...times);
  // The frame is whole buckets ending with the current one, as the API counts them (src/shared/time-window.ts).
  const start = frame === 'all' ? (times.length ? Math.min(...times) : end) : frameStart(frame, now * 1000) / 1000;
  const x: number[] = [];
  for (let t = Math.min(start, ...times); t <= end; t += step) x.push(t);
  const index = new Map(x.map((t, i) => [t, i]));
  const out = series.map((s) => ({ label: s.label, values: new Array<number>(x.length).fill(0) }));
  rows.forEach((r, k) => {
    const i = index.get(times[k]!);
    if (i === undefined) return;
    series.forEach((s, j) => {
      if (!s.match || s.match(r)) out[j]!.values[i]! += s.value(r);
    });
  });
  return { x, series: out };
}

/** What one point of a chart stands for. */
export type Bucket = 'hour' | 'day' | 'month';

const UTC = { timeZone: 'UTC' } as const;
/** The label formats, made once: a formatter costs far more to build than to use (axis ticks call it often). */
const FORMATS = {
  month: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', ...UTC }),
  day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...UTC }),
  dayWithYear: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...UTC }),
  time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', ...UTC }),
};

/** A bucket's label in tables and the legend: `Nov 23`, `Nov 23, 08:00` or `Nov 2026` (UTC). */
export function bucketLabel(seconds: number, bucket: Bucket, withYear = false): string {
  const d = new Date(seconds * 1000);
  if (bucket === 'month') return FORMATS.month.format(d);
  const day = (withYear ? FORMATS.dayWithYear : FORMATS.day).format(d);
  if (bucket === 'day') return day;
  return `${day}, ${FORMATS.time.format(d)}`;
}
