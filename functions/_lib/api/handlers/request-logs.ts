import { z } from 'zod';
import { listOf, type Mode } from '../../../../src/shared/api/common';
import {
  requestLogListSpec,
  requestLogSchema,
  requestLogStatsQuery,
  requestLogStatsSchema,
} from '../../../../src/shared/api/request-logs';
import type { Row, Scope } from '../../db/core';
import { LOG_COUNT_CAP, countRequestLogs, listRequestLogs } from '../../logs/list';
import { logsOf, REQUEST_LOGS } from '../../logs/store';
import { defineRoute, scopeOf, type ApiContext, type ApiRoute } from '../context';
import { ApiError, isoStrict, json, notFound } from '../request-response';

/**
 * The request log (docs/api.md "Request logs"): the list of a mode's /api/v1 requests (newest first, filters, CSV
 * export beside it), one request by its id, and the requests and errors per minute of a time range. Read from the
 * LOGS database (functions/_lib/logs/store.ts), where the dispatcher's queue consumer writes them.
 */

const L = '/projects/:projectId/:mode/logs';
/** The project-level requests (members, settings, billing: recorded with mode ''), beside either mode's. */
const P = '/projects/:projectId/logs';
const REQUEST_ID = /^req_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Longest range of the chart. */
const MAX_STATS_RANGE_MS = 31 * 86_400_000;
/** Most buckets of the chart (wider buckets beyond 6 hours of minutes). */
const MAX_POINTS = 360;

/**
 * The log's rows of a route: a mode's, or the project-level ones (mode '' in the table, the same indexes: page 1 walks
 * them as it walks a mode's).
 */
function logScope(c: ApiContext): Scope {
  const s = scopeOf(c);
  return s.mode ? s : { projectId: s.projectId, mode: '' as Mode };
}

function logsDb(c: ApiContext): D1Database {
  const db = logsOf(c.env);
  if (!db) throw new ApiError('unavailable', 'The request log is not available in this deployment');
  return db;
}

/** How long an isolate reuses a caller's name (a renamed key or member shows its new name in the log within this). */
export const CALLER_NAME_TTL_MS = 10_000;
/** Most names an isolate keeps (all are dropped when it is full). */
const CALLER_NAMES_MAX = 2_000;
/** Callers' names by `projectId type id`, with when each was read (null: no such key or member any more). */
const callerNames = new Map<string, { name: string | null; at: number }>();

/**
 * Names of the callers of a page (an API key's name, a member's name or email), from the directory: one statement
 * for both kinds, and only for the callers this isolate has not read in the last {@link CALLER_NAME_TTL_MS} (each
 * D1 call has a cost of its own, and page 1 of the log is on a 25 ms budget; a page's callers are usually the same
 * few keys and members, and the live tail asks every few seconds).
 */
export async function attachCallerNames(c: Pick<ApiContext, 'directory' | 'access'>, rows: Row[]): Promise<void> {
  const projectId = c.access!.projectId;
  const now = Date.now();
  const cacheKey = (type: unknown, id: unknown) => `${projectId} ${type as string} ${id as string}`;
  const fresh = (type: unknown, id: unknown) => {
    const hit = callerNames.get(cacheKey(type, id));
    return hit !== undefined && now - hit.at < CALLER_NAME_TTL_MS;
  };
  const ids = (type: string) => [
    ...new Set(
      rows.filter((r) => r.caller_type === type && !fresh(type, r.caller_id)).map((r) => r.caller_id as string),
    ),
  ];
  const keyIds = ids('key');
  const memberIds = ids('member');
  if (keyIds.length || memberIds.length) {
    const { results } = await c.directory
      .prepare(
        `SELECT 'key' AS type, id, name FROM api_keys WHERE id IN (SELECT value FROM json_each(?1)) AND project_id = ?3
       UNION ALL
       SELECT 'member', user_id, COALESCE(name, email) FROM members WHERE user_id IN (SELECT value FROM json_each(?2)) AND project_id = ?3`,
      )
      .bind(JSON.stringify(keyIds), JSON.stringify(memberIds), projectId)
      .all<{ type: string; id: string; name: string | null }>();
    if (callerNames.size > CALLER_NAMES_MAX) callerNames.clear();
    const found = new Map(results.map((r) => [`${r.type} ${r.id}`, r.name]));
    for (const [type, list] of [
      ['key', keyIds],
      ['member', memberIds],
    ] as const)
      for (const id of list) callerNames.set(cacheKey(type, id), { name: found.get(`${type} ${id}`) ?? null, at: now });
  }
  for (const r of rows)
    r._caller_name =
      r.caller_type === 'key' || r.caller_type === 'member'
        ? (callerNames.get(cacheKey(r.caller_type, r.caller_id))?.name ?? null)
        : null;
}

export function requestLogToApi(r: Row): z.infer<typeof requestLogSchema> {
  return {
    id: r.id as string,
    createdAt: isoStrict(r.created_at as number),
    method: r.method as string,
    route: (r.route as string | null) ?? null,
    path: r.path as string,
    shortPath: r.short_path as string,
    query: (r.query as string | null) ?? null,
    status: r.status as number,
    errorCode: (r.error_code as string | null) ?? null,
    latencyMs: r.latency_ms as number,
    caller:
      r.caller_type === 'key' || r.caller_type === 'member'
        ? {
            type: r.caller_type,
            id: r.caller_id as string,
            name: (r._caller_name as string | null | undefined) ?? null,
          }
        : null,
    clientAddress: (r.client_address as string | null) ?? null,
    userAgent: (r.user_agent as string | null) ?? null,
    requestBytes: (r.request_bytes as number | null) ?? null,
    responseBytes: (r.response_bytes as number | null) ?? null,
  };
}

/**
 * The list's answer: `total` counts up to 10,001 (`totalCapped`: more than 10,000), or is null when counting would
 * make page 1 wait (a path prefix with another filter, a pair without an index of its own): the count is then
 * `GET …/logs/count` (docs/api.md "Request logs").
 */
const requestLogPage = listOf(requestLogSchema).extend({
  total: z.number().int().nullable().meta({
    description:
      'Requests matching, counted up to 10,001; null when this page was not counted (ask `…/logs/count` with the same filters)',
  }),
  totalCapped: z.boolean().meta({ description: 'True when `total` is 10,001: more than 10,000 requests match' }),
});

/** The count of a view of the log, asked beside page 1 when that page answered `total: null`. */
const requestLogCount = z
  .object({
    total: z.number().int().meta({ description: 'Requests matching the filters, counted up to 10,001' }),
    totalCapped: z.boolean().meta({ description: 'True when `total` is 10,001: more than 10,000 requests match' }),
  })
  .meta({ id: 'RequestLogCount' });

/** The list, the chart's counts and one request, of a mode (`level: 'mode'`) or of the project-level requests. */
function logRoutes(level: 'mode' | 'project'): ApiRoute[] {
  const base = level === 'mode' ? L : P;
  const what =
    level === 'mode' ? 'this mode' : 'project-level routes (members, settings, billing; no mode in the path)';
  return [
    defineRoute({
      method: 'GET',
      path: base,
      scope: level,
      permission: 'read',
      tag: 'Request logs',
      summary: `Every /api/v1 request of ${what} (kept 30 days), newest first: status class, method, route, key, time and path or request id filters; the total counts up to 10,001`,
      list: requestLogListSpec,
      table: { ...REQUEST_LOGS, db: logsOf },
      rows: { item: requestLogSchema, toApi: requestLogToApi, attach: attachCallerNames },
      response: requestLogPage,
      handler: async (c) => {
        const q = c.query;
        const { rows, total } = await listRequestLogs(logsDb(c), logScope(c), q);
        await attachCallerNames(c, rows);
        return json({
          data: rows.map(requestLogToApi),
          page: q.page,
          limit: q.limit,
          total,
          totalCapped: total !== null && total >= LOG_COUNT_CAP,
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/count`,
      scope: level,
      permission: 'read',
      tag: 'Request logs',
      summary: `How many requests of ${level === 'mode' ? 'this mode' : 'the project-level routes'} match the filters, up to 10,001 (what page 1 leaves out when it answers \`total: null\`)`,
      // The list's parameters (the same filters, validated alike); `page`, `limit`, `order` and `total` change nothing.
      list: requestLogListSpec,
      response: requestLogCount,
      handler: async (c) => {
        const total = await countRequestLogs(logsDb(c), logScope(c), c.query.filters);
        return json({ total, totalCapped: total >= LOG_COUNT_CAP });
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/stats`,
      scope: level,
      permission: 'read',
      tag: 'Request logs',
      summary: `Requests and errors (status 400 and above) per minute of a time range, of ${level === 'mode' ? 'this mode' : 'the project-level routes'} (wider buckets past 6 hours)`,
      query: requestLogStatsQuery,
      response: requestLogStatsSchema,
      handler: async (c) => stats(c, c.query),
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/:requestId`,
      scope: level,
      permission: 'read',
      tag: 'Request logs',
      summary: `One request${level === 'mode' ? '' : ' of a project-level route'} by its id (the X-Request-Id header of its answer)`,
      response: requestLogSchema,
      handler: async (c) => {
        const id = c.params.requestId;
        if (!REQUEST_ID.test(id)) throw notFound('Request');
        const s = logScope(c);
        const row = await logsDb(c)
          .prepare('SELECT * FROM request_logs WHERE id = ? AND project_id = ? AND mode = ?')
          .bind(id, s.projectId, s.mode)
          .first<Row>();
        if (!row) throw notFound('Request');
        await attachCallerNames(c, [row]);
        return json(requestLogToApi(row));
      },
    }),
  ];
}

/** The integer key of a scope (migrations/logs/0003), of the project and mode bound as ?3 and ?4. */
const SCOPE_ID = 'SELECT id FROM request_log_scopes WHERE project_id = ?3 AND mode = ?4';

/** Requests and errors per bucket of a range: each count walks one index alone (no table row is read). */
async function stats(c: ApiContext, query: { from: string; to: string }): Promise<Response> {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (!(to > from)) throw new ApiError('bad_request', '`to` must be after `from`', { param: 'to' });
  if (to - from > MAX_STATS_RANGE_MS)
    throw new ApiError('bad_request', 'The chart covers at most 31 days', { param: 'from' });
  const bucket = Math.max(60_000, Math.ceil((to - from) / MAX_POINTS / 60_000) * 60_000);
  const s = logScope(c);
  const db = logsDb(c);
  const [all, errors] = await db.batch<{ b: number; n: number }>([
    db
      .prepare(
        `SELECT CAST((created_at - ?1) / ?2 AS INTEGER) AS b, COUNT(*) AS n FROM request_logs INDEXED BY request_logs_time
         WHERE scope_id = (${SCOPE_ID}) AND created_at >= ?1 AND created_at < ?5 GROUP BY b`,
      )
      .bind(from, bucket, s.projectId, s.mode, to),
    db
      .prepare(
        `SELECT CAST((created_at - ?1) / ?2 AS INTEGER) AS b, COUNT(*) AS n FROM request_logs INDEXED BY request_logs_status
         WHERE scope_id = (${SCOPE_ID}) AND status_class IN ('4xx', '5xx') AND created_at >= ?1 AND created_at < ?5
         GROUP BY b`,
      )
      .bind(from, bucket, s.projectId, s.mode, to),
  ]);
  const count = Math.ceil((to - from) / bucket);
  const points = Array.from({ length: count }, (_, i) => ({ t: isoStrict(from + i * bucket), requests: 0, errors: 0 }));
  for (const r of all!.results) if (points[r.b]) points[r.b]!.requests = r.n;
  for (const r of errors!.results) if (points[r.b]) points[r.b]!.errors = r.n;
  return json({ bucketSeconds: bucket / 1000, points });
}

export const requestLogRoutes: ApiRoute[] = [...logRoutes('mode'), ...logRoutes('project')];
