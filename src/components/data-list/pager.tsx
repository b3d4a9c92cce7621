import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZES, lastPage } from './list-view';
import { LIST_LIMITS } from '../../shared/api/list-params';
import { groupDigits } from '../../lib/format-en';

/** "26–50 of 1,234" ("of more than 10,000" for a count that stopped there), previous/next page and the page size. */
export function Pager({
  page,
  limit,
  total,
  totalCapped = false,
  rows,
  onPage,
  onLimit,
}: {
  page: number;
  limit: number;
  total: number;
  /** The count stopped at `total` (the request log): more than `total - 1` rows match. */
  totalCapped?: boolean;
  rows: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const last = lastPage(total, limit);
  const capped = Math.ceil(total / limit) > last;
  const from = rows === 0 ? 0 : (page - 1) * limit + 1;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {groupDigits(from)}–{groupDigits(from + Math.max(rows - 1, 0))} of{' '}
        {totalCapped ? `more than ${groupDigits(total - 1)}` : groupDigits(total)}
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
          Page {groupDigits(page)} of {groupDigits(last)}
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
