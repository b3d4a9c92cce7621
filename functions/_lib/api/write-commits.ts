import { auditStmt, type AuditEntry } from '../db/audit';
import { isUniqueViolation } from '../db/core';
import type { ApiContext } from './context';
import { sha256Hex } from './crypto';
import { ApiError, json } from './request-response';
import type { Outbox } from '../webhooks/outbox';

/** Audit entry fields of a write made by the caller in the route's project and mode. */
export function auditFor(
  c: ApiContext,
  action: string,
  targetType: string,
  targetId: string | null,
  details?: Record<string, unknown>,
): AuditEntry {
  return {
    projectId: c.access!.projectId,
    mode: c.access!.mode,
    actor: c.actor,
    action,
    targetType,
    targetId,
    details,
    now: c.now,
  };
}

const KEY_RE = /^[\x21-\x7e]{1,255}$/;
/** How long an Idempotency-Key is remembered; after that it may be used again (and its row is swept). */
export const IDEMPOTENCY_TTL_MS = 86_400_000;
/** Expired rows removed (oldest first, on the created_at index) with every keyed create: the table stays bounded. */
const SWEEP_LIMIT = 100;

/**
 * Commits a create: its statements, the audit entry and (with an `Idempotency-Key` header) the stored response, in one
 * batch. A repeated key with the same body replays the first response; with another body it is a 409.
 */
export async function commitCreate(
  c: ApiContext,
  o: {
    statements: D1PreparedStatement[];
    audit: AuditEntry;
    body: unknown;
    response: unknown;
    status?: number;
    requestBody?: unknown;
    /** The write's webhook events (their statements are in `statements`): the dispatcher is asked after the commit. */
    outbox?: Outbox;
    /** The database of the statements: the project's shard (default) or the directory (functions/_lib/db/shards.ts). */
    db?: D1Database;
  },
): Promise<Response> {
  const status = o.status ?? 201;
  const db = o.db ?? c.db;
  const key = c.request.headers.get('Idempotency-Key');
  const stmts = [...o.statements, auditStmt(db, o.audit)];
  if (key === null) {
    await db.batch(stmts);
    o.outbox?.kick(c);
    return json(o.response, status);
  }
  if (!KEY_RE.test(key)) throw new ApiError('bad_request', 'Idempotency-Key must be 1–255 printable ASCII characters');
  const hash = await sha256Hex(`${c.request.method} ${c.url.pathname}\n${JSON.stringify(o.requestBody ?? null)}`);
  const replay = await findReplay(c, db, key, hash);
  if (replay) return replay;
  const expired = c.now - IDEMPOTENCY_TTL_MS;
  stmts.push(
    // The caller's own expired row of this key first (else the INSERT below would hit it), then a bounded sweep.
    db
      .prepare('DELETE FROM idempotency_keys WHERE actor_id = ? AND key = ? AND created_at < ?')
      .bind(c.actor.id, key, expired),
    db
      .prepare(
        'DELETE FROM idempotency_keys WHERE (actor_id, key) IN (SELECT actor_id, key FROM idempotency_keys WHERE created_at < ? ORDER BY created_at LIMIT ?)',
      )
      .bind(expired, SWEEP_LIMIT),
    // A live row of the same key (a concurrent request) makes this INSERT fail and the whole batch roll back.
    db
      .prepare(
        'INSERT INTO idempotency_keys (project_id, actor_id, key, path, request_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(o.audit.projectId, c.actor.id, key, c.url.pathname, hash, status, JSON.stringify(o.body), c.now),
  );
  try {
    await db.batch(stmts);
  } catch (err) {
    // A concurrent request with the same key won the race: answer like it did.
    if (isUniqueViolation(err)) {
      const again = await findReplay(c, db, key, hash);
      if (again) return again;
    }
    throw err;
  }
  o.outbox?.kick(c);
  return json(o.response, status);
}

/**
 * The stored response when this request repeats an earlier one with the same `Idempotency-Key` (null otherwise): for
 * handlers that use up something (a challenge nonce) before commitCreate would replay.
 */
export async function idempotentReplay(
  c: ApiContext,
  requestBody: unknown,
  db: D1Database = c.db,
): Promise<Response | null> {
  const key = c.request.headers.get('Idempotency-Key');
  if (key === null || !KEY_RE.test(key)) return null;
  const hash = await sha256Hex(`${c.request.method} ${c.url.pathname}\n${JSON.stringify(requestBody ?? null)}`);
  return findReplay(c, db, key, hash);
}

/**
 * For a create that commits in steps around a call elsewhere (an invite and its email): before anything, the stored
 * answer of an earlier request with the same `Idempotency-Key` (a malformed key is a 400); after success,
 * {@link rememberAnswer} stores this answer under the key.
 */
export async function checkIdempotencyKey(
  c: ApiContext,
  requestBody: unknown,
  db: D1Database = c.db,
): Promise<Response | null> {
  const key = c.request.headers.get('Idempotency-Key');
  if (key === null) return null;
  if (!KEY_RE.test(key)) throw new ApiError('bad_request', 'Idempotency-Key must be 1–255 printable ASCII characters');
  return idempotentReplay(c, requestBody, db);
}

/** Stores a successful answer under the request's `Idempotency-Key` (nothing without one; a concurrent twin wins). */
export async function rememberAnswer(
  c: ApiContext,
  projectId: string,
  requestBody: unknown,
  status: number,
  body: unknown,
  db: D1Database = c.db,
): Promise<void> {
  const key = c.request.headers.get('Idempotency-Key');
  if (key === null || !KEY_RE.test(key)) return;
  const hash = await sha256Hex(`${c.request.method} ${c.url.pathname}\n${JSON.stringify(requestBody ?? null)}`);
  await db.batch([
    db
      .prepare('DELETE FROM idempotency_keys WHERE actor_id = ? AND key = ? AND created_at < ?')
      .bind(c.actor.id, key, c.now - IDEMPOTENCY_TTL_MS),
    db
      .prepare(
        'INSERT OR IGNORE INTO idempotency_keys (project_id, actor_id, key, path, request_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(projectId, c.actor.id, key, c.url.pathname, hash, status, JSON.stringify(body), c.now),
  ]);
}

async function findReplay(c: ApiContext, db: D1Database, key: string, hash: string): Promise<Response | null> {
  const row = await db
    .prepare(
      'SELECT path, request_hash, status, response, created_at FROM idempotency_keys WHERE actor_id = ? AND key = ?',
    )
    .bind(c.actor.id, key)
    .first<{ path: string; request_hash: string; status: number; response: string; created_at: number }>();
  if (!row || row.created_at < c.now - IDEMPOTENCY_TTL_MS) return null;
  if (row.request_hash !== hash || row.path !== c.url.pathname)
    throw new ApiError('conflict', 'Idempotency-Key was already used with a different request');
  return json(JSON.parse(row.response), row.status, { 'Idempotent-Replayed': 'true' });
}

/**
 * Runs a versioned UPDATE … RETURNING * with its audit entry (written only if the update matched) in one batch.
 * Returns the updated row; a missing row is 404 and a stale version 409.
 */
export async function commitUpdate<R>(
  c: ApiContext,
  update: D1PreparedStatement,
  audit: AuditEntry,
  what: string,
  exists: () => Promise<boolean>,
  /** More statements of the same write, each guarded like the audit entry (e.g. its outbox event). */
  also: D1PreparedStatement[] = [],
  /** The database of `update`: the project's shard (default) or the directory. */
  db: D1Database = c.db,
): Promise<R> {
  const [res] = await db.batch([update, auditStmt(db, audit, true), ...also]);
  const row = res!.results[0] as R | undefined;
  if (row) return row;
  if (await exists())
    throw new ApiError('conflict', `${what} was changed by someone else: reload and try again`, {
      reason: 'stale_version',
    });
  throw new ApiError('not_found', `${what} not found`);
}
