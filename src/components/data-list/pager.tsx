import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZES, lastPage } from './list-view';
import { LIST_LIMITS } from '../../shared/api/list-params';
import { groupDigits } from '../../lib/format-en';

/**
 * "26–50 of 1,234" ("of more than 10,000" for a count that stopped there; "counting…" while a count asked apart from
 * the page is under way), previous/next page and the page size.
 */
export function Pager({
  page,
  limit,
  total,
  totalCapped = false,
  counting = false,
  countFailed = false,
  onRecount,
  rows,
  onPage,
  onLimit,
}: {
  page: number;
  limit: number;
  /** Null while the count is not known (asked apart from the page: the request log). */
  total: number | null;
  /** The count stopped at `total` (the request log): more than `total - 1` rows match. */
  totalCapped?: boolean;
  counting?: boolean;
  countFailed?: boolean;
  onRecount?: () => void;
  rows: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const from = rows === 0 ? 0 : (page - 1) * limit + 1;
  // Without a count, a full page may have a next one.
  const known = total ?? from + rows - (rows > 0 ? 1 : 0) + (rows === limit ? 1 : 0);
  const last = lastPage(known, limit);
  const capped = total !== null && Math.ceil(total / limit) > last;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {groupDigits(from)}–{groupDigits(from + Math.max(rows - 1, 0))}
        {total === null ? (
          countFailed ? (
            <>
              {' '}
              of an unknown number (the count failed){' '}
              {onRecount && (
                <button
                  type="button"
                  onClick={onRecount}
                  className="underline underline-offset-2 hover:text-foreground"
                >
                  Count again
                </button>
              )}
            </>
          ) : (
            <span>{counting ? ', counting…' : ''}</span>
          )
        ) : (
          <> of {totalCapped ? `more than ${groupDigits(total - 1)}` : groupDigits(total)}</>
        )}
        {capped && (
          <span className="block text-xs">
            Pages reach {groupDigits(LIST_LIMITS.maxRows)} rows deep: filter or reverse the sort to see the rest.
          </span>
        )}
      </p>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2 text-muted-foreground">
          Rows
          <select
            value={limit}
            onChange={(e) => onLimit(Number(e.target.value))}
            className="h-8 rounded-md border border-border bg-background px-2 text-foreground"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span className="text-muted-foreground">
          Page {groupDigits(page)}
          {total !== null && ` of ${groupDigits(last)}`}
        </span>
        <button
          type="button"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          className="inline-flex h-8 w-8 items-center justify-center rounded-md border border-border hover:bg-muted disabled:opacity-50"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </button>
        <button
          type="button"
          aria-label="Next page"
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
          className="inline-flex h-8 w-8 items-center justify-center rounded-md border border-border hover:bg-muted disabled:opacity-50"
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </nav>
  );
}
