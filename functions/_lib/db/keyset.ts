import { getAddress } from 'viem';
import type { Filter, ListQuery, ListSpec } from '../../../src/shared/api/list-params';
import { whereClause, type Row, type Scope, type TableDef } from './core';

/**
 * Keyset reading of a whole list, in the list's own order (`col dir, id dir`), for exports: each page continues after
 * the last row read with `(col, id) < (?, ?)` (or `>` ascending), so every page is a range of the sort index, never an
 * OFFSET walk, and a million rows cost a million index steps in all.
 *
 * NULLs: SQLite puts NULL first ascending and last descending, and a row-value comparison with NULL is never true.
 * A sort column that may be NULL is therefore read in two segments, each an index range: the non-NULL values
 * (`col IS NOT NULL`, then the row-value continuation) and the NULLs (`col IS NULL`, continued by `id` alone), in
 * the order SQLite sorts them. `created_at` is NOT NULL on every table and has one segment.
 *
 * Bound parameters stay far below D1's 100 per statement: an `in` filter with several values goes in as one JSON
 * parameter (`json_each`), every other filter takes one or two, the continuation two and the limit one.
 */

/** D1 refuses a statement with more bound parameters than this. */
export const D1_MAX_BOUND_PARAMS = 100;

/** Rows per keyset query of an export. */
export const KEYSET_PAGE_ROWS = 1000;

/** Sort fields whose column is NOT NULL on every table (one segment). */
const NOT_NULL_SORTS = new Set(['createdAt']);

type Segment = 'values' | 'nulls';

/** Where a keyset read stands: the segment and the last row read in it (none: the segment's start). */
export interface KeysetCursor {
  segment: Segment;
  after: { value: unknown; id: string } | null;
}

/** The segments of an order, in reading order. */
export function keysetSegments(order: ListQuery['order']): Segment[] {
  if (NOT_NULL_SORTS.has(order.field)) return ['values'];
  return order.dir === 'asc' ? ['nulls', 'values'] : ['values', 'nulls'];
}

/** The scope and filters as one WHERE clause, with several-value `in` filters as one JSON parameter each. */
export function keysetWhere(
  def: TableDef,
  spec: ListSpec,
  scope: Scope,
  filters: Filter[],
): { sql: string; args: unknown[] } {
  const plain: Filter[] = [];
  const parts: { sql: string; args: unknown[] }[] = [];
  for (const f of filters) {
    const values = f.op === 'in' ? [...new Set((f.value as unknown[]).map((v) => bindValue(spec, f.field, v)))] : [];
    if (values.length < 2) {
      plain.push(f);
      continue;
    }
    const col = def.columns[f.field];
    if (!col) throw new Error(`no column for ${f.field}`);
    // Unary plus, as the JSON list does: SQLite keeps walking the sort index instead of sorting every match.
    parts.push({ sql: `+${col} IN (SELECT value FROM json_each(?))`, args: [JSON.stringify(values)] });
  }
  const base = whereClause(def, spec, scope, plain);
  return {
    sql: [base.sql, ...parts.map((p) => p.sql)].join(' AND '),
    args: [...base.args, ...parts.flatMap((p) => p.args)],
  };
}

/** A filter value as D1 binds it (booleans 0/1, checksummed addresses), as core.ts does. */
function bindValue(spec: ListSpec, field: string, v: unknown): unknown {
  const type = spec.filters[field]?.type;
  return type === 'bool' ? (v ? 1 : 0) : type === 'address' ? getAddress(String(v)) : v;
}

/** The SQL of one keyset page: the rows after `cursor` in its segment, at most `limit`. */
export function keysetSql(
  def: TableDef,
  spec: ListSpec,
  scope: Scope,
  q: Pick<ListQuery, 'filters' | 'order'>,
  cursor: KeysetCursor,
  limit = KEYSET_PAGE_ROWS,
): { sql: string; args: unknown[] } {
  const where = keysetWhere(def, spec, scope, q.filters);
  const col = def.columns[q.order.field];
  if (!col) throw new Error(`no column for ${q.order.field}`);
  const desc = q.order.dir === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const cmp = desc ? '<' : '>';
  let cont: { sql: string; args: unknown[] };
  if (cursor.segment === 'nulls')
    cont = cursor.after
      ? { sql: `${col} IS NULL AND id ${cmp} ?`, args: [cursor.after.id] }
      : { sql: `${col} IS NULL`, args: [] };
  else if (cursor.after) cont = { sql: `(${col}, id) ${cmp} (?, ?)`, args: [cursor.after.value, cursor.after.id] };
  else cont = NOT_NULL_SORTS.has(q.order.field) ? { sql: '', args: [] } : { sql: `${col} IS NOT NULL`, args: [] };
  const args = [...where.args, ...cont.args, limit];
  if (args.length > D1_MAX_BOUND_PARAMS) throw new Error(`keyset query with ${args.length} bound parameters`);
  return {
    sql: `SELECT * FROM ${def.table} WHERE ${where.sql}${cont.sql ? ` AND ${cont.sql}` : ''} ORDER BY ${col} ${dir}, id ${dir} LIMIT ?`,
    args,
  };
}

/**
 * Reads a whole list page by page in its order; `next()` answers the next page (≤ `pageRows` rows) or null at the
 * end. Only one page is held at a time.
 */
export function keysetReader(
  db: D1Database,
  def: TableDef,
  spec: ListSpec,
  scope: Scope,
  q: Pick<ListQuery, 'filters' | 'order'>,
  pageRows = KEYSET_PAGE_ROWS,
): { next(): Promise<Row[] | null> } {
  const col = def.columns[q.order.field];
  if (!col) throw new Error(`no column for ${q.order.field}`);
  const segments = keysetSegments(q.order);
  let index = 0;
  let cursor: KeysetCursor = { segment: segments[0]!, after: null };
  return {
    async next() {
      while (index < segments.length) {
        const s = keysetSql(def, spec, scope, q, cursor, pageRows);
        const { results } = await db
          .prepare(s.sql)
          .bind(...s.args)
          .all<Row>();
        const last = results.at(-1);
        if (results.length < pageRows || !last) {
          index++;
          cursor = { segment: segments[index] ?? 'values', after: null };
        } else cursor = { segment: cursor.segment, after: { value: last[col], id: last.id as string } };
        if (results.length) return results;
      }
      return null;
    },
  };
}
