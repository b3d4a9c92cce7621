import { LIST_LIMITS, type Filter, type ListQuery } from '../../../src/shared/api/list-params';
import { requestLogListSpec } from '../../../src/shared/api/request-logs';
import { listSql, whereClause, type Row, type Scope } from '../db/core';
import { REQUEST_LOGS } from './store';

/**
 * A page of the request log within 25 ms at millions of rows (docs/decisions.md "The request log at scale", "Page 1
 * never waits for the count").
 *
 * - The total is counted up to {@link LOG_COUNT_CAP} (10,001) and no further: pages reach 10,000 rows deep
 *   (LIST_LIMITS.maxRows), so "more than 10,000" is all a person can use.
 * - Page 1 counts with its rows only when the count is one index range that stops at the cap
 *   ({@link countsWithPage}); otherwise its answer has `total: null` and the count is a request of its own
 *   ({@link countRequestLogs}, `GET …/logs/count`), so the rows never wait for it.
 * - A path-prefix search walks an index in time order, testing the prefix on the index, at most {@link walkCap}
 *   entries, and stops at the page: the index of another filter of the search when it holds the short path (status
 *   class, method, key: migrations/logs/0003), else the time index. A rare prefix (too few matches in the walk) reads
 *   its range of the path index (which holds the time, the status class, the method and the key) and orders it.
 */

/** The count stops here: a total of 10,001 means "more than 10,000" (`totalCapped`). */
export const LOG_COUNT_CAP = LIST_LIMITS.maxRows + 1;

/** Entries a time-ordered walk of a path search reads at most: 20,000, or 20 per row to reach for deeper pages. */
export const walkCap = (needed: number) => Math.max(20_000, needed * 20);

/** Entries of a prefix's range the count of a path search reads on the path index before it uses another index. */
export const PATH_PROBE = 100_000;

/** A prefix with fewer entries than this is read from the path index straight away (a walk would not fill a page). */
export const RARE_PREFIX = 2_000;

const HI = '\u{10FFFF}';
const spec = requestLogListSpec;

/** One filter field's index (scope, field, created_at …). */
const SINGLE_INDEX: Readonly<Record<string, string>> = {
  statusClass: 'request_logs_status',
  method: 'request_logs_method',
  route: 'request_logs_route',
  keyId: 'request_logs_key',
};
/** The pairs with an index of their own (fields in alphabetical order). */
const PAIR_INDEX: Readonly<Record<string, string>> = {
  'keyId,statusClass': 'request_logs_status_key',
  'route,statusClass': 'request_logs_status_route',
  'keyId,route': 'request_logs_key_route',
  'keyId,method': 'request_logs_key_method',
};
/** The single-field indexes that hold the short path after the time (a path search walks them): all four. */
const WITH_PATH = ['statusClass', 'method', 'keyId', 'route'];

const isTime = (f: Filter) => f.field === 'createdAt';
/** One value: `eq`, or `in` with one value (several values are several ranges, not one walk in time order). */
const oneValue = (f: Filter) => f.op === 'eq' || (f.op === 'in' && new Set(f.value as unknown[]).size === 1);

/**
 * Whether page 1 counts with its rows: the capped count is one index range that stops at 10,001 (no filter, one
 * field, a pair with its own index, each with or without a time range; a request id; a path prefix alone). Any
 * other combination's count may read a whole range (a prefix with a status class read every entry of the prefix to
 * test the class: 1.2–1.6 s at 5,000,000 rows) and is left to `GET …/logs/count`.
 */
export function countsWithPage(filters: readonly Filter[]): boolean {
  if (filters.some((f) => f.field === 'id')) return true;
  const rest = filters.filter((f) => !isTime(f));
  if (rest.some((f) => f.field === 'path')) return rest.length === 1 && rest.length === filters.length;
  const fields = [...new Set(rest.map((f) => f.field))].sort();
  return fields.length <= 1 || PAIR_INDEX[fields.join(',')] !== undefined;
}

/** The capped count of filters on one index (`index`: by name, else the planner's), as SQL. */
function cappedCount(scope: Scope, filters: Filter[], index?: string): { sql: string; args: unknown[] } {
  const where = whereClause(REQUEST_LOGS, spec, scope, filters);
  // A several-value `in` is counted on its index (`col IN …`), not with the unary plus the page uses to keep the
  // time order.
  const sql = where.sql.replace(/\+(\w+) IN \(SELECT value FROM json_each/g, '$1 IN (SELECT value FROM json_each');
  return {
    sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM request_logs${index ? ` INDEXED BY ${index}` : ''} WHERE ${sql} LIMIT ${LOG_COUNT_CAP})`,
    args: where.args,
  };
}

const first = async (db: D1Database, s: { sql: string; args: unknown[] }) =>
  Number(
    (
      await db
        .prepare(s.sql)
        .bind(...s.args)
        .first<{ n: number }>()
    )?.n ?? 0,
  );

/**
 * The index a count of several fields reads: the one of its most selective field (route, key, method, status class),
 * which holds the other filters' columns after the time (migrations/logs/0003), so no row is read; the time index
 * for time alone. (A pair with an index of its own is counted with page 1, where the planner picks that index.)
 */
function coveringIndex(filters: readonly Filter[], ordered = false): string {
  // A page walks its index in time order: only a field with one value can lead it (several values are several
  // ranges, merged by a sort of every match); a count takes every range.
  const usable = filters.filter((f) => !ordered || oneValue(f));
  const has = (field: string) => usable.some((f) => f.field === field);
  // Error classes are few of a log's requests (the seed: 4xx ~6.5 %, 5xx ~0.5 %): a status filter without 2xx first.
  const errors = usable.some(
    (f) => f.field === 'statusClass' && !(Array.isArray(f.value) ? f.value : [f.value]).includes('2xx'),
  );
  if (has('route')) return SINGLE_INDEX.route!;
  if (errors) return SINGLE_INDEX.statusClass!;
  for (const field of ['keyId', 'method', 'statusClass']) if (has(field)) return SINGLE_INDEX[field]!;
  return 'request_logs_time';
}

/**
 * The total of filters, up to 10,001 (`GET …/logs/count`, and page 1 when {@link countsWithPage}), in one statement.
 * A path prefix with other filters: its range of the path index when that holds fewer than {@link PATH_PROBE} entries
 * (the index holds the time, status class, method and key: no row is read), else the index of another filter, which
 * holds the short path, until 10,001 match. Other combinations: {@link coveringIndex}.
 */
export async function countRequestLogs(db: D1Database, scope: Scope, filters: Filter[]): Promise<number> {
  const path = filters.find((f) => f.field === 'path' && f.op === 'prefix');
  if (!path || filters.length === 1)
    return first(
      db,
      cappedCount(
        scope,
        filters,
        path ? 'request_logs_path' : countsWithPage(filters) ? undefined : coveringIndex(filters),
      ),
    );
  // One statement: CASE runs only the branch it takes (a scalar subquery is computed where it is first needed).
  const probe = whereClause(REQUEST_LOGS, spec, scope, [path]);
  const onPath = cappedCount(scope, filters, 'request_logs_path');
  const onOther = cappedCount(scope, filters, coveringIndex(filters.filter((f) => f !== path)));
  return first(db, {
    sql: `SELECT CASE WHEN (SELECT COUNT(*) FROM (SELECT 1 FROM request_logs INDEXED BY request_logs_path WHERE ${probe.sql} LIMIT ${PATH_PROBE})) < ${PATH_PROBE}
      THEN (${onPath.sql}) ELSE (${onOther.sql}) END AS n`,
    args: [...probe.args, ...onPath.args, ...onOther.args],
  });
}

/**
 * A walk of a path search: the newest entries of `index` within the `leads` and the time filters (at most the walk's
 * cap), the prefix tested on the index; the page's rows when the walk found enough of them (else fewer: see
 * listRequestLogs).
 */
function walkSql(
  scope: Scope,
  q: ListQuery,
  path: Filter,
  index: string,
  leads: Filter[],
  /** A condition the walk runs under (the prefix is not rare): no entry is read when it is false. */
  gate?: { sql: string; args: unknown[] },
): { sql: string; args: unknown[] } {
  const time = q.filters.filter(isTime);
  const others = q.filters.filter((f) => !isTime(f) && f !== path && !leads.includes(f));
  const inner = whereClause(REQUEST_LOGS, spec, scope, [...leads, ...time]);
  const rest = whereClause(REQUEST_LOGS, spec, scope, others);
  const desc = q.order.dir === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const needed = q.page * q.limit;
  const lo = String(path.value);
  const hi = `${lo}${HI}`;
  // w: the walk; m: its first `needed` matches; e: the last one's time. The page is read from the matches before
  // that time and every match AT that time (a tie may continue past the walk), so it is exact, in `created_at, id`.
  // The ties at the edge: the scope and every filter but the time (a row at the edge's time is within the range).
  const edge = whereClause(
    REQUEST_LOGS,
    spec,
    scope,
    q.filters.filter((f) => !isTime(f) && f !== path),
  );
  const sql = `WITH w AS NOT MATERIALIZED (
      SELECT rowid AS r, created_at AS t, short_path AS p FROM request_logs INDEXED BY ${index}
      WHERE ${inner.sql} ORDER BY created_at ${dir} LIMIT ${gate ? `CASE WHEN ${gate.sql} THEN ? ELSE 0 END` : '?'}
    ),
    m AS (
      SELECT w.r, w.t FROM w ${others.length ? 'JOIN request_logs x ON x.rowid = w.r' : ''}
      WHERE w.p >= ? AND w.p < ?${others.length ? ` AND ${rest.sql}` : ''}
      ORDER BY w.t ${dir} LIMIT ?
    ),
    e AS (SELECT ${desc ? 'MIN' : 'MAX'}(t) AS t FROM m)
    SELECT * FROM request_logs WHERE rowid IN (
      SELECT r FROM m WHERE t ${desc ? '>' : '<'} (SELECT t FROM e)
      UNION ALL
      SELECT rowid FROM request_logs INDEXED BY request_logs_time
      WHERE ${edge.sql} AND created_at = (SELECT t FROM e) AND short_path >= ? AND short_path < ?
    )
    ORDER BY created_at ${dir}, id ${dir} LIMIT ? OFFSET ?`;
  return {
    sql,
    args: [
      ...inner.args,
      ...(gate?.args ?? []),
      walkCap(needed),
      lo,
      hi,
      ...(others.length ? rest.args : []),
      needed,
      ...edge.args,
      lo,
      hi,
      q.limit,
      (q.page - 1) * q.limit,
    ],
  };
}

/** How many entries the prefix has on the path index, counted up to {@link RARE_PREFIX}. */
function rarePrefixSql(scope: Scope, path: Filter): { sql: string; args: unknown[] } {
  const prefix = whereClause(REQUEST_LOGS, spec, scope, [path]);
  return {
    sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM request_logs INDEXED BY request_logs_path WHERE ${prefix.sql} LIMIT ${RARE_PREFIX})`,
    args: prefix.args,
  };
}

/** Whether a walk read every entry of its range (fewer than its cap: on its index alone, no row read). */
async function walkedAll(db: D1Database, scope: Scope, q: ListQuery, index: string, leads: Filter[]): Promise<boolean> {
  const cap = walkCap(q.page * q.limit);
  const range = whereClause(REQUEST_LOGS, spec, scope, [...leads, ...q.filters.filter(isTime)]);
  const n = await first(db, {
    sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM request_logs INDEXED BY ${index} WHERE ${range.sql} LIMIT ${cap})`,
    args: range.args,
  });
  return n < cap;
}

/**
 * The list's page on a named index: the rare-prefix read (the prefix's range of the path index, ordered by time: the
 * path index holds it), or a combination without an index of its own on {@link coveringIndex}.
 */
function pageOnIndex(
  scope: Scope,
  q: ListQuery,
  index = 'request_logs_path',
  /** A condition the read runs under (see walkSql). */
  gate?: { sql: string; args: unknown[] },
): { sql: string; args: unknown[] } {
  const s = listSql(REQUEST_LOGS, spec, scope, q);
  const sql = s.sql.replace(
    /rowid IN \(SELECT rowid FROM request_logs WHERE/,
    `rowid IN (SELECT rowid FROM request_logs INDEXED BY ${index} WHERE`,
  );
  if (!gate) return { sql, args: s.args };
  // The page's LIMIT is 0 when the condition is false (its two last arguments: the limit and the offset).
  const limit = s.args.length - 2;
  return {
    sql: sql.replace(/ LIMIT \? OFFSET \?\)/, ` LIMIT CASE WHEN ${gate.sql} THEN ? ELSE 0 END OFFSET ?)`),
    args: [...s.args.slice(0, limit), ...gate.args, ...s.args.slice(limit)],
  };
}

/**
 * One page of the log and its total: the client's `total` when it passed one, the capped count when page 1 counts
 * with its rows ({@link countsWithPage}), else null (the client asks `GET …/logs/count`).
 */
export async function listRequestLogs(
  db: D1Database,
  scope: Scope,
  q: ListQuery,
): Promise<{ rows: Row[]; total: number | null }> {
  const path =
    q.order.field === 'createdAt' ? q.filters.find((f) => f.field === 'path' && f.op === 'prefix') : undefined;
  const counts = q.total === undefined && countsWithPage(q.filters);
  const run = async (s: { sql: string; args: unknown[] }) =>
    (
      await db
        .prepare(s.sql)
        .bind(...s.args)
        .all<Row>()
    ).results;
  if (!path) {
    // A combination without an index of its own walks the index of its most selective field, which holds the others.
    const own = countsWithPage(q.filters) || q.order.field !== 'createdAt';
    const page = own ? listSql(REQUEST_LOGS, spec, scope, q) : pageOnIndex(scope, q, coveringIndex(q.filters, true));
    if (!counts) return { rows: await run(page), total: q.total ?? null };
    const c = cappedCount(scope, q.filters);
    const [rows, n] = await db.batch<Row>([db.prepare(page.sql).bind(...page.args), db.prepare(c.sql).bind(...c.args)]);
    return { rows: rows!.results, total: Number((n!.results[0] as { n?: number } | undefined)?.n ?? 0) };
  }
  // One round trip for the usual case: the count (page 1 of a prefix alone), the prefix's size on the path index (at
  // most RARE_PREFIX entries) and the walk: the index of another filter of the search that holds the short path
  // (one value), else the time index.
  const lead = q.filters.find((f) => WITH_PATH.includes(f.field) && oneValue(f));
  const index = lead ? SINGLE_INDEX[lead.field]! : 'request_logs_time';
  const leads = lead ? [lead] : [];
  // The walk and the read of the path index each run only on their side of the prefix's size: each has a LIMIT that
  // is 0 on the other side (SQLite evaluates a LIMIT once, before its loop; a condition in the WHERE changed the
  // plans). A rare prefix costs one round trip and no walk.
  const rare = rarePrefixSql(scope, path);
  const side = (op: '<' | '>=') => ({ sql: `(${rare.sql}) ${op} ${RARE_PREFIX}`, args: rare.args });
  const statements = [
    rare,
    walkSql(scope, q, path, index, leads, side('>=')),
    pageOnIndex(scope, q, 'request_logs_path', side('<')),
    ...(counts ? [cappedCount(scope, q.filters, 'request_logs_path')] : []),
  ];
  const [size, walk, fromPath, count] = await db.batch<Row>(
    statements.map((st) => db.prepare(st.sql).bind(...st.args)),
  );
  const n = (r: D1Result<Row> | undefined) => Number((r?.results[0] as { n?: number } | undefined)?.n ?? 0);
  const total = counts ? n(count) : (q.total ?? null);
  // A rare prefix: its range of the path index is small, and was read.
  if (n(size) < RARE_PREFIX) return { rows: fromPath!.results, total };
  // A prefix alone counted below the cap: read its range of the path index.
  if (total !== null && counts && total < LOG_COUNT_CAP) return { rows: await run(pageOnIndex(scope, q)), total };
  let rows = walk!.results;
  // The walk found fewer than the page: it read its whole range (a short time range, a small log) and the page is
  // complete, or the prefix is rare among the walked entries and is read from the path index.
  if (rows.length < q.limit && !(await walkedAll(db, scope, q, index, leads))) rows = await run(pageOnIndex(scope, q));
  return { rows, total };
}
