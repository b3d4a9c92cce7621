import type { TableDef } from '../db/core';
import { directoryOf, type ShardEnv } from '../db/shards';
import { LOG_RETENTION_DAYS } from '../../../src/shared/api/request-logs';
import { statusClass, validEntry, type RequestLogEntry } from './entry';

/**
 * The request log's own database (binding `LOGS`, migrations/logs): written only by the queue consumer of
 * workers/webhook-dispatcher in batches, read by the API's logs routes, swept by the dispatcher's cron.
 */

export type LogsEnv = ShardEnv & { LOGS?: D1Database };

/** The logs database; null where it is not bound (recording then stops at the API, nothing fails). */
export function logsOf(env: { LOGS?: D1Database }): D1Database | null {
  return env.LOGS ?? null;
}

/** The list's table: filters and sorts by API field (requestLogListSpec). */
export const REQUEST_LOGS: TableDef = {
  table: 'request_logs',
  columns: {
    createdAt: 'created_at',
    statusClass: 'status_class',
    method: 'method',
    route: 'route',
    keyId: 'key_id',
    id: 'id',
    path: 'short_path',
  },
  // The indexes start with the integer key of (project, mode) (migrations/logs/0003), not the text id and mode.
  scopeSql: (s) => ({
    sql: 'scope_id = (SELECT id FROM request_log_scopes WHERE project_id = ? AND mode = ?)',
    args: [s.projectId, s.mode ?? ''],
  }),
};

const COLUMNS = [
  ['id', 'id'],
  ['project_id', 'projectId'],
  ['mode', 'mode'],
  ['created_at', 'createdAt'],
  ['method', 'method'],
  ['route', 'route'],
  ['path', 'path'],
  ['short_path', 'shortPath'],
  ['query', 'query'],
  ['status', 'status'],
  ['status_class', 'statusClass'],
  ['error_code', 'errorCode'],
  ['latency_ms', 'latencyMs'],
  ['caller_type', 'callerType'],
  ['caller_id', 'callerId'],
  ['key_id', 'keyId'],
  ['client_address', 'clientAddress'],
  ['user_agent', 'userAgent'],
  ['request_bytes', 'requestBytes'],
  ['response_bytes', 'responseBytes'],
] as const;

/** The path after the project and mode (`/wallets/acc_…`); the whole path when it names neither. */
export function shortPath(e: Pick<RequestLogEntry, 'path' | 'projectId' | 'mode'>): string {
  const base = `/api/v1/projects/${e.projectId}${e.mode ? `/${e.mode}` : ''}`;
  if (e.path === base) return '/';
  return e.path.startsWith(`${base}/`) ? e.path.slice(base.length) : e.path;
}

/**
 * One INSERT of a whole batch: the entries as one JSON parameter (D1's 100 bound parameters never limit a batch),
 * each with the integer key of its project and mode (SCOPES_SQL adds the keys first, in the same batch).
 */
const INSERT_SQL = `INSERT OR IGNORE INTO request_logs (scope_id, ${COLUMNS.map(([c]) => c).join(', ')})
  SELECT s.id, ${COLUMNS.map(([, f]) => `json_extract(value, '$.${f}')`).join(', ')} FROM json_each(?)
  JOIN request_log_scopes s ON s.project_id = json_extract(value, '$.projectId') AND s.mode = json_extract(value, '$.mode')`;
const SCOPES_SQL = `INSERT OR IGNORE INTO request_log_scopes (project_id, mode)
  SELECT DISTINCT json_extract(value, '$.projectId'), json_extract(value, '$.mode') FROM json_each(?)`;

/**
 * Writes a batch of entries (the queue consumer): invalid ones and those of projects the directory does not hold are
 * dropped; a request id already written is not written twice (a redelivered message). Returns how many were written.
 */
export async function writeLogBatch(env: LogsEnv, entries: readonly unknown[]): Promise<number> {
  const logs = logsOf(env);
  if (!logs) return 0;
  const valid = entries.map(validEntry).filter((e): e is RequestLogEntry => e !== null);
  if (!valid.length) return 0;
  const { results } = await directoryOf(env)
    .prepare('SELECT id FROM projects WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify([...new Set(valid.map((e) => e.projectId))]))
    .all<{ id: string }>();
  const known = new Set(results.map((r) => r.id));
  const rows = valid
    .filter((e) => known.has(e.projectId))
    .map((e) => ({ ...e, statusClass: statusClass(e.status), shortPath: shortPath(e) }));
  if (!rows.length) return 0;
  const json = JSON.stringify(rows);
  const [, res] = await logs.batch([logs.prepare(SCOPES_SQL).bind(json), logs.prepare(INSERT_SQL).bind(json)]);
  return res!.meta.changes ?? rows.length;
}

/** Rows deleted per statement by the retention sweep (a short write each, the log stays writable meanwhile). */
const PURGE_CHUNK = 5000;

/**
 * Deletes the entries older than the retention (30 days before `now`), in chunks, at most `maxChunks` of them per
 * run (the cron runs every minute: a backlog goes over a few runs). Returns how many went.
 */
export async function purgeRequestLogs(env: { LOGS?: D1Database }, now: number, maxChunks = 20): Promise<number> {
  const logs = logsOf(env);
  if (!logs) return 0;
  const cutoff = now - LOG_RETENTION_DAYS * 86_400_000;
  let deleted = 0;
  for (let i = 0; i < maxChunks; i++) {
    const res = await logs
      .prepare(
        'DELETE FROM request_logs WHERE rowid IN (SELECT rowid FROM request_logs WHERE created_at < ? ORDER BY created_at LIMIT ?)',
      )
      .bind(cutoff, PURGE_CHUNK)
      .run();
    const n = res.meta.changes ?? 0;
    deleted += n;
    if (n < PURGE_CHUNK) break;
  }
  return deleted;
}

/**
 * Entries per hand-over of the API, per `recordRequests` call of the dispatcher and per INSERT of the consumer: an
 * entry's JSON is at most ~8 KB (path, short path and query 2 KB each, the user agent 512 bytes: entry.ts), so 100
 * stay under D1's 2 MB per bound value.
 */
export const LOG_BATCH_MAX = 100;

/** The queue of the entries (produced and consumed by workers/webhook-dispatcher). */
export const REQUEST_LOG_QUEUE = 'dashboard-request-logs';

/** The consumer: one batch write for the whole batch; a failure retries the batch (ids make it idempotent). */
export async function consumeRequestLogs(env: LogsEnv, batch: MessageBatch<unknown>): Promise<void> {
  try {
    // A message holds an array of entries (the dispatcher's hand-over) or, as before, one entry.
    const entries = batch.messages.flatMap((m) => (Array.isArray(m.body) ? (m.body as unknown[]) : [m.body]));
    // A write of at most LOG_BATCH_MAX entries: its JSON parameter stays under D1's 2 MB per value.
    for (let i = 0; i < entries.length; i += LOG_BATCH_MAX)
      await writeLogBatch(env, entries.slice(i, i + LOG_BATCH_MAX));
    batch.ackAll();
  } catch (err) {
    console.error(`request-logs: batch of ${batch.messages.length} not written: ${String(err)}`);
    batch.retryAll({ delaySeconds: 5 });
  }
}
