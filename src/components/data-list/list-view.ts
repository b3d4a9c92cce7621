/**
 * A list's view lives in the URL exactly as the API takes it (docs/api.md "Lists"): `page`, `limit`, `order`,
 * `filters`. The count (`total`) is not part of the view: it stays out of the URL (and so out of links and
 * bookmarks) and is kept by list-totals.ts for the request. These pure functions read a view from a query string (a
 * bad value is dropped with a notice, so the page shows the default for it instead of failing), write changes back,
 * and build the API request path.
 */
import {
  ListParamError,
  encodeFilters,
  lastReachablePage,
  parseListQuery,
  type Filter,
  type ListQuery,
  type ListSpec,
} from '../../shared/api/list-params';

/** Rows per page when the URL does not say (the API's own default is 10: the dashboard always sends `limit`). */
export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
const LIST_PARAMS = ['page', 'limit', 'order', 'filters', 'total'] as const;
/** What the view reads from the URL: `total` only ever leaves it (an old link's `total=N` is dropped on the next change). */
const VIEW_PARAMS = ['page', 'limit', 'order', 'filters'] as const;

export interface ListView {
  query: ListQuery;
  /** One message per URL parameter that was invalid and ignored. */
  notices: string[];
}

/**
 * The URL name of a list parameter: as is, or with a prefix for a list that shares its page's URL with other state
 * (`tx` → `txPage`, `txLimit`, …), e.g. a list under a tabbed page whose `page` parameter picks the tab.
 */
export function listParam(key: (typeof LIST_PARAMS)[number], prefix = ''): string {
  return prefix ? `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}` : key;
}

/** Reads the view of a list from a query string (its parameters optionally prefixed); never throws. */
export function readListView(spec: ListSpec, search: string, prefix = ''): ListView {
  const params = new URLSearchParams(search);
  const own = new URLSearchParams();
  for (const key of VIEW_PARAMS) {
    const value = params.get(listParam(key, prefix));
    if (value !== null && value !== '') own.set(key, value);
  }
  if (!own.has('limit')) own.set('limit', String(DEFAULT_PAGE_SIZE));
  const notices: string[] = [];
  for (let i = 0; i <= LIST_PARAMS.length; i++) {
    try {
      return { query: parseListQuery(spec, own), notices };
    } catch (error) {
      if (!(error instanceof ListParamError) || !own.has(error.param)) throw error;
      notices.push(`Ignored \`${listParam(error.param as (typeof LIST_PARAMS)[number], prefix)}\`: ${error.message}.`);
      own.delete(error.param);
      if (error.param === 'limit') own.set('limit', String(DEFAULT_PAGE_SIZE));
    }
  }
  return { query: parseListQuery(spec, new URLSearchParams({ limit: String(DEFAULT_PAGE_SIZE) })), notices };
}

/**
 * The API request path of a view. `total` is sent for later pages only: page 1 always counts, so a reload shows a
 * fresh total, and the total it returns is kept (list-totals.ts, never the URL) for the pages after it.
 */
export function listRequestPath(base: string, query: ListQuery): string {
  const p = new URLSearchParams();
  if (query.page > 1) p.set('page', String(query.page));
  p.set('limit', String(query.limit));
  p.set('order', `${query.order.field}:${query.order.dir}`);
  if (query.filters.length) p.set('filters', encodeFilters(query.filters));
  if (query.total !== undefined && query.page > 1) p.set('total', String(query.total));
  return `${base}?${p.toString()}`;
}

/** The query string of a view (defaults left out, `total` never written, other params of the page kept). */
export function viewSearch(
  current: string,
  spec: ListSpec,
  query: Omit<ListQuery, 'total'>,
  prefix = '',
): URLSearchParams {
  const p = new URLSearchParams(current);
  const name = (key: (typeof LIST_PARAMS)[number]) => listParam(key, prefix);
  for (const key of LIST_PARAMS) p.delete(name(key));
  if (query.page > 1) p.set(name('page'), String(query.page));
  if (query.limit !== DEFAULT_PAGE_SIZE) p.set(name('limit'), String(query.limit));
  const d = spec.defaultOrder;
  if (query.order.field !== d.field || query.order.dir !== d.dir) {
    p.set(name('order'), `${query.order.field}:${query.order.dir}`);
  }
  if (query.filters.length) p.set(name('filters'), encodeFilters(query.filters));
  return p;
}

/** The view with one field's filter replaced (or removed with `null`), back on page 1 with an unknown total. */
export function withFilter(query: ListQuery, field: string, filter: Filter | null): ListQuery {
  const filters = query.filters.filter((f) => f.field !== field);
  if (filter) filters.push(filter);
  return { ...query, filters, page: 1, total: undefined };
}

/** The view sorted by a field: a new field starts descending, the same field flips. */
export function withSort(query: ListQuery, field: string): ListQuery {
  const dir = query.order.field === field && query.order.dir === 'desc' ? 'asc' : 'desc';
  return { ...query, order: { field, dir }, page: 1, total: query.total };
}

/** Last page number for a total (at least 1), capped where the API stops paging. */
export function lastPage(total: number, limit: number): number {
  return Math.max(1, Math.min(Math.ceil(total / limit), lastReachablePage(limit)));
}
