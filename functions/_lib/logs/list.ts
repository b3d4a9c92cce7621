import { LIST_LIMITS, type Filter, type ListQuery } from '../../../src/shared/api/list-params';
import { requestLogListSpec } from '../../../src/shared/api/request-logs';
import { listSql, whereClause, type Row, type Scope } from '../db/core';
import { REQUEST_LOGS } from './store';

/**
 * A page of the request log within 25 ms at millions of rows (docs/decisions.md "The request log at scale").
 *
 * - The total is counted up to {@link LOG_COUNT_CAP} (10,001) and no further: pages reach 10,000 rows deep
 *   (LIST_LIMITS.maxRows), so "more than 10,000" is all a person can use, and an exact COUNT(*) of millions of rows
 *   takes hundreds of milliseconds.
 * - A path-prefix search walks the newest entries in time order on the time index, which holds the short path
 *   (migrations/logs/0002), at most {@link walkCap} of them, and stops at the page: a broad prefix fills it early.
 *   A rare prefix (too few matches in the walk) reads its range of the path index (which holds the time) and orders
 *   it: few rows, or the walk would have found them.
 */

/** The count stops here: a total of 10,001 means "more than 10,000" (`totalCapped`). */
export const LOG_COUNT_CAP = LIST_LIMITS.maxRows + 1;

/** Entries the time-ordered walk of a path search reads at most: 20,000, or 20 per row to reach for deeper pages. */
export const walkCap = (needed: number) => Math.max(20_000, needed * 20);

const HI = '\u{10FFFF}';

/**
 * The capped count: the rows of the filters, at most LOG_COUNT_CAP. A several-value `in` is counted on its index
 * (`col IN …`), not with the unary plus the page uses to stay on the time order.
 */
function countSql(scope: Scope, filters: Filter[]): { sql: string; args: unknown[] } {
  const where = whereClause(REQUEST_LOGS, requestLogListSpec, scope, filters);
  const sql = where.sql.replace(/\+(\w+) IN \(SELECT value FROM json_each/g, '$1 IN (SELECT value FROM json_each');
  // A path prefix is counted on an index holding the path: the time index within a time range (the prefix's range
  // of the path index would be read whole to test each entry's time), else the path index.
  const path = filters.some((f) => f.field === 'path');
  const timed = filters.some((f) => f.field === 'createdAt');
  const index = path ? ` INDEXED BY ${timed ? 'request_logs_time' : 'request_logs_path'}` : '';
  return {
    sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM request_logs${index} WHERE ${sql} LIMIT ${LOG_COUNT_CAP})`,
    args: where.args,
  };
}

/** The walk of a path search: the page's rows when the walk found enough of them (else fewer: see listRequestLogs). */
function walkSql(scope: Scope, q: ListQuery, path: Filter): { sql: string; args: unknown[] } {
  const time = q.filters.filter((f) => f.field === 'createdAt');
  const others = q.filters.filter((f) => f.field !== 'createdAt' && f !== path);
  const inner = whereClause(REQUEST_LOGS, requestLogListSpec, scope, time);
  const rest = whereClause(REQUEST_LOGS, requestLogListSpec, scope, others);
  const desc = q.order.dir === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const needed = q.page * q.limit;
  const lo = String(path.value);
  const hi = `${lo}${HI}`;
  // w: the walk; m: its first `needed` matches; e: the last one's time. The page is read from the matches before
  // that time and every match AT that time (a tie may continue past the walk), so it is exact, in `created_at, id`.
  // The ties at the edge: the scope and every filter but the time (a row at the edge's time is within the range).
  const edge = whereClause(REQUEST_LOGS, requestLogListSpec, scope, others);
  const sql = `WITH w AS (
      SELECT rowid AS r, created_at AS t, short_path AS p FROM request_logs INDEXED BY request_logs_time
      WHERE ${inner.sql} ORDER BY created_at ${dir} LIMIT ?
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

/** Whether the walk read every entry of its range (fewer than its cap: on the time index alone, no row read). */
async function walkedAll(db: D1Database, scope: Scope, q: ListQuery): Promise<boolean> {
  const cap = walkCap(q.page * q.limit);
  const time = whereClause(
    REQUEST_LOGS,
    requestLogListSpec,
    scope,
    q.filters.filter((f) => f.field === 'createdAt'),
  );
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM request_logs INDEXED BY request_logs_time WHERE ${time.sql} LIMIT ?)`,
    )
    .bind(...time.args, cap)
    .first<{ n: number }>();
  return Number(row?.n ?? cap) < cap;
}

/** The rare-prefix read: the prefix's range of the path index, ordered by time (the path index holds it). */
function pathRangeSql(scope: Scope, q: ListQuery): { sql: string; args: unknown[] } {
  const s = listSql(REQUEST_LOGS, requestLogListSpec, scope, q);
  return {
    sql: s.sql.replace(
      /rowid IN \(SELECT rowid FROM request_logs WHERE/,
      'rowid IN (SELECT rowid FROM request_logs INDEXED BY request_logs_path WHERE',
    ),
    args: s.args,
  };
}

/**
 * One page of the log and its total (capped at LOG_COUNT_CAP; not counted when the client passed `total`). A path
 * search counts first when it counts: a prefix alone with fewer than 10,001 matches is read from the path index straight
 * away (the walk would not fill the page).
 */
export async function listRequestLogs(
  db: D1Database,
  scope: Scope,
  q: ListQuery,
): Promise<{ rows: Row[]; total: number }> {
  const path =
    q.order.field === 'createdAt' ? q.filters.find((f) => f.field === 'path' && f.op === 'prefix') : undefined;
  const run = async (s: { sql: string; args: unknown[] }) =>
    (
      await db
        .prepare(s.sql)
        .bind(...s.args)
        .all<Row>()
    ).results;
  const count = async () => {
    const c = countSql(scope, q.filters);
    const row = await db
      .prepare(c.sql)
      .bind(...c.args)
      .first<{ n: number }>();
    return Number(row?.n ?? 0);
  };
  if (!path) {
    const page = listSql(REQUEST_LOGS, requestLogListSpec, scope, q);
    if (q.total !== undefined) return { rows: await run(page), total: q.total };
    const c = countSql(scope, q.filters);
    const [rows, n] = await db.batch<Row>([db.prepare(page.sql).bind(...page.args), db.prepare(c.sql).bind(...c.args)]);
    return { rows: rows!.results, total: Number((n!.results[0] as { n?: number } | undefined)?.n ?? 0) };
  }
  const total = q.total ?? (await count());
  // The prefix alone (another filter would test rows of the whole range one by one).
  const alone = q.filters.every((f) => f === path);
  if (q.total === undefined && total < LOG_COUNT_CAP && alone)
    return { rows: await run(pathRangeSql(scope, q)), total };
  let rows = await run(walkSql(scope, q, path));
  // The walk found fewer than the page: it read the whole range (a short time range, a small log) and the page is
  // complete, or the prefix is rare and is read from the path index.
  if (rows.length < q.limit && !(await walkedAll(db, scope, q))) rows = await run(pathRangeSql(scope, q));
  return { rows, total };
}
