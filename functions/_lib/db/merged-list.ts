import type { ListQuery, ListSpec } from '../../../src/shared/api/list-params';
import { listRows, type Row, type Scope, type TableDef } from './core';

/**
 * One list over the same table in several databases (the audit log: a project's actions are recorded in the
 * directory, its data's on its shard; functions/_lib/db/shards.ts). Each database answers the first `page × limit`
 * rows in the list's order (LIST_LIMITS.maxRows bounds that), the answers are merged in that order (ties by id, as
 * `listSql` orders), and the page is cut from the merge; the total is the sum.
 */
export async function mergedListRows(
  dbs: D1Database[],
  def: TableDef,
  spec: ListSpec,
  scope: Scope,
  q: ListQuery,
): Promise<{ rows: Row[]; total: number }> {
  const col = def.columns[q.order.field];
  if (!col) throw new Error(`no column for ${q.order.field}`);
  const head: ListQuery = { ...q, page: 1, limit: q.page * q.limit };
  const parts = await Promise.all(dbs.map((db) => listRows<Row>(db, def, spec, scope, head)));
  const sign = q.order.dir === 'asc' ? 1 : -1;
  const cmp = (a: Row, b: Row) => {
    const x = a[col] as number | string;
    const y = b[col] as number | string;
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0) * sign;
  };
  const rows = parts.flatMap((p) => p.rows).sort(cmp);
  const total = q.total ?? parts.reduce((n, p) => n + p.total, 0);
  return { rows: rows.slice((q.page - 1) * q.limit, q.page * q.limit), total };
}
