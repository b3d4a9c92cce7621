import type { z } from 'zod';
import type { Mode, Role } from '../../../src/shared/api/common';
import type { ListSpec } from '../../../src/shared/api/list-params';
import type { Principal } from './auth';
import type { Permission } from './rbac';
import type { Row, Scope, TableDef } from '../db/core';
import type { Relation } from '../db/related';

/** Everything a handler gets: the request, env, path params, caller and its access to the project. */
export interface ApiContext {
  request: Request;
  env: Env;
  url: URL;
  params: Record<string, string>;
  principal: Principal;
  /** Set for project- and mode-scoped routes after the membership (or key) check. */
  access: { projectId: string; mode: Mode | null; role: Role } | null;
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

/** One endpoint: the router dispatches on it and the OpenAPI document is generated from it. */
export interface ApiRoute {
  method: Method;
  /** Under /api/v1, with `:param` segments; `:mode` is `live` or `test`. */
  path: string;
  /** `user`: any signed-in user; `project`: a member of :projectId; `mode`: a member or the project's key for :mode. */
  scope: 'public' | 'user' | 'project' | 'mode';
  permission: Permission;
  /** Collection for secret-key scopes when it is not the path segment after `:mode` (docs/api.md). */
  collection?: string;
  tag: string;
  summary: string;
  body?: z.ZodType;
  response?: z.ZodType;
  list?: ListSpec;
  /** Table a list route pages over (used by the query-plan test and the bench). */
  table?: TableDef;
  /** List routes of `route-builders.ts`: how a row becomes an item (the list's CSV export reuses it, csv-export.ts). */
  rows?: { item: z.ZodType; toApi: (row: Row) => unknown; relations?: readonly Relation[] };
  /** Media type of the answer when it is not JSON (the OpenAPI document says so). */
  produces?: 'text/csv';
  status?: number;
  /** Accepts an Idempotency-Key header. */
  idempotent?: boolean;
  handler: (c: ApiContext) => Promise<Response>;
}
