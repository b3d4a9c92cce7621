import { relativeTime } from '../../lib/format-en';

export { relativeTime };

let exact: Intl.DateTimeFormat | null = null;

/** The exact local time of an ISO timestamp, e.g. "Nov 23, 2026, 7:41:26 AM UTC". */
export function exactTime(iso: string): string {
  exact ??= new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' });
  return exact.format(new Date(iso));
}

/**
 * A time shown relative ("3 hours ago"), with the exact time in the element's native tooltip (`title`, written when
 * the pointer first reaches it) and in `dateTime`. Lists show one per row: a Radix tooltip each cost the wallets
 * page its Lighthouse budget, and formatting every row's exact time with `Intl` while the rows first render cost
 * the browser its ICU start-up before the first rows (docs/decisions.md).
 */
export function RelativeTime({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="text-muted-foreground">—</span>;
  return (
    <time
      dateTime={iso}
      className="whitespace-nowrap"
      onPointerEnter={(e) => {
        if (!e.currentTarget.title) e.currentTarget.title = exactTime(iso);
      }}
    >
      {relativeTime(iso)}
    </time>
  );
}
