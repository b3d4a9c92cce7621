import type { Row, Scope } from './core';

/** A referenced row whose summary a list shows (a wallet's user name, a transaction's policy name). */
export interface Relation {
  /** Column of the listed row holding the referenced id. */
  column: string;
  table: string;
  /** Columns of the referenced row to read (besides `id`). */
  fields: readonly string[];
  /** Property the summary row (or null) is put under. */
  as: string;
}

/**
 * Reads the summaries of the rows a page references, one query per relation whatever the page size: the ids go in
 * as one JSON parameter (`json_each`), so the statement stays far below D1's 100 bound parameters, and each lookup is
 * by primary key inside the same tenant.
 */
export async function attachRelated(db: D1Database, scope: Scope, rows: Row[], relations: readonly Relation[]) {
  await Promise.all(
    relations.map(async (rel) => {
      const ids = [...new Set(rows.map((r) => r[rel.column]).filter((v): v is string => typeof v === 'string'))];
      for (const r of rows) r[rel.as] = null;
      if (!ids.length) return;
      const { results } = await db
        .prepare(
          `SELECT id, ${rel.fields.join(', ')} FROM ${rel.table} WHERE id IN (SELECT value FROM json_each(?)) AND project_id = ?`,
        )
        .bind(JSON.stringify(ids), scope.projectId)
        .all<Row>();
      const byId = new Map(results.map((r) => [r.id, r]));
      for (const r of rows) r[rel.as] = byId.get(r[rel.column] as string) ?? null;
    }),
  );
}
