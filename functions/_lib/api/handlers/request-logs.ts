import { z } from 'zod';
import { listOf } from '../../../../src/shared/api/common';
import {
  requestLogListSpec,
  requestLogSchema,
  requestLogStatsQuery,
  requestLogStatsSchema,
} from '../../../../src/shared/api/request-logs';
import { listRows, type Row } from '../../db/core';
import { logsOf, REQUEST_LOGS } from '../../logs/store';
import { defineRoute, modeOf, scopeOf, type ApiContext, type ApiRoute } from '../context';
import { ApiError, isoStrict, json, notFound } from '../request-response';

/**
 * The request log (docs/api.md "Request logs"): the list of a mode's /api/v1 requests (newest first, filters, CSV
 * export beside it), one request by its id, and the requests and errors per minute of a time range. Read from the
 * LOGS database (functions/_lib/logs/store.ts), where the dispatcher's queue consumer writes them.
 */

const L = '/projects/:projectId/:mode/logs';
const REQUEST_ID = /^req_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Longest range of the chart. */
const MAX_STATS_RANGE_MS = 31 * 86_400_000;
/** Most buckets of the chart (wider buckets beyond 6 hours of minutes). */
const MAX_POINTS = 360;

function logsDb(c: ApiContext): D1Database {
  const db = logsOf(c.env);
  if (!db) throw new ApiError('unavailable', 'The request log is not available in this deployment');
  return db;
}

/** Names of the callers of a page (an API key's name, a member's name or email), from the directory. */
export async function attachCallerNames(c: Pick<ApiContext, 'directory' | 'access'>, rows: Row[]): Promise<void> {
  const projectId = c.access!.projectId;
  const ids = (type: string) => [
    ...new Set(rows.filter((r) => r.caller_type === type).map((r) => r.caller_id as string)),
  ];
  const names = async (sql: string, list: string[]) => {
    if (!list.length) return new Map<string, string>();
    const { results } = await c.directory
      .prepare(sql)
      .bind(JSON.stringify(list), projectId)
      .all<{ id: string; name: string | null }>();
    return new Map(results.filter((r) => r.name !== null).map((r) => [r.id, r.name!]));
  };
  const [keys, members] = await Promise.all([
    names(
      'SELECT id, name FROM api_keys WHERE id IN (SELECT value FROM json_each(?1)) AND project_id = ?2',
      ids('key'),
    ),
    names(
      'SELECT user_id AS id, COALESCE(name, email) AS name FROM members WHERE user_id IN (SELECT value FROM json_each(?1)) AND project_id = ?2',
      ids('member'),
    ),
  ]);
  for (const r of rows) r._caller_name = (r.caller_type === 'key' ? keys : members).get(r.caller_id as string) ?? null;
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

export const requestLogRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: L,
    scope: 'mode',
    permission: 'read',
    tag: 'Request logs',
    summary: `Every /api/v1 request of this mode (kept 30 days), newest first: status class, method, route, key, time and path or request id filters`,
    list: requestLogListSpec,
    table: { ...REQUEST_LOGS, db: logsOf },
    rows: { item: requestLogSchema, toApi: requestLogToApi, attach: attachCallerNames },
    response: listOf(requestLogSchema),
    handler: async (c) => {
      const q = c.query;
      const { rows, total } = await listRows<Row>(logsDb(c), REQUEST_LOGS, requestLogListSpec, scopeOf(c), q);
      await attachCallerNames(c, rows);
      return json({ data: rows.map(requestLogToApi), page: q.page, limit: q.limit, total });
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${L}/stats`,
    scope: 'mode',
    permission: 'read',
    tag: 'Request logs',
    summary: 'Requests and errors (status 400 and above) per minute of a time range (wider buckets past 6 hours)',
    query: requestLogStatsQuery,
    response: requestLogStatsSchema,
    handler: async (c) => {
      const from = Date.parse(c.query.from);
      const to = Date.parse(c.query.to);
      if (!(to > from)) throw new ApiError('bad_request', '`to` must be after `from`', { param: 'to' });
      if (to - from > MAX_STATS_RANGE_MS)
        throw new ApiError('bad_request', 'The chart covers at most 31 days', { param: 'from' });
      const bucket = Math.max(60_000, Math.ceil((to - from) / MAX_POINTS / 60_000) * 60_000);
      const s = scopeOf(c);
      const db = logsDb(c);
      // Each count walks one index alone (time; status class then time): no table row is read.
      const [all, errors] = await db.batch<{ b: number; n: number }>([
        db
          .prepare(
            `SELECT CAST((created_at - ?1) / ?2 AS INTEGER) AS b, COUNT(*) AS n FROM request_logs INDEXED BY request_logs_time
             WHERE project_id = ?3 AND mode = ?4 AND created_at >= ?1 AND created_at < ?5 GROUP BY b`,
          )
          .bind(from, bucket, s.projectId, s.mode, to),
        db
          .prepare(
            `SELECT CAST((created_at - ?1) / ?2 AS INTEGER) AS b, COUNT(*) AS n FROM request_logs INDEXED BY request_logs_status
             WHERE project_id = ?3 AND mode = ?4 AND status_class IN ('4xx', '5xx') AND created_at >= ?1 AND created_at < ?5
             GROUP BY b`,
          )
          .bind(from, bucket, s.projectId, s.mode, to),
      ]);
      const count = Math.ceil((to - from) / bucket);
      const points = Array.from({ length: count }, (_, i) => ({
        t: isoStrict(from + i * bucket),
        requests: 0,
        errors: 0,
      }));
      for (const r of all!.results) if (points[r.b]) points[r.b]!.requests = r.n;
      for (const r of errors!.results) if (points[r.b]) points[r.b]!.errors = r.n;
      return json({ bucketSeconds: bucket / 1000, points });
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${L}/:requestId`,
    scope: 'mode',
    permission: 'read',
    tag: 'Request logs',
    summary: 'One request by its id (the X-Request-Id header of its answer)',
    response: requestLogSchema,
    handler: async (c) => {
      const id = c.params.requestId;
      if (!REQUEST_ID.test(id)) throw notFound('Request');
      const row = await logsDb(c)
        .prepare('SELECT * FROM request_logs WHERE id = ? AND project_id = ? AND mode = ?')
        .bind(id, c.access!.projectId, modeOf(c))
        .first<Row>();
      if (!row) throw notFound('Request');
      await attachCallerNames(c, [row]);
      return json(requestLogToApi(row));
    },
  }),
];
