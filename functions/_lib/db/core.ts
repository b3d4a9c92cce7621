import { getAddress } from 'viem';
import type { Filter, ListQuery, ListSpec } from '../../../src/shared/api/list-params';
import type { Mode } from '../../../src/shared/api/common';

/** Rows of a tenant: every mode-scoped query starts with `project_id = ? AND mode = ?`. */
export interface Scope {
  projectId: string;
  mode: Mode | null;
}

export type Row = Record<string, unknown>;

/** Where a query's rows live and how API field names map to columns. */
export interface TableDef {
  table: string;
  /** API field → column (only fields used in filters and sorts need to be here). */
  columns: Readonly<Record<string, string>>;
  /** API fields kept in `row_counts` by triggers (migration 0006): totals for no filter or one eq/in filter on them. */
  counted?: readonly string[];
  /** `row_counts` also holds per-day buckets of created_at (transactions): createdAt ranges are counted from them. */
  countedByDay?: boolean;
  /** Condition restricting rows to the tenant (default: project_id and mode). */
  scopeSql?: (scope: Scope) => { sql: string; args: unknown[] };
  /**
   * Case-insensitive prefix searches (docs/api.md "Search"): field → the lower-case expressions matched (any of them),
   * each with its index starting `(project_id, mode, expr)`; with `via`, of the tenant's rows of another table
   * referenced by `via.column` (a wallet by its user's name or email), read through `via.index`. The value is
   * lower-cased (ASCII, as SQLite's lower()). Several expressions or a `via` name their indexes (`INDEXED BY`), so the
   * plan does not depend on the statistics the database has: a range per index, then the page's rows by rowid.
   */
  folded?: Readonly<Record<string, FoldedSearch>>;
  /** The database of a table outside the directory and the shards (the request log's LOGS), from the bindings. */
  db?: (env: { LOGS?: D1Database }) => D1Database | null;
}

export interface FoldedSearch {
  exprs: readonly { expr: string; index: string }[];
  via?: { column: string; table: string; index: string };
}

/** Lower-cases ASCII only, exactly as SQLite's lower() does (a JS toLowerCase would fold `É` where SQLite does not). */
export const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** `expr` starts with `value`: a range on the expression's index (LIKE could not use it case-insensitively). */
const prefixRange = (expr: string, value: string) => ({
  sql: `${expr} >= ? AND ${expr} < ?`,
  args: [value, `${value}\u{10FFFF}`],
});

const defaultScope = (s: Scope) =>
  s.mode === null
    ? { sql: 'project_id = ?', args: [s.projectId] }
    : { sql: 'project_id = ? AND mode = ?', args: [s.projectId, s.mode] };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of a case-insensitive prefix search (TableDef.folded). */
function foldedSql(table: string, f: FoldedSearch, scope: Scope, value: string): { sql: string; args: unknown[] } {
  const [only] = f.exprs;
  if (f.exprs.length === 1 && only && !f.via) return prefixRange(only.expr, value);
  const t = defaultScope(scope);
  const select = (column: string, from: string, e: { expr: string; index: string }) => {
    const range = prefixRange(e.expr, value);
    return {
      sql: `SELECT ${column} FROM ${from} INDEXED BY ${e.index} WHERE ${t.sql} AND ${range.sql}`,
      args: [...t.args, ...range.args],
    };
  };
  if (!f.via) {
    const parts = f.exprs.map((e) => select('rowid', table, e));
    return { sql: `rowid IN (${parts.map((p) => p.sql).join(' UNION ALL ')})`, args: parts.flatMap((p) => p.args) };
  }
  const via = f.via;
  const parts = f.exprs.map((e) => select('id', via.table, e));
  return {
    sql: `rowid IN (SELECT rowid FROM ${table} INDEXED BY ${via.index} WHERE ${via.column} IN (${parts.map((p) => p.sql).join(' UNION ')}))`,
    args: parts.flatMap((p) => p.args),
  };
}

function filterSql(def: TableDef, spec: ListSpec, scope: Scope, f: Filter): { sql: string; args: unknown[] } {
  const folded = def.folded?.[f.field];
  if (folded && f.op === 'prefix') return foldedSql(def.table, folded, scope, asciiLower(String(f.value)));
  const col = def.columns[f.field];
  if (!col) throw new Error(`no column for ${f.field}`);
  const type = spec.filters[f.field]?.type;
  const conv = (v: unknown) => (type === 'bool' ? (v ? 1 : 0) : type === 'address' ? getAddress(String(v)) : v);
  switch (f.op) {
    case 'eq':
      return { sql: `${col} = ?`, args: [conv(f.value)] };
    case 'neq':
      return { sql: `${col} != ?`, args: [conv(f.value)] };
    case 'gt':
      return { sql: `${col} > ?`, args: [conv(f.value)] };
    case 'gte':
      return { sql: `${col} >= ?`, args: [conv(f.value)] };
    case 'lt':
      return { sql: `${col} < ?`, args: [conv(f.value)] };
    case 'lte':
      return { sql: `${col} <= ?`, args: [conv(f.value)] };
    case 'in': {
      const values = [...new Set((f.value as unknown[]).map(conv))];
      if (values.length === 1) return { sql: `${col} = ?`, args: values };
      // Unary plus keeps SQLite on the sort index (stop after LIMIT) instead of sorting every match of several values.
      // The values are one JSON parameter: D1 allows at most 100 bound parameters per statement (`in` takes 100).
      return { sql: `+${col} IN (SELECT value FROM json_each(?))`, args: [JSON.stringify(values)] };
    }
    case 'contains':
      return { sql: `${col} LIKE ? ESCAPE '\\'`, args: [`%${likeEscape(String(f.value))}%`] };
    case 'prefix':
      // A range instead of LIKE so the (project_id, mode, col) index is used.
      return { sql: `${col} >= ? AND ${col} < ?`, args: [f.value, `${String(f.value)}\u{10FFFF}`] };
  }
}

/** WHERE clause (without the keyword) and its args for a scope and validated filters. */
export function whereClause(
  def: TableDef,
  spec: ListSpec,
  scope: Scope,
  filters: Filter[],
): { sql: string; args: unknown[] } {
  const parts = [(def.scopeSql ?? defaultScope)(scope)];
  for (const f of filters) parts.push(filterSql(def, spec, scope, f));
  return { sql: parts.map((p) => p.sql).join(' AND '), args: parts.flatMap((p) => p.args) };
}

/** The SQL of a list page: ids are paged on the index alone, then the ≤ 100 rows are read. */
export function listSql(
  def: TableDef,
  spec: ListSpec,
  scope: Scope,
  q: ListQuery,
): { sql: string; args: unknown[]; countSql: string; countArgs: unknown[] } {
  const where = whereClause(def, spec, scope, q.filters);
  const col = def.columns[q.order.field];
  if (!col) throw new Error(`no column for ${q.order.field}`);
  const dir = q.order.dir === 'asc' ? 'ASC' : 'DESC';
  const order = `${col} ${dir}, id ${dir}`;
  const inner = `SELECT rowid FROM ${def.table} WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`;
  return {
    sql: `SELECT * FROM ${def.table} WHERE rowid IN (${inner}) ORDER BY ${order}`,
    args: [...where.args, q.limit, (q.page - 1) * q.limit],
    countSql: `SELECT COUNT(*) AS n FROM ${def.table} WHERE ${where.sql}`,
    countArgs: where.args,
  };
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A `row_counts` lookup answering the total when the filters allow it: none, one eq/in on a counted field, or only
 * createdAt bounds on a table with day buckets (whole days from buckets, the two partial days counted on the index).
 */
export function counterSql(def: TableDef, scope: Scope, filters: Filter[]): { sql: string; args: unknown[] } | null {
  if (!def.counted || def.scopeSql || scope.mode === null) return null;
  const base =
    'SELECT COALESCE(SUM(n), 0) AS n FROM row_counts WHERE project_id = ? AND mode = ? AND tbl = ? AND field = ?';
  const head = [scope.projectId, scope.mode, def.table];
  if (filters.length === 0) return { sql: `${base} AND value = ''`, args: [...head, ''] };
  if (def.countedByDay && filters.every((f) => f.field === 'createdAt' && typeof f.value === 'number')) {
    let lo = -Infinity;
    let hi = Infinity; // [lo, hi)
    for (const f of filters) {
      const v = f.value as number;
      if (f.op === 'gte') lo = Math.max(lo, v);
      else if (f.op === 'gt') lo = Math.max(lo, v + 1);
      else if (f.op === 'lt') hi = Math.min(hi, v);
      else if (f.op === 'lte') hi = Math.min(hi, v + 1);
      else return null;
    }
    if (lo >= hi) return { sql: 'SELECT 0 AS n', args: [] };
    const firstFull = Number.isFinite(lo) ? Math.ceil(lo / DAY) * DAY : -Infinity;
    const endFull = Number.isFinite(hi) ? Math.floor(hi / DAY) * DAY : Infinity;
    const exact = (a: number, b: number) => ({
      sql: `SELECT COUNT(*) FROM ${def.table} WHERE project_id = ? AND mode = ? AND created_at >= ? AND created_at < ?`,
      args: [scope.projectId, scope.mode, a, b],
    });
    if (firstFull >= endFull) {
      const e = exact(lo, hi);
      return { sql: `SELECT (${e.sql}) AS n`, args: e.args };
    }
    const parts: { sql: string; args: unknown[] }[] = [
      {
        sql: `SELECT COALESCE(SUM(n), 0) FROM row_counts WHERE project_id = ? AND mode = ? AND tbl = ? AND field = 'day' AND value >= ? AND value < ?`,
        args: [
          ...head,
          Number.isFinite(firstFull) ? dayOf(firstFull) : '',
          Number.isFinite(endFull) ? dayOf(endFull) : '~',
        ],
      },
    ];
    if (Number.isFinite(lo) && lo < firstFull) parts.push(exact(lo, firstFull));
    if (Number.isFinite(hi) && endFull < hi) parts.push(exact(endFull, hi));
    return { sql: `SELECT ${parts.map((p) => `(${p.sql})`).join(' + ')} AS n`, args: parts.flatMap((p) => p.args) };
  }
  if (filters.length > 1) return null;
  const f = filters[0]!;
  if (!def.counted.includes(f.field) || (f.op !== 'eq' && f.op !== 'in')) return null;
  // Same text as the trigger's CAST(column AS TEXT): booleans are stored as 0/1.
  const values = (Array.isArray(f.value) ? f.value : [f.value]).map((v) =>
    typeof v === 'boolean' ? (v ? '1' : '0') : String(v),
  );
  return {
    sql: `${base} AND value IN (SELECT value FROM json_each(?))`,
    args: [...head, f.field, JSON.stringify([...new Set(values)])],
  };
}

/** One list page and the total (not counted when the client passed `total`; from counters when possible). */
export async function listRows<R = Row>(
  db: D1Database,
  def: TableDef,
  spec: ListSpec,
  scope: Scope,
  q: ListQuery,
): Promise<{ rows: R[]; total: number }> {
  const s = listSql(def, spec, scope, q);
  const page = db.prepare(s.sql).bind(...s.args);
  if (q.total !== undefined) {
    const { results } = await page.all<R>();
    return { rows: results, total: q.total };
  }
  const counter = counterSql(def, scope, q.filters);
  const count = counter ? db.prepare(counter.sql).bind(...counter.args) : db.prepare(s.countSql).bind(...s.countArgs);
  const [rows, total] = await db.batch([page, count]);
  return { rows: rows!.results as R[], total: Number((total!.results[0] as { n: number } | undefined)?.n ?? 0) };
}

/** One row of the tenant by id, or null (another tenant's row is null too). */
export async function getRow<R = Row>(db: D1Database, table: string, scope: Scope, id: string): Promise<R | null> {
  const s = defaultScope(scope);
  return db
    .prepare(`SELECT * FROM ${table} WHERE id = ? AND ${s.sql}`)
    .bind(id, ...s.args)
    .first<R>();
}

/** INSERT of one row given as column → value. */
export function insertStmt(db: D1Database, table: string, row: Row): D1PreparedStatement {
  const cols = Object.keys(row);
  return db
    .prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
    .bind(...cols.map((c) => toSql(row[c])));
}

/** Versioned UPDATE … RETURNING *: matches only when `version` is current, and bumps it. */
export function updateStmt(
  db: D1Database,
  table: string,
  scope: Scope,
  id: string,
  version: number,
  set: Row,
  now: number,
): D1PreparedStatement {
  const cols = Object.keys(set);
  const s = defaultScope(scope);
  const assign = [...cols.map((c) => `${c} = ?`), 'updated_at = ?', 'version = version + 1'].join(', ');
  return db
    .prepare(`UPDATE ${table} SET ${assign} WHERE id = ? AND ${s.sql} AND version = ? RETURNING *`)
    .bind(...cols.map((c) => toSql(set[c])), now, id, ...s.args, version);
}

/** DELETE of one tenant row. */
export function deleteStmt(db: D1Database, table: string, scope: Scope, id: string): D1PreparedStatement {
  const s = defaultScope(scope);
  return db.prepare(`DELETE FROM ${table} WHERE id = ? AND ${s.sql}`).bind(id, ...s.args);
}

// JS value → D1 bind value: the one definition the seed uses too.
export { toSql } from '../../../src/shared/api/stored-shapes';
import { toSql } from '../../../src/shared/api/stored-shapes';

/** Parses a JSON column, falling back to `fallback` on bad data. */
export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Whether an error is a SQLite UNIQUE/PRIMARY KEY violation. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(err.message);
}

/** INSERT of one row only when `guard` (a boolean SQL expression) holds — to chain writes inside one batch. */
export function insertIfStmt(
  db: D1Database,
  table: string,
  row: Row,
  guard: string,
  guardArgs: unknown[],
): D1PreparedStatement {
  const cols = Object.keys(row);
  return db
    .prepare(`INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.map(() => '?').join(', ')} WHERE ${guard}`)
    .bind(...cols.map((c) => toSql(row[c])), ...guardArgs);
}
