import { atom } from 'nanostores';
import { ArrowDown, ArrowUp, ArrowUpDown, Info, X } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Filter, ListSpec } from '../../shared/api/list-params';
import { isPartialId, recognize, type SearchKind } from '../../shared/object-paths';
import { apiQuery } from '../../lib/query';
import { useSearch } from '../../lib/use-search';
import { useTransitionStore } from '../../lib/use-transition-store';
import { setSearch } from '../../stores/location';
import { markFirstRow } from '../../lib/first-row-mark';
import { StatePanel } from '../ui/state-panel';
import { Button } from '../ui/button';
import { ColumnChooser } from './column-chooser';
import { saveColumns, savedColumns } from './column-prefs';
import { CsvExport } from './csv-export';
import { DataRow } from './data-row';
import { LIST_BODY_ATTR, SKELETON_ROWS, skeletonRowsHtml } from './row-markup';
import { FilterChips, type FilterChip } from './filter-chips';
import { Pager } from './pager';
import { SearchBox } from './search-box';
import { TableScroll } from './table-scroll';
import { listRequestPath, readListView, viewSearch, withFilter, withSort } from './list-view';
import { knownTotal, rememberTotal, totalKey } from './list-totals';
import { countPath, useDeferredCount } from './deferred-count';

/**
 * A column of a list. The table fits its box: cells wrap between words when the columns' full widths do not fit (a
 * column whose text must stay on one line says so in `className`: `whitespace-nowrap`), and what still does not fit
 * scrolls sideways with a cue on each side that has more (table-scroll.tsx). Headers stay on one line: a header that
 * wrapped only once the rows arrived moved the whole table down (CLS 0.025 on the wallets page at phone width).
 */
export interface Column<T> {
  id: string;
  header: string;
  /** The cell of a row: a function of the row (and of what changes with the list's API path) only. */
  cell: (row: T) => ReactNode;
  /** The list's sort field for this column (from the ListSpec's `sorts`). */
  sort?: string;
  /** Hidden until chosen in the column chooser. */
  optional?: boolean;
  className?: string;
}

/** How the search box turns what was typed into a filter (or a page to open); unset kinds are refused. */
export interface ListSearch {
  placeholder: string;
  /** A whole address: this field with `eq` (on the address index). */
  address?: string;
  txHash?: string;
  /** Part of an address or hash (`0x…`, any case): this field with `prefix` (case-insensitive on the API). */
  hex?: { field: string; label: string };
  /** A whole email: a field with `eq`, or a field and operator (a case-insensitive `prefix` of name or email). */
  email?: string | { field: string; op: Filter['op']; label?: string };
  name?: { field: string; op: 'contains' | 'prefix' | 'eq'; label?: string };
  /** Id prefix → filter field (e.g. `pla` → `userId`). */
  ids?: Readonly<Record<string, string>>;
  /** Opens an id this list does not filter by (e.g. the object's own page); return false when it is unknown. */
  openId?: (id: string, prefix: string) => boolean;
}

export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  /** Null when the page was answered without counting (the request log): the list asks `{apiPath}/count`. */
  total: number | null;
  /** The count stopped at `total` (lists that cap their count: the request log). */
  totalCapped?: boolean;
}

export interface DataListProps<T extends { id: string }> {
  /** Accessible name of the table, e.g. "Wallets". */
  label: string;
  /** Key for the saved columns. */
  listKey: string;
  /** API path of the collection (`/projects/pro_…/test/wallets`); null until known. */
  apiPath: string | null;
  spec: ListSpec;
  columns: readonly Column<T>[];
  chips?: readonly FilterChip[];
  search?: ListSearch;
  /** Label of an active filter without a chip. */
  describeFilter?: (filter: Filter) => ReactNode;
  /** Opens a row (click or Enter). */
  onOpen: (row: T) => void;
  /** Accessible name of a row (what Enter opens). */
  rowLabel: (row: T) => string;
  empty: { title: string; description: ReactNode; action?: ReactNode };
  /** Offer the CSV export of the current view. */
  csv?: { filename: string };
  /** Controls beside the search (e.g. a create button). */
  actions?: ReactNode;
  /** Filters always sent with the request (an object's page listing what belongs to it); not shown, not removable. */
  baseFilters?: readonly Filter[];
  /**
   * Prefix of the list's URL parameters (`tx` → `txPage`, `txLimit`, `txOrder`, `txFilters`, `txTotal`), for a list
   * on a page whose own URL state uses those names (a tabbed page's `page`). Unset: the plain names.
   */
  urlPrefix?: string;
  /** Above the list (a section's heading and what it is for); hidden with the list by `hideWhenEmpty`. */
  heading?: ReactNode;
  /**
   * Nothing at all (no skeleton, no empty state) until page 1 without filters has rows: a list that is usually empty
   * and secondary on its page (the projects home's "Recently deleted"). Errors and a filtered view's states show.
   */
  hideWhenEmpty?: boolean;
}

/** A list query's state with the request it answers (the rendered state may be a moment behind the store). */
function withKey<S extends { get: () => object; key?: string }>(store: S) {
  return { ...(store.get() as ReturnType<S['get']>), key: store.key };
}

/**
 * The one list of the dashboard (docs/architecture.md "The list experience"): server-side pages, sort, filter chips,
 * search, column chooser, CSV export, loading/empty/error states, keyboard, all in the URL.
 */
export function DataList<T extends { id: string }>(props: DataListProps<T>) {
  const { spec, columns, apiPath, urlPrefix = '' } = props;
  const search = useSearch();
  const view = useMemo(() => readListView(spec, search, urlPrefix), [spec, search, urlPrefix]);
  const { query } = view;
  // Notices outlive the URL correction below (which drops the bad parameters), until dismissed.
  const [notices, setNotices] = useState<string[]>([]);
  const [visible, setVisible] = useState<string[]>(() => columns.filter((c) => !c.optional).map((c) => c.id));

  useEffect(() => {
    const saved = savedColumns(props.listKey);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- local storage is read after hydration on purpose
    if (saved) setVisible(columns.map((c) => c.id).filter((id) => saved.includes(id)));
  }, [props.listKey, columns]);

  // A bad parameter in the link: show the default view for it and drop it from the URL (notice stays on screen).
  useEffect(() => {
    if (!view.notices.length) return;
    setNotices(view.notices); // eslint-disable-line react-hooks/set-state-in-effect -- kept after the URL is corrected
    setSearch(viewSearch(location.search, spec, view.query, urlPrefix), { replace: true });
  }, [view, spec, urlPrefix]);

  const base = props.baseFilters ?? [];
  const filtersSent = base.length ? [...base, ...query.filters] : query.filters;
  // The count of this collection and filters, remembered from page 1 (never in the URL; list-totals.ts).
  const countKey = apiPath ? totalKey(apiPath, filtersSent) : null;
  // Looked up for later pages only (page 1 counts): a first page never touches session storage before its rows.
  const requestQuery = {
    ...query,
    filters: filtersSent,
    total: countKey && query.page > 1 ? knownTotal(countKey) : undefined,
  };
  const requestPath = apiPath ? listRequestPath(apiPath, requestQuery) : null;
  const [$path] = useState(() => atom<string | null>(requestPath));
  const [$page] = useState(() => apiQuery<Page<T>>($path));
  useEffect(() => $path.set(requestPath), [$path, requestPath]);
  const state = useTransitionStore($page, withKey);
  // Every answer, the first too, renders in a transition React can split (docs/decisions.md "Rows render without
  // blocking", "Answers render in a transition"): the store's changes arrive through `useTransitionStore`, not
  // `useSyncExternalStore`, whose update would render the rows, the pager and the rest of the list in one long task.
  const data = useDeferredValue(state.data);

  // Page 1 counts; its total is remembered (not written into the URL) so later pages do not count again.
  // Only an answer to this very request counts (not the previous view's answer still shown while this one loads).
  const answered = state.data && !state.loading && state.key === requestPath ? state.data : null;
  useEffect(() => {
    if (answered && countKey && query.page === 1 && answered.total !== null) rememberTotal(countKey, answered.total);
  }, [answered, countKey, query.page]);
  // A page answered without its count (`total: null`): the count is a request of its own, shown when it arrives.
  const deferred = useDeferredCount(
    apiPath && state.data?.total === null && state.key === requestPath ? countPath(apiPath, filtersSent) : null,
  );
  useEffect(() => {
    if (deferred.count && countKey) rememberTotal(countKey, deferred.count.total);
  }, [deferred.count, countKey]);
  const total = data?.total ?? deferred.count?.total ?? null;
  const totalCapped = data?.total === null ? deferred.count?.totalCapped : data?.totalCapped;

  const tbody = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (data?.data.length) markFirstRow(tbody.current);
  }, [data]);

  const go = (next: typeof query, options: { replace?: boolean } = {}) =>
    setSearch(viewSearch(location.search, spec, next, urlPrefix), options);
  const shown = columns.filter((c) => visible.includes(c.id));
  const loading = !data && !state.error;

  const s = props.search;
  const emailSearch = typeof s?.email === 'string' ? { field: s.email, op: 'eq' as const } : s?.email;
  const searchFields = new Set(
    [s?.address, s?.txHash, s?.hex?.field, emailSearch?.field, s?.name?.field, ...Object.values(s?.ids ?? {})].filter(
      Boolean,
    ),
  );
  const idFields = new Set<string>(Object.values(s?.ids ?? {}));
  // The search box shows the text search it applied (one place, one clear button); an id filter keeps its readable
  // chip and combines with the others (a wallet's transactions under one policy).
  const applied = query.filters.find((f) => searchFields.has(f.field) && !idFields.has(f.field));
  const chipFilters = query.filters.filter((f) => f !== applied);

  /** Applies what was typed (`typing`: after a pause, URL replaced; else Enter): null, or why it cannot (yet). */
  function onSearch(text: string, typing: boolean): string | null {
    const r = recognize(text);
    if (!r || !s) return null;
    const apply = (field: string, op: Filter['op'], value: string) => {
      // A text search replaces the previous one; an id filter replaces only a filter on its own field.
      const replaced = (f: Filter) => f.field === field || (!idFields.has(field) && f === applied);
      const filters = query.filters.filter((f) => !replaced(f));
      go({ ...query, filters: [...filters, { field, op, value }], page: 1, total: undefined }, { replace: typing });
      return null;
    };
    if (typing && isPartialId(text)) return 'Keep typing: an id is searched once it is complete.';
    if (r.kind === 'id' && r.prefix) {
      const field = s.ids?.[r.prefix];
      if (field) return apply(field, 'eq', r.value);
      if (typing && s.openId) return 'Press Enter to open it.';
      if (s.openId?.(r.value, r.prefix)) return null;
      return 'No object of this project has an id with that prefix.';
    }
    // A list takes at most 50 bytes of a prefix (docs/api.md "Lists"): more of a hash adds nothing.
    const prefix = (value: string) => (s.hex ? apply(s.hex.field, 'prefix', value.slice(0, 50)) : null);
    if (r.kind === 'address' && s.address) return apply(s.address, 'eq', r.value);
    if (r.kind === 'txHash' && s.txHash) return apply(s.txHash, 'eq', r.value);
    if (r.kind === 'hex' && s.hex) {
      if (r.value.length < 4) return 'Keep typing: at least 2 characters after 0x.';
      return prefix(r.value);
    }
    if (r.kind === 'hex' && s.address) return 'Type the whole address: 0x and 40 characters.';
    if (r.kind === 'email' && emailSearch) return apply(emailSearch.field, emailSearch.op, r.value);
    if (r.kind === 'name' && s.name) return apply(s.name.field, s.name.op, r.value);
    return `This list cannot search by ${r.kind === 'txHash' ? 'transaction hash' : r.kind === 'hex' ? 'part of an address' : r.kind}.`;
  }
  const accepts: SearchKind[] = [];
  if (s?.ids || s?.openId) accepts.push('id');
  if (s?.address) accepts.push('address');
  if (s?.txHash) accepts.push('txHash');
  if (s?.hex) accepts.push('hex');
  if (emailSearch) accepts.push('email');
  if (s?.name) accepts.push('name');

  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, row: T) {
    if (event.target !== event.currentTarget) return;
    const rows = [...(tbody.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]') ?? [])];
    const i = rows.indexOf(event.currentTarget);
    if (event.key === 'Enter') props.onOpen(row);
    else if (event.key === 'ArrowDown') rows[i + 1]?.focus();
    else if (event.key === 'ArrowUp') rows[i - 1]?.focus();
    else if (event.key === 'Home') rows[0]?.focus();
    else if (event.key === 'End') rows.at(-1)?.focus();
    else return;
    event.preventDefault();
  }

  const csvPath = apiPath
    ? `${apiPath}.csv?${new URLSearchParams({
        order: `${query.order.field}:${query.order.dir}`,
        ...(requestQuery.filters.length ? { filters: JSON.stringify(requestQuery.filters) } : {}),
      }).toString()}`
    : null;

  const shownKey = shown.map((c) => c.id).join(',');
  const refreshing = state.loading;
  // Cells are functions of their row (Column.cell): a page re-render for another reason (a store, a notice)
  // does not redraw the rows, which would be one long task on a slow phone.
  const rows = useMemo(
    () =>
      data?.data.map((row) => (
        <DataRow
          key={row.id}
          row={row}
          columns={shown}
          label={props.rowLabel(row)}
          refreshing={refreshing}
          onOpen={props.onOpen}
          onKeyDown={onRowKey}
        />
      )),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: rows change with the data and the columns
    [data, shownKey, refreshing],
  );

  if (props.hideWhenEmpty && !state.error && !query.filters.length && query.page === 1 && !data?.data.length)
    return null;

  return (
    <div className="grid gap-4">
      {props.heading}
      {notices.length > 0 && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div className="flex-1">
            <p className="font-medium">Part of this link was not valid, so the default view is shown for it.</p>
            <ul className="mt-1 list-disc pl-5">
              {notices.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => setNotices([])}
            className="inline-flex h-6 w-6 items-center justify-center rounded hover:bg-amber-100 dark:hover:bg-amber-900"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        {props.search ? (
          <SearchBox
            placeholder={props.search.placeholder}
            labels={{
              ...(s?.name?.label ? { name: s.name.label } : {}),
              ...(s?.hex ? { hex: s.hex.label } : {}),
              ...(typeof s?.email === 'object' && s.email.label ? { email: s.email.label } : {}),
            }}
            accepts={accepts}
            onSearch={onSearch}
            active={applied !== undefined}
            value={applied && typeof applied.value === 'string' ? applied.value : ''}
            onClear={() =>
              go({
                ...query,
                filters: query.filters.filter((f) => f !== applied),
                page: 1,
                total: undefined,
              })
            }
          />
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center gap-2">
          <ColumnChooser
            columns={columns}
            visible={visible}
            onChange={(ids) => (setVisible(ids), saveColumns(props.listKey, ids))}
          />
          {props.csv && csvPath && <CsvExport path={csvPath} filename={props.csv.filename} />}
          {props.actions}
        </div>
      </div>
      {(props.chips?.length || chipFilters.length > 0) && (
        <FilterChips
          chips={props.chips ?? []}
          filters={chipFilters}
          describe={props.describeFilter}
          onChange={(field, filter) => go(withFilter(query, field, filter))}
        />
      )}
      {state.error && !data ? (
        <StatePanel
          kind="error"
          title={`Could not load ${props.label.toLowerCase()}`}
          description={state.error.message}
          onRetry={() => $page.invalidate()}
        />
      ) : data && data.data.length === 0 ? (
        query.filters.length > 0 ? (
          <StatePanel
            kind="empty"
            title="No results for these filters"
            description="Nothing matches every filter and search. Change or clear them."
            action={
              <Button size="sm" onClick={() => go({ ...query, filters: [], page: 1, total: undefined })}>
                Clear filters
              </Button>
            }
          />
        ) : query.page > 1 ? (
          <StatePanel
            kind="empty"
            title="This page is past the end of the list"
            action={
              <Button size="sm" onClick={() => go({ ...query, page: 1 })}>
                Go to the first page
              </Button>
            }
          />
        ) : (
          <StatePanel
            kind="empty"
            title={props.empty.title}
            description={props.empty.description}
            action={props.empty.action}
          />
        )
      ) : (
        <TableScroll label={props.label} busy={loading || state.loading || data !== state.data}>
          <table className="w-full text-left text-sm" aria-label={props.label}>
            <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
              <tr>
                {shown.map((c) => {
                  const sorted = c.sort && query.order.field === c.sort ? query.order.dir : null;
                  return (
                    <th
                      key={c.id}
                      scope="col"
                      className={`px-3 py-2 font-medium whitespace-nowrap ${c.className ?? ''}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {c.sort ? (
                        <button
                          type="button"
                          onClick={() => go(withSort(query, c.sort!))}
                          className="inline-flex items-center gap-1 rounded text-left hover:text-foreground"
                        >
                          {c.header}
                          {sorted === 'asc' ? (
                            <ArrowUp className="h-3.5 w-3.5" aria-hidden />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="h-3.5 w-3.5" aria-hidden />
                          ) : (
                            <ArrowUpDown className="h-3.5 w-3.5 opacity-50" aria-hidden />
                          )}
                          <span className="sr-only">, sort</span>
                        </button>
                      ) : (
                        c.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            {/*
              The skeleton rows pulse as one (one animated element, not one per cell: state-panel.tsx). They are HTML
              React does not hydrate: a list page paints its first rows over them from its early answer before this
              island has loaded (src/lib/early-rows.ts), and React replaces them with its own rows when its answer
              is in (docs/decisions.md "Rows before the island").
            */}
            {loading || !data ? (
              <tbody
                ref={tbody}
                {...{ [LIST_BODY_ATTR]: props.listKey }}
                className="animate-pulse"
                dangerouslySetInnerHTML={{
                  __html: skeletonRowsHtml(Math.min(query.limit, SKELETON_ROWS), shown.length),
                }}
              />
            ) : (
              <tbody ref={tbody} {...{ [LIST_BODY_ATTR]: props.listKey }}>
                {rows}
              </tbody>
            )}
          </table>
        </TableScroll>
      )}
      {data && data.data.length > 0 && (
        <Pager
          page={query.page}
          limit={query.limit}
          total={total}
          totalCapped={totalCapped}
          counting={deferred.counting}
          countFailed={deferred.failed}
          onRecount={deferred.retry}
          rows={data.data.length}
          onPage={(page) => go({ ...query, page, total: total ?? undefined })}
          onLimit={(limit) => go({ ...query, limit, page: 1, total: total ?? undefined })}
        />
      )}
    </div>
  );
}
