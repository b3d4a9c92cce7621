import { dbFor } from '../db/shards';
import type { z } from 'zod';
import type { ListSpec } from '../../../src/shared/api/list-params';
import { deleteStmt, getRow, listRows, updateStmt, type Row, type TableDef } from '../db/core';
import { attachRelated, type Relation } from '../db/related';
import { auditStmt } from '../db/audit';
import { defineRoute, scopeOf, type ApiContext, type ApiRoute } from './context';
import { ApiError, json, notFound } from './request-response';
import type { Permission } from './rbac';
import { auditFor, commitUpdate } from './write-commits';
import { listOf } from '../../../src/shared/api/common';
import { Outbox } from '../webhooks/outbox';

/** The webhook event a write emits (written in its batch, only when the write matched: docs/api.md "Webhook delivery"). */
export interface WriteEvent {
  topic: string;
  data: (id: string, fields: string[]) => Record<string, unknown>;
}

/** A stored row in the API's shape; `c.now` is the request's clock (statuses that depend on time use it). */
type ToApi = (row: Row, c: { now: number }) => unknown;

/** GET list route of a tenant table with the collection's allow-lists. */
export function listRoute(o: {
  path: string;
  tag: string;
  summary: string;
  def: TableDef;
  spec: ListSpec;
  toApi: ToApi;
  item: z.ZodType;
  scope?: 'project' | 'mode';
  permission?: Permission;
  /** Summaries of referenced rows to attach before `toApi` (names instead of bare ids). */
  relations?: readonly Relation[];
  /** Adds computed columns to the page's rows before `toApi` (e.g. a webhook's 24 h success rate). */
  attach?: (c: ApiContext, rows: Row[]) => Promise<void>;
}): ApiRoute {
  return defineRoute({
    method: 'GET',
    path: o.path,
    scope: o.scope ?? 'mode',
    permission: o.permission ?? 'read',
    tag: o.tag,
    summary: o.summary,
    list: o.spec,
    table: o.def,
    rows: { item: o.item, toApi: o.toApi, relations: o.relations },
    relations: o.relations,
    response: listOf(o.item),
    handler: async (c) => {
      const q = c.query;
      const { rows, total } = await listRows(dbFor(c, o.def.table), o.def, o.spec, scopeOf(c), q);
      if (o.relations) await attachRelated(c.db, scopeOf(c), rows, o.relations, c.principal);
      if (o.attach) await o.attach(c, rows);
      return json({ data: rows.map((r) => o.toApi(r, c)), page: q.page, limit: q.limit, total });
    },
  });
}

/** The `:id` of the builders' item routes (their paths end in `/:id`, which the option type enforces). */
const idOf = (c: ApiContext) => (c.params as { id: string }).id;

/** Reads one row of the tenant or throws 404. */
export async function mustGet(c: ApiContext, table: string, id: string, what: string): Promise<Row> {
  const row = await getRow(dbFor(c, table), table, scopeOf(c), id);
  if (!row) throw notFound(what);
  return row;
}

/** GET one route (`:id`). */
export function getRoute(o: {
  /** Ends in `/:id`. */
  path: `${string}/:id`;
  tag: string;
  summary: string;
  table: string;
  what: string;
  toApi: (row: Row, c: ApiContext) => unknown | Promise<unknown>;
  item: z.ZodType;
  relations?: readonly Relation[];
}): ApiRoute {
  return defineRoute({
    method: 'GET',
    path: o.path,
    scope: 'mode',
    permission: 'read',
    tag: o.tag,
    summary: o.summary,
    response: o.item,
    relations: o.relations,
    handler: async (c) => {
      const row = await mustGet(c, o.table, idOf(c), o.what);
      if (o.relations) await attachRelated(c.db, scopeOf(c), [row], o.relations, c.principal);
      return json(await o.toApi(row, c));
    },
  });
}

/** PATCH route: validated body → columns → versioned update with audit. */
export function updateRoute<S extends z.ZodType<{ version: number }>>(o: {
  /** Ends in `/:id`. */
  path: `${string}/:id`;
  tag: string;
  summary: string;
  table: string;
  what: string;
  action: string;
  permission?: Permission;
  body: S;
  toColumns: (body: Omit<z.output<S>, 'version'>, c: ApiContext) => Row | Promise<Row>;
  toApi: ToApi;
  item: z.ZodType;
  event?: WriteEvent;
}): ApiRoute {
  return defineRoute({
    method: 'PATCH',
    path: o.path,
    scope: 'mode',
    permission: o.permission ?? 'write_data',
    tag: o.tag,
    summary: o.summary,
    body: o.body,
    response: o.item,
    handler: async (c) => {
      const { version, ...rest } = c.body as z.output<S>;
      const id = idOf(c);
      const set = await o.toColumns(rest as Omit<z.output<S>, 'version'>, c);
      const db = dbFor(c, o.table);
      const outbox = new Outbox(db, scopeOf(c), c.now);
      const row = await commitUpdate<Row>(
        c,
        updateStmt(db, o.table, scopeOf(c), id, version, set, c.now),
        auditFor(c, o.action, o.table, id, { fields: Object.keys(rest) }),
        o.what,
        async () => (await getRow(db, o.table, scopeOf(c), id)) !== null,
        o.event ? [outbox.event(o.event.topic, o.event.data(id, Object.keys(rest)), { onlyIfChanged: true })] : [],
        db,
      );
      outbox.kick(c);
      return json(o.toApi(row, c));
    },
  });
}

/** DELETE route with audit; 404 when the row is not the tenant's. */
export function deleteRoute(o: {
  /** Ends in `/:id`. */
  path: `${string}/:id`;
  tag: string;
  summary: string;
  table: string;
  what: string;
  action: string;
  permission?: Permission;
  event?: WriteEvent;
  /** Why the row may not go (another row depends on it): answered 409 with this message; null lets it go. */
  inUse?: (c: ApiContext, id: string) => Promise<string | null>;
}): ApiRoute {
  return defineRoute({
    method: 'DELETE',
    path: o.path,
    scope: 'mode',
    permission: o.permission ?? 'write_data',
    tag: o.tag,
    summary: o.summary,
    status: 204,
    handler: async (c) => {
      const id = idOf(c);
      const blocker = o.inUse && (await o.inUse(c, id));
      if (blocker) throw new ApiError('conflict', blocker);
      const db = dbFor(c, o.table);
      const outbox = new Outbox(db, scopeOf(c), c.now);
      const [res] = await db.batch([
        deleteStmt(db, o.table, scopeOf(c), id),
        auditStmt(db, auditFor(c, o.action, o.table, id), true),
        ...(o.event ? [outbox.event(o.event.topic, o.event.data(id, []), { onlyIfChanged: true })] : []),
      ]);
      if (!res!.meta.changes) throw notFound(o.what);
      outbox.kick(c);
      return new Response(null, { status: 204 });
    },
  });
}
