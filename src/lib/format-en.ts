/**
 * English number and relative-time formatting without `Intl`, for what a list shows while the page loads.
 * The page's first `Intl` object costs the browser its ICU start-up (~30 ms, ~120 ms on Lighthouse's throttled
 * phone), one long task before the first rows (docs/decisions.md "No Intl before the first rows"). These give the
 * same strings as `Intl.NumberFormat('en')` and `Intl.RelativeTimeFormat('en', { numeric: 'auto' })`
 * (tests/unit/format-en.test.ts compares them); anything richer uses `Intl`, later.
 */

/** `1234567` → "1,234,567" (integers; other numbers as `String` gives them). */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

/** What `numeric: 'auto'` says for -1, 0 and 1 of a unit. */
const WORDS: Record<Unit, [string, string, string]> = {
  year: ['last year', 'this year', 'next year'],
  month: ['last month', 'this month', 'next month'],
  week: ['last week', 'this week', 'next week'],
  day: ['yesterday', 'today', 'tomorrow'],
  hour: ['1 hour ago', 'this hour', 'in 1 hour'],
  minute: ['1 minute ago', 'this minute', 'in 1 minute'],
  second: ['1 second ago', 'now', 'in 1 second'],
};

/** "3 hours ago", "yesterday", "in 2 weeks": `Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(value, unit)`. */
export function formatRelative(value: number, unit: Unit): string {
  // -0 reads as "0 … ago" in Intl only for numeric: 'always'; with 'auto' both zeros are the word.
  if (value >= -1 && value <= 1 && Number.isInteger(value)) return WORDS[unit][value + 1]!;
  const count = groupDigits(Math.abs(value));
  const name = Math.abs(value) === 1 ? unit : `${unit}s`;
  return value < 0 ? `${count} ${name} ago` : `in ${count} ${name}`;
}

const UNITS: [Unit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 hours ago" for an ISO time relative to `now` (the largest unit it reaches, rounded). */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  if (Number.isNaN(seconds)) return iso;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return formatRelative(Math.round(seconds / size) || 0, unit);
  }
  return iso;
}
