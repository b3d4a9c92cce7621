import type { z } from 'zod';
import { newId } from '../../../../src/shared/api/ids';
import {
  ALREADY_EXISTS,
  DUPLICATE_IN_FILE,
  IDENTITY_TAKEN,
  checkImportRow,
  existingEmailsResultSchema,
  existingEmailsSchema,
  importChunkResultSchema,
  importChunkSchema,
  importEmailKey,
  importFailuresSchema,
  importSourceSchema,
  type ImportSource,
  normalizeProvider,
  type ImportChunkResult,
  type ImportFailure,
} from '../../../../src/shared/api/user-import';
import { isUniqueViolation, parseJson, type Row } from '../../db/core';
import { defineRoute, modeOf, scopeOf, type ApiContext, type ApiRoute } from '../context';
import { ApiError, badRequest, conflict, json } from '../request-response';
import { mustGet } from '../route-builders';

/**
 * User import in chunks (docs/api.md "User import in chunks"): the browser parses the file and sends its rows, in
 * order, to `PUT …/auth/migrations/{id}/chunks/{index}`. Each chunk is one D1 batch (its users, their identities, the
 * chunk's stored outcome and the migration's counters), so a chunk is imported entirely or not at all, and a retry of
 * an index already stored answers the stored outcome and creates nothing.
 */
const M = '/projects/:projectId/:mode/auth/migrations/:id';

interface Accepted {
  id: string;
  lacId: string;
  /** The email as the file gave it (a failure names it so). */
  given: string;
  name: string | null;
  email: string;
  emailVerified: number;
  phone: string | null;
  provider: string;
  subject: string;
  metadata: string;
}

function storedResult(chunk: Row, migration: Row, replayed: boolean): ImportChunkResult {
  return {
    index: chunk.idx as number,
    created: chunk.created as number,
    failed: chunk.failed as number,
    failures: parseJson(chunk.failures, [] as ImportFailure[]),
    replayed,
    status: migration.status as string,
    importedCount: migration.imported_count as number,
    failedCount: migration.failed_count as number,
  };
}

async function readChunk(c: ApiContext, migrationId: string, index: number) {
  return c.db
    .prepare('SELECT * FROM auth_migration_chunks WHERE migration_id = ? AND idx = ?')
    .bind(migrationId, index)
    .first<Row>();
}

/** Values of `column` among the tenant's rows of `table` that are in `values` (one query over json_each). */
async function existing(c: ApiContext, sql: string, values: string[]): Promise<Set<string>> {
  if (!values.length) return new Set();
  const s = scopeOf(c);
  const { results } = await c.db.prepare(sql).bind(s.projectId, s.mode, JSON.stringify(values)).all<{ v: string }>();
  return new Set(results.map((r) => r.v));
}

async function putChunk(c: ApiContext<':id/:index', z.output<typeof importChunkSchema>>): Promise<Response> {
  const index = Number(c.params.index);
  if (!/^\d{1,6}$/.test(c.params.index) || !Number.isSafeInteger(index))
    throw badRequest('The chunk index is a number from 0', [{ path: 'index', message: 'Expected 0, 1, 2…' }]);
  const body = c.body;
  const migration = await mustGet(c, 'auth_migrations', c.params.id, 'Migration');
  const stored = await readChunk(c, migration.id as string, index);
  if (stored) return json(storedResult(stored, migration, true));
  if (migration.status !== 'running')
    throw conflict(
      migration.status === 'paused' || migration.status === 'created'
        ? `This migration is ${migration.status}: run or resume it before sending rows`
        : `This migration is ${migration.status}: it takes no more rows`,
      { reason: `migration_${migration.status}` },
    );
  const processed = (migration.imported_count as number) + (migration.failed_count as number);
  if (processed + body.rows.length > (migration.total_count as number))
    throw conflict(
      `This chunk would take the migration past its ${migration.total_count as number} rows (${processed} already processed)`,
      { reason: 'over_total' },
    );

  // Rows on their own, then duplicates within the chunk; the database decides "already exists" below.
  const failures: ImportFailure[] = [];
  const candidates: { row: number; email: string; provider: string; subject: string; r: (typeof body.rows)[0] }[] = [];
  const firstOf = new Map<string, number>();
  for (const r of body.rows) {
    const reason = checkImportRow(r);
    if (reason) {
      failures.push({ row: r.row, email: r.email ?? '', reason });
      continue;
    }
    const email = importEmailKey(r);
    const first = firstOf.get(email);
    if (first !== undefined) {
      failures.push({ row: r.row, email: r.email ?? '', reason: DUPLICATE_IN_FILE(first) });
      continue;
    }
    firstOf.set(email, r.row);
    const provider = normalizeProvider(r.provider)!;
    candidates.push({ row: r.row, email, provider, subject: r.externalId?.trim() || email, r });
  }
  const takenEmails = await existing(
    c,
    // lower(email): on the index of migration 0025, and users created with another case are found too.
    'SELECT lower(email) AS v FROM users WHERE project_id = ? AND mode = ? AND lower(email) IN (SELECT value FROM json_each(?))',
    candidates.map((x) => x.email),
  );
  const takenIdentities = await existing(
    c,
    "SELECT provider || ' ' || subject AS v FROM linked_accounts WHERE project_id = ? AND mode = ? AND provider || ' ' || subject IN (SELECT value FROM json_each(?))",
    candidates.map((x) => `${x.provider} ${x.subject}`),
  );
  const accepted: Accepted[] = [];
  const seenIdentity = new Set<string>();
  for (const x of candidates) {
    const identity = `${x.provider} ${x.subject}`;
    const reason = takenEmails.has(x.email)
      ? ALREADY_EXISTS
      : takenIdentities.has(identity) || seenIdentity.has(identity)
        ? IDENTITY_TAKEN
        : null;
    if (reason) {
      failures.push({ row: x.row, email: x.r.email ?? '', reason });
      continue;
    }
    seenIdentity.add(identity);
    accepted.push({
      id: newId('pla', c.now),
      lacId: newId('lac', c.now),
      given: x.r.email ?? '',
      name: x.r.name?.trim() || null,
      email: x.email,
      emailVerified: x.r.emailVerified ? 1 : 0,
      phone: x.r.phone?.trim() || null,
      provider: x.provider,
      subject: x.subject,
      metadata: JSON.stringify({
        importedFrom: migration.source_provider,
        migrationId: migration.id,
        ...(x.r.externalId ? { externalId: x.r.externalId } : {}),
      }),
    });
  }
  failures.sort((a, b) => a.row - b.row);

  const db = c.db;
  const s = scopeOf(c);
  const mode = modeOf(c);
  const all = JSON.stringify(accepted);
  const done = processed + body.rows.length;
  // The rows accepted here whose user the batch created: another chunk running at the same time may have created the
  // same email between our check and this batch; its INSERT then does nothing (the unique index of migration 0025)
  // and the row is reported "already a user" below, in the same batch, so nothing is lost and nothing counted twice.
  const createdSql = `SELECT COUNT(*) FROM json_each(?5) j WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = j.value ->> '$.id')`;
  const statements = [
    db
      .prepare(
        `INSERT INTO users (id, project_id, mode, name, description, metadata, email, email_verified, phone, phone_verified,
           anonymous, authenticated, created_at, updated_at, version)
         SELECT value ->> '$.id', ?1, ?2, value ->> '$.name', NULL, value ->> '$.metadata', value ->> '$.email',
           value ->> '$.emailVerified', value ->> '$.phone', 0, 0, 1, ?3, ?3, 1
         FROM json_each(?4) WHERE true
         ON CONFLICT DO NOTHING`,
      )
      .bind(s.projectId, mode, c.now, all),
    // Identities only of the users just created (a lost email race leaves none); an identity taken meanwhile still
    // fails the whole batch (unique index), answered below as "send it again".
    db
      .prepare(
        `INSERT INTO linked_accounts (id, project_id, mode, user_id, provider, subject, email, created_at)
         SELECT value ->> '$.lacId', ?1, ?2, value ->> '$.id', value ->> '$.provider', value ->> '$.subject',
           value ->> '$.email', ?3
         FROM json_each(?4) j
         WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = j.value ->> '$.id')`,
      )
      .bind(s.projectId, mode, c.now, all),
    // The chunk's outcome as the database decided it. A concurrent request for the same index makes this INSERT fail
    // (primary key) and the whole batch roll back.
    db
      .prepare(
        `INSERT INTO auth_migration_chunks (migration_id, idx, project_id, mode, row_count, created, failed, failures, created_at)
         SELECT ?1, ?2, ?3, ?4, ?6, n, ?6 - n, (
             SELECT json_group_array(json(f)) FROM (
               SELECT value AS f, value ->> '$.row' AS r FROM json_each(?7)
               UNION ALL
               SELECT json_object('row', j.value ->> '$.row', 'email', j.value ->> '$.given', 'reason', ?8),
                 j.value ->> '$.row'
               FROM json_each(?5) j WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = j.value ->> '$.id')
               ORDER BY r
             )
           ), ?9
         FROM (${createdSql.replace('COUNT(*)', 'COUNT(*) AS n')})`,
      )
      .bind(
        migration.id,
        index,
        s.projectId,
        mode,
        all,
        body.rows.length,
        JSON.stringify(failures),
        ALREADY_EXISTS,
        c.now,
      ),
    // Counters move with the rows (read from the stored outcome); the last chunk completes the migration (a status
    // change: version + 1).
    db
      .prepare(
        `UPDATE auth_migrations SET
           imported_count = imported_count + (SELECT created FROM auth_migration_chunks WHERE migration_id = ?1 AND idx = ?2),
           failed_count = failed_count + (SELECT failed FROM auth_migration_chunks WHERE migration_id = ?1 AND idx = ?2),
           updated_at = ?3,
           status = CASE WHEN ?4 >= total_count THEN 'completed' ELSE status END,
           version = version + CASE WHEN ?4 >= total_count THEN 1 ELSE 0 END
         WHERE id = ?1 AND project_id = ?5 AND mode = ?6`,
      )
      .bind(migration.id, index, c.now, done, s.projectId, mode),
    db
      .prepare(
        `INSERT INTO audit_log (id, project_id, mode, actor_type, actor_id, action, target_type, target_id, details, created_at)
         SELECT ?, ?, ?, ?, ?, 'auth_migration.chunk_imported', 'auth_migrations', migration_id,
           json_object('index', idx, 'created', created, 'failed', failed), ?
         FROM auth_migration_chunks WHERE migration_id = ? AND idx = ?`,
      )
      .bind(newId('aud'), s.projectId, mode, c.actor.type, c.actor.id, c.now, migration.id, index),
  ];
  try {
    await db.batch(statements);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same index was stored meanwhile (a concurrent retry): answer its outcome. Any other unique clash (an
    // identity created between our check and the batch) rolled everything back: the caller retries the chunk.
    const again = await readChunk(c, migration.id as string, index);
    const now = await mustGet(c, 'auth_migrations', migration.id as string, 'Migration');
    if (again) return json(storedResult(again, now, true));
    throw new ApiError('conflict', 'Rows of this chunk were created meanwhile by another request: send it again', {
      reason: 'retry',
    });
  }
  const [chunk, after] = await Promise.all([
    readChunk(c, migration.id as string, index),
    mustGet(c, 'auth_migrations', migration.id as string, 'Migration'),
  ]);
  return json(storedResult(chunk!, after, false));
}

function sourceToApi(r: Row): ImportSource {
  return {
    fileName: r.file_name as string,
    fileSha256: r.file_sha256 as string,
    rowCount: r.row_count as number,
    mapping: parseJson(r.mapping, { columns: {}, trim: true, idPrefix: '', idSuffix: '' }),
  };
}

const readSource = (c: ApiContext, migrationId: string) =>
  c.db.prepare('SELECT * FROM auth_migration_sources WHERE migration_id = ?').bind(migrationId).first<Row>();

export const userImportRoutes: ApiRoute[] = [
  defineRoute({
    method: 'PUT',
    path: `${M}/source`,
    scope: 'mode',
    permission: 'manage_auth',
    tag: 'Auth',
    summary:
      'Record the file an import reads (name, SHA-256, rows) and its column mapping, once: the same again is a 200, another is a 409',
    body: importSourceSchema,
    response: importSourceSchema,
    handler: async (c) => {
      const b = c.body;
      const migration = await mustGet(c, 'auth_migrations', c.params.id, 'Migration');
      if (b.rowCount !== migration.total_count)
        throw badRequest(`The migration has ${migration.total_count as number} rows, the file ${b.rowCount}`, [
          { path: 'rowCount', message: `Expected ${migration.total_count as number}` },
        ]);
      const same = (r: Row) => JSON.stringify(sourceToApi(r)) === JSON.stringify(b);
      const stored = await readSource(c, migration.id as string);
      if (stored) {
        if (same(stored)) return json(sourceToApi(stored));
        throw conflict('This import already records another file or mapping', { reason: 'source_recorded' });
      }
      const s = scopeOf(c);
      try {
        await c.db
          .prepare(
            'INSERT INTO auth_migration_sources (migration_id, project_id, mode, file_name, file_sha256, row_count, mapping, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .bind(
            migration.id,
            s.projectId,
            modeOf(c),
            b.fileName,
            b.fileSha256,
            b.rowCount,
            JSON.stringify(b.mapping),
            c.now,
          )
          .run();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const raced = await readSource(c, migration.id as string);
        if (!raced || !same(raced))
          throw conflict('This import already records another file or mapping', { reason: 'source_recorded' });
      }
      return json(b);
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${M}/source`,
    scope: 'mode',
    permission: 'read',
    tag: 'Auth',
    summary: 'The file an import reads and its column mapping (to continue it from the same file in another browser)',
    response: importSourceSchema,
    handler: async (c) => {
      const migration = await mustGet(c, 'auth_migrations', c.params.id, 'Migration');
      const stored = await readSource(c, migration.id as string);
      if (!stored) throw new ApiError('not_found', 'This import records no file');
      return json(sourceToApi(stored));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/projects/:projectId/:mode/auth/migrations/existing-emails',
    scope: 'mode',
    permission: 'manage_auth',
    tag: 'Auth',
    summary: "Which of these emails already belong to a user of the project's mode (the import's dry run)",
    body: existingEmailsSchema,
    response: existingEmailsResultSchema,
    status: 200,
    handler: async (c) => {
      const { emails } = c.body;
      const found = await existing(
        c,
        'SELECT DISTINCT lower(email) AS v FROM users WHERE project_id = ? AND mode = ? AND lower(email) IN (SELECT value FROM json_each(?))',
        [...new Set(emails.map((e) => e.trim().toLowerCase()))],
      );
      return json({ existing: [...found] });
    },
  }),
  defineRoute({
    method: 'PUT',
    path: `${M}/chunks/:index`,
    scope: 'mode',
    permission: 'manage_auth',
    tag: 'Auth',
    summary:
      'Import one chunk of rows into a running migration (idempotent per index: a retry answers the stored outcome)',
    body: importChunkSchema,
    response: importChunkResultSchema,
    handler: (c) => putChunk(c),
  }),
  defineRoute({
    method: 'GET',
    path: `${M}/failures`,
    scope: 'mode',
    permission: 'read',
    tag: 'Auth',
    summary: 'The rows of a migration that were not imported, with their row number and reason',
    response: importFailuresSchema,
    handler: async (c) => {
      const migration = await mustGet(c, 'auth_migrations', c.params.id, 'Migration');
      const { results } = await c.db
        .prepare('SELECT failures FROM auth_migration_chunks WHERE migration_id = ? AND failed > 0 ORDER BY idx')
        .bind(migration.id)
        .all<{ failures: string }>();
      const data = results.flatMap((r) => parseJson(r.failures, [] as ImportFailure[]));
      return json({ data, total: data.length });
    },
  }),
];
