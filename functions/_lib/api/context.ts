import type { z } from 'zod';
import type { Mode, Role } from '../../../src/shared/api/common';
import type { ListQuery, ListSpec } from '../../../src/shared/api/list-params';
import type { Principal } from './auth';
import type { Permission } from './rbac';
import type { Row, Scope, TableDef } from '../db/core';
import type { Relation } from '../db/related';

/** The `:name` segments of a route path as an object type: `'/a/:id/b/:ruleId'` → `{ id: string; ruleId: string }`. */
export type PathParams<P extends string> = string extends P
  ? Record<string, string>
  : P extends `${string}:${infer Name}/${infer Rest}`
    ? { [K in Name]: string } & PathParams<`/${Rest}`>
    : P extends `${string}:${infer Name}`
      ? { [K in Name]: string }
      : Record<never, string>;

/**
 * Everything a handler gets: the request, env, the validated path params, query and body (read through Hono's
 * `c.req.valid(...)` by api-app.ts), the caller and its access to the project.
 */
export interface ApiContext<P extends string = string, B = unknown, Q = unknown> {
  request: Request;
  env: Env;
  url: URL;
  params: PathParams<P>;
  /** The JSON body validated by the route's `body` schema (undefined without one). */
  body: B;
  /** The query validated by the route's `query` schema, or the list's `ListQuery` for list routes. */
  query: Q;
  principal: Principal;
  /**
   * Set for project- and mode-scoped routes after the membership (or key) check; `shard` is where the project's data
   * lives (functions/_lib/db/shards.ts), read with the membership.
   */
  access: { projectId: string; mode: Mode | null; role: Role; shard: number | null } | null;
  /** The directory database: projects, members, invites, keys, billing (functions/_lib/db/shards.ts). */
  directory: D1Database;
  /** The project's shard: its users, wallets, transactions, … Only project- and mode-scoped routes have one. */
  db: D1Database;
  actor: { type: 'user' | 'key'; id: string };
  now: number;
  waitUntil: (p: Promise<unknown>) => void;
}

/** The tenant scope of a project- or mode-scoped route. */
export function scopeOf(c: ApiContext): Scope {
  if (!c.access) throw new Error('route has no project scope');
  return { projectId: c.access.projectId, mode: c.access.mode };
}

/** The mode of a mode-scoped route. */
export function modeOf(c: ApiContext): Mode {
  if (!c.access?.mode) throw new Error('route has no mode');
  return c.access.mode;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One endpoint: api-app.ts declares it to Hono with `createRoute` (so the OpenAPI document comes from it too). */
export interface ApiRoute<P extends string = string, B = unknown, Q = unknown> {
  method: Method;
  /** Under /api/v1, with `:param` segments; `:mode` is `live` or `test`. */
  path: P;
  /**
   * `user`: any signed-in user; `project`: a member of :projectId; `mode`: a member or the project's key for :mode;
   * `public`: no credentials (the address rate limit only; `principal`, `access` and `actor` are unset: the handler
   * proves what it gets itself, like the payment provider's signed events).
   */
  scope: 'public' | 'user' | 'project' | 'mode';
  permission: Permission;
  /** Collection for secret-key scopes when it is not the path segment after `:mode` (docs/api.md). */
  collection?: string;
  tag: string;
  summary: string;
  body?: z.ZodType;
  /**
   * The body as the OpenAPI document states it, when the route validates a looser `body` and checks the rest itself
   * (settings: the edit is merged into the stored settings and checked whole, so every field's message comes at once).
   */
  bodyDoc?: z.ZodType;
  /** Query schema of a route that is not a list (a list's query schema is built from `list`). */
  query?: z.ZodType;
  response?: z.ZodType;
  list?: ListSpec;
  /** `limit` when the caller sends none (default LIST_LIMITS.defaultLimit). */
  listDefaultLimit?: number;
  /** Table a list route pages over (used by the query-plan test and the bench). */
  table?: TableDef;
  /** List routes of `route-builders.ts`: how a row becomes an item (the list's CSV export reuses it, csv-export.ts). */
  rows?: {
    item: z.ZodType;
    toApi: (row: Row, c: { now: number }) => unknown;
    relations?: readonly Relation[];
    /** Adds what `toApi` reads beside the row (the request log's caller names), for each page of the export too. */
    attach?: (c: ApiContext, rows: Row[]) => Promise<void>;
  };
  /** Summaries the answer carries, each only when the caller may read its collection (the OpenAPI document says so). */
  relations?: readonly Relation[];
  /** Media type of the answer when it is not JSON (the OpenAPI document says so). */
  produces?: 'text/csv';
  status?: number;
  /** Reaches a project in the trash (restore); every other route answers 404 for one (docs/api.md "Project trash"). */
  inTrash?: boolean;
  /** Accepts an Idempotency-Key header. */
  idempotent?: boolean;
  handler: (c: ApiContext<P, B, Q>) => Promise<Response>;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Declares a route with its types inferred: `c.params` from the path, `c.body` from `body`, `c.query` from `query`
 * (or `ListQuery` when `list` is set).
 */
export function defineRoute<
  const P extends string,
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  L extends ListSpec | undefined = undefined,
>(
  route: Omit<ApiRoute<P, Output<BS>, L extends ListSpec ? ListQuery : Output<QS>>, 'body' | 'query' | 'list'> & {
    body?: BS;
    query?: QS;
    list?: L;
  },
): ApiRoute {
  return route as unknown as ApiRoute;
}

/** Hono's environment of the API app: the Pages bindings, and what the middleware sets for the handler. */
export type ApiEnv = {
  Bindings: Env;
  Variables: { access: Pick<ApiContext, 'principal' | 'access' | 'actor'>; now: number; requestId: string };
};
