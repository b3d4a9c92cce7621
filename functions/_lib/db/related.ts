import { scopesFor } from '../../../src/shared/api/collections';
import type { Principal } from '../api/auth';
import type { Row, Scope } from './core';

/** A referenced row whose summary a list shows (a wallet's user name, a transaction's policy name). */
export interface Relation {
  /** Column of the listed row holding the referenced id. */
  column: string;
  table: string;
  /** Columns of the referenced row to read (besides `id`). */
  fields: readonly string[];
  /** Item field the summary (or null) is put under (`user`); the row carries it as `_<field>` for `toApi`. */
  field: string;
  /**
   * The collection the summary is read from (secret-key scopes, docs/api.md "Summaries"): the summary is included only
   * when the caller may read that collection, so a `wallets:read` key never reads users' names and emails.
   */
  collection: string;
  /** Flat CSV columns of the summary (column → summary field), in place of a JSON cell. */
  csv: Readonly<Record<string, string>>;
}

/**
 * Whether the caller may read `collection`: a member reads every collection of the project (the API's role table);
 * a secret key only with one of the collection's read scopes (`read`, `write`, `<collection>:read|write`).
 */
export function mayReadCollection(principal: Principal, collection: string): boolean {
  if (principal.kind !== 'key') return true;
  return scopesFor(collection, false).some((s) => principal.scopes.includes(s));
}

/** The relations whose summaries this caller may read: the one rule for list, read and CSV answers. */
export function readableRelations(principal: Principal, relations: readonly Relation[]): Relation[] {
  return relations.filter((r) => mayReadCollection(principal, r.collection));
}

/**
 * Reads the summaries of the rows a page references, one query per relation whatever the page size: the ids go in
 * as one JSON parameter (`json_each`), so the statement stays far below D1's 100 bound parameters, and each lookup is
 * by primary key inside the same tenant. Relations the caller may not read are left out (the field is absent).
 */
export async function attachRelated(
  db: D1Database,
  scope: Scope,
  rows: Row[],
  relations: readonly Relation[],
  principal: Principal,
) {
  await Promise.all(
    readableRelations(principal, relations).map(async (rel) => {
      const as = `_${rel.field}`;
      const ids = [...new Set(rows.map((r) => r[rel.column]).filter((v): v is string => typeof v === 'string'))];
      for (const r of rows) r[as] = null;
      if (!ids.length) return;
      const { results } = await db
        .prepare(
          `SELECT id, ${rel.fields.join(', ')} FROM ${rel.table} WHERE id IN (SELECT value FROM json_each(?)) AND project_id = ?`,
        )
        .bind(JSON.stringify(ids), scope.projectId)
        .all<Row>();
      const byId = new Map(results.map((r) => [r.id, r]));
      for (const r of rows) r[as] = byId.get(r[rel.column] as string) ?? null;
    }),
  );
}
