import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { listSql } from '../../../functions/_lib/db/core';
import { keysetSegments, keysetSql, type KeysetCursor } from '../../../functions/_lib/db/keyset';
import type { FieldType, Filter, FilterValue, ListQuery } from '../../../src/shared/api/list-params';
import { testEnv } from './helpers';
import type { TableDef } from '../../../functions/_lib/db/core';

/** Where a list's table lives: the directory (which holds every shard table too), or its own database (LOGS). */
const dbOf = (def: TableDef): D1Database => def.db?.(testEnv) ?? testEnv.DB;

const SAMPLE: Record<FieldType, FilterValue> = {
  int: 1,
  number: 1.5,
  bool: true,
  time: 0,
  address: '0x00000000000000000000000000000000000000aa',
  id: 'acc_00000000-0000-0000-0000-000000000000',
  enum: '',
  string: 'abc',
};

/** A second value per type: `in` filters get two distinct values (the `json_each` form, not `= ?`). */
const SAMPLE2: Record<FieldType, FilterValue> = {
  int: 2,
  number: 2.5,
  bool: false,
  time: 1,
  address: '0x00000000000000000000000000000000000000bb',
  id: 'acc_00000000-0000-0000-0000-000000000001',
  enum: '',
  string: 'abd',
};

/** Every list query the API can build: each allowed filter and operator alone, each sort in both directions. */
function cases() {
  const out: { name: string; table: string; db: D1Database; sql: string; args: unknown[] }[] = [];
  for (const r of API_ROUTES) {
    if (!r.list || !r.table) continue;
    const queries: { name: string; q: ListQuery }[] = [];
    const base = { page: 3, limit: 10, filters: [] as Filter[] };
    for (const field of r.list.sorts)
      for (const dir of ['asc', 'desc'] as const)
        queries.push({ name: `order ${field}:${dir}`, q: { ...base, order: { field, dir } } });
    for (const [field, def] of Object.entries(r.list.filters)) {
      for (const op of def.ops) {
        const v = def.type === 'enum' ? def.values![0]! : SAMPLE[def.type];
        const v2 = def.type === 'enum' ? (def.values![1] ?? v) : SAMPLE2[def.type];
        queries.push({
          name: `${field} ${op}`,
          q: { ...base, order: r.list.defaultOrder, filters: [{ field, op, value: op === 'in' ? [v, v2] : v }] },
        });
      }
    }
    for (const { name, q } of queries) {
      const s = listSql(r.table, r.list, { projectId: 'pro_x', mode: 'test' }, q);
      out.push({ name: `${r.path} ${name}`, table: r.table.table, db: dbOf(r.table), sql: s.sql, args: s.args });
      out.push({
        name: `${r.path} ${name} (count)`,
        table: r.table.table,
        db: dbOf(r.table),
        sql: s.countSql,
        args: s.countArgs,
      });
    }
  }
  return out;
}

/**
 * Every keyset query of the CSV exports (functions/_lib/db/keyset.ts): each sort in both directions and each allowed
 * filter and operator alone (`in` with several values: the JSON parameter), at the start of every segment and after a
 * row of it (the `(col, id) < (?, ?)` continuation).
 */
function keysetCases() {
  const out: { name: string; table: string; db: D1Database; sql: string; args: unknown[] }[] = [];
  for (const r of API_ROUTES) {
    if (r.produces !== 'text/csv' || !r.list || !r.table) continue;
    const queries: { name: string; q: Pick<ListQuery, 'order' | 'filters'> }[] = [];
    for (const field of r.list.sorts)
      for (const dir of ['asc', 'desc'] as const)
        queries.push({ name: `order ${field}:${dir}`, q: { order: { field, dir }, filters: [] } });
    for (const [field, def] of Object.entries(r.list.filters)) {
      for (const op of def.ops) {
        const v = def.type === 'enum' ? def.values![0]! : SAMPLE[def.type];
        const w = def.type === 'enum' ? def.values!.at(-1)! : typeof v === 'number' ? v + 1 : v;
        for (const order of r.list.sorts.map((f) => ({ field: f, dir: r.list!.defaultOrder.dir })))
          queries.push({
            name: `${field} ${op} order ${order.field}:${order.dir}`,
            q: { order, filters: [{ field, op, value: op === 'in' ? [v, w] : v }] },
          });
      }
    }
    for (const { name, q } of queries) {
      for (const segment of keysetSegments(q.order)) {
        const cursors: KeysetCursor[] = [
          { segment, after: null },
          { segment, after: { value: q.order.field === 'createdAt' ? 0 : 'abc', id: 'x' } },
        ];
        for (const cursor of cursors) {
          const s = keysetSql(r.table, r.list, { projectId: 'pro_x', mode: 'test' }, q, cursor);
          expect(s.args.length).toBeLessThanOrEqual(100);
          out.push({
            name: `${r.path} ${name} ${segment}${cursor.after ? ' after' : ' start'}`,
            table: r.table.table,
            db: dbOf(r.table),
            sql: s.sql,
            args: s.args,
          });
        }
      }
    }
  }
  return out;
}

describe('EXPLAIN QUERY PLAN: no keyset query of a CSV export scans a whole table', () => {
  const all = keysetCases();
  it('covers every CSV export', () => {
    expect(new Set(all.map((c) => c.table)).size).toBeGreaterThanOrEqual(10);
  });
  it.each(all)('$name', async ({ sql, args, table, db }) => {
    const { results } = await db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...args)
      .all<{ detail: string }>();
    const details = results.map((r) => r.detail);
    const scans = details.filter((d) => new RegExp(`^SCAN ${table}\\b`).test(d));
    expect(scans, details.join(' | ')).toEqual([]);
  });
});

describe('EXPLAIN QUERY PLAN: no list query scans a whole table', () => {
  const all = cases();
  it('covers every list route', () => {
    expect(new Set(all.map((c) => c.table)).size).toBeGreaterThanOrEqual(11);
  });
  it.each(all)('$name', async ({ sql, args, table, db }) => {
    const { results } = await db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...args)
      .all<{ detail: string }>();
    const details = results.map((r) => r.detail);
    const scans = details.filter((d) => new RegExp(`^SCAN ${table}\\b`).test(d));
    expect(scans, details.join(' | ')).toEqual([]);
  });
});
