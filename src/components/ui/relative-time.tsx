const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' });

/** "3 hours ago" for an ISO time relative to `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return relative.format(Math.round(seconds / size), unit);
  }
  return iso;
}

/** The exact local time of an ISO timestamp, e.g. "Nov 23, 2026, 7:41:26 AM UTC". */
export function exactTime(iso: string): string {
  return exact.format(new Date(iso));
}

/**
 * A time shown relative, with the exact time in the element's native tooltip (`title`) and in `dateTime`. Lists show
 * one per row: a Radix tooltip each cost the wallets page its Lighthouse budget on a throttled phone
 * (docs/decisions.md).
 */
export function RelativeTime({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="text-muted-foreground">—</span>;
  const exactLabel = exactTime(iso);
  return (
    <time dateTime={iso} title={exactLabel} className="whitespace-nowrap">
      {relativeTime(iso)}
    </time>
  );
}
