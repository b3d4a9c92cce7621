import { SHARD_TABLES } from './shard-tables';
import { deleteProjectRows } from './trash';
import { directoryOf, shardAt, type ShardEnv } from './shards';

/**
 * Moving a project's rows between databases (docs/architecture.md "Shards"): `npm run shards:split` (from the
 * directory's own tables of an installation from before the shards) and `npm run shards:move` (from one shard to
 * another). The project is read-only while it moves: `projects.moving_until` makes its writes answer 503, and the
 * copy keeps that deadline ahead of itself. Rows are copied in pages, then every table is verified (row count and a
 * SHA-256 over its rows in key order, the same on both sides), and only then is the directory switched and the old
 * rows deleted. A copy that stops half-way is run again: while the deadline holds, nothing was written meanwhile and it
 * goes on where it stopped (inserts of rows already there are skipped); once it lapsed, it starts over.
 */

/** Parents before children: the order rows are copied in. `row_counts` is not copied: the target's triggers count. */
const COPY_ORDER = [...SHARD_TABLES].reverse().filter((t) => t !== 'row_counts');
/** What the split leaves in the directory: the project's audit and idempotency rows are the directory's already. */
const STAY_IN_DIRECTORY = new Set(['audit_log', 'idempotency_keys']);

/** Rows read per page; pages are written in statements of at most {@link CHUNK_BYTES} of JSON. */
const PAGE_ROWS = 1000;
const CHUNK_BYTES = 400_000;
/** How far ahead of the copy the read-only deadline is kept. */
export const MOVE_LEASE_MS = 120_000;
/** How long a move waits, once read-only, for writes already under way to commit before it reads. */
export const SETTLE_MS = 2_000;

type Row = Record<string, unknown>;

/** The key a table's rows are read in (and checksummed by): `rowid`, or the primary key of a WITHOUT ROWID table. */
function keyOf(table: string): string[] {
  switch (table) {
    case 'transaction_statuses':
      return ['transaction_id', 'seq'];
    case 'settings':
      return ['project_id', 'mode', 'kind'];
    case 'row_counts':
      return ['project_id', 'mode', 'tbl', 'field', 'value'];
    case 'auth_migration_chunks':
      return ['migration_id', 'idx'];
    case 'auth_migration_sources':
      return ['migration_id'];
    case 'idempotency_keys':
      return ['actor_id', 'key'];
    case 'backend_wallet_challenges':
      return ['nonce'];
    default:
      return ['rowid'];
  }
}

/** One page of a project's rows of `table` after `after` (the key of the last row read), in key order. */
async function readPage(db: D1Database, table: string, projectId: string, after: unknown[] | null): Promise<Row[]> {
  const key = keyOf(table);
  const keyList = key.map((k) => (table === 'transaction_statuses' ? `s.${k}` : k)).join(', ');
  const cont = after ? ` AND (${keyList}) > (${key.map(() => '?').join(', ')})` : '';
  const select = key[0] === 'rowid' ? 'rowid AS _rowid, *' : '*';
  // A counter at zero (its rows were deleted) is not a row the target's triggers would make.
  const nonZero = table === 'row_counts' ? ' AND n <> 0' : '';
  const sql =
    table === 'transaction_statuses'
      ? `SELECT s.* FROM transaction_statuses s JOIN transactions t ON t.id = s.transaction_id WHERE t.project_id = ?${cont} ORDER BY ${keyList} LIMIT ?`
      : `SELECT ${select} FROM ${table} WHERE project_id = ?${nonZero}${cont} ORDER BY ${keyList} LIMIT ?`;
  const { results } = await db
    .prepare(sql)
    .bind(projectId, ...(after ?? []), PAGE_ROWS)
    .all<Row>();
  return results;
}

const lastKey = (table: string, row: Row) => keyOf(table).map((k) => (k === 'rowid' ? row._rowid : row[k]));

/** Reads every page of a project's rows of `table`. */
async function eachPage(
  db: D1Database,
  table: string,
  projectId: string,
  onPage: (rows: Row[]) => Promise<void>,
): Promise<void> {
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await readPage(db, table, projectId, after);
    if (!rows.length) return;
    await onPage(rows);
    if (rows.length < PAGE_ROWS) return;
    after = lastKey(table, rows[rows.length - 1]!);
  }
}

/** Writes rows into `table` (rows already there are left as they are), in statements of bounded size. */
async function writeRows(db: D1Database, table: string, rows: Row[]): Promise<void> {
  const cols = Object.keys(rows[0]!).filter((c) => c !== '_rowid');
  const sql = `INSERT OR IGNORE INTO ${table} (${cols.join(', ')}) SELECT ${cols
    .map((c) => `value ->> '${c}'`)
    .join(', ')} FROM json_each(?)`;
  let chunk: Row[] = [];
  let bytes = 0;
  const flush = async () => {
    if (chunk.length) await db.prepare(sql).bind(JSON.stringify(chunk)).run();
    chunk = [];
    bytes = 0;
  };
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (bytes + size > CHUNK_BYTES) await flush();
    const clean: Row = {};
    for (const c of cols) clean[c] = row[c];
    chunk.push(clean);
    bytes += size;
  }
  await flush();
}

/** Row count and a SHA-256 chained over the pages of a project's rows of `table`, in key order, without the rowid. */
async function fingerprint(db: D1Database, table: string, projectId: string): Promise<{ rows: number; sha: string }> {
  let rows = 0;
  let sha = '';
  await eachPage(db, table, projectId, async (page) => {
    rows += page.length;
    const text = JSON.stringify(
      page.map((r) => {
        const { _rowid, ...rest } = r;
        void _rowid;
        return Object.keys(rest)
          .sort()
          .map((k) => [k, rest[k]]);
      }),
    );
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sha + text));
    sha = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  });
  return { rows, sha };
}

export interface CopyReport {
  projectId: string;
  from: number | null;
  to: number;
  tables: { table: string; rows: number; sha: string }[];
  resumed: boolean;
}

export class CopyMismatch extends Error {}

/**
 * Moves one project to shard `to`: read-only (moving_until, moving_to), settle, copy, verify, switch, delete the old
 * rows. `from` is read from the directory (null: the directory's own tables, the split). `stopAfterPages` (tests)
 * throws after that many pages, as a crash would. Returns what was verified.
 */
export async function moveProject(
  env: ShardEnv,
  projectId: string,
  to: number,
  o: { now?: () => number; settleMs?: number; stopAfterPages?: number } = {},
): Promise<CopyReport> {
  const now = o.now ?? Date.now;
  const directory = directoryOf(env);
  const project = await directory
    .prepare('SELECT shard, moving_until, moving_to FROM projects WHERE id = ?')
    .bind(projectId)
    .first<{ shard: number | null; moving_until: number | null; moving_to: number | null }>();
  if (!project) throw new Error(`no project ${projectId}`);
  if (project.shard === to) throw new Error(`${projectId} is on shard ${to} already`);
  const source = shardAt(env, project.shard);
  const target = shardAt(env, to);
  // Still read-only from a copy to the same shard that stopped: nothing was written since, go on where it stopped.
  const resumed = project.moving_to === to && project.moving_until !== null && project.moving_until > now();
  const lease = async () => {
    const res = await directory
      .prepare('UPDATE projects SET moving_until = ?, moving_to = ? WHERE id = ? AND shard IS ?')
      .bind(now() + MOVE_LEASE_MS, to, projectId, project.shard)
      .run();
    if (!res.meta.changes) throw new Error(`${projectId} moved meanwhile`);
  };
  await lease();
  if (!resumed) {
    // Writes already past the check commit within this; then the rows are still.
    await new Promise((r) => setTimeout(r, o.settleMs ?? SETTLE_MS));
    await deleteProjectRows(target, projectId);
  }
  const tables = COPY_ORDER.filter((t) => !(project.shard === null && STAY_IN_DIRECTORY.has(t)));
  let pages = 0;
  let leasedAt = now();
  for (const table of tables)
    await eachPage(source, table, projectId, async (rows) => {
      await writeRows(target, table, rows);
      if (o.stopAfterPages !== undefined && ++pages >= o.stopAfterPages) throw new Error('stopped (test)');
      if (now() - leasedAt > MOVE_LEASE_MS / 4) {
        await lease();
        leasedAt = now();
      }
    });
  const report: CopyReport = { projectId, from: project.shard, to, tables: [], resumed };
  for (const table of [...tables, 'row_counts']) {
    const [a, b] = await Promise.all([fingerprint(source, table, projectId), fingerprint(target, table, projectId)]);
    if (a.rows !== b.rows || a.sha !== b.sha)
      throw new CopyMismatch(`${table}: ${a.rows} rows on the source, ${b.rows} copied, checksums differ`);
    report.tables.push({ table, ...b });
  }
  await lease();
  const switched = await directory
    .prepare(
      'UPDATE projects SET shard = ?, moving_until = NULL, moving_to = NULL WHERE id = ? AND shard IS ? AND moving_to = ?',
    )
    .bind(to, projectId, project.shard, to)
    .run();
  if (!switched.meta.changes) throw new Error(`${projectId} moved meanwhile`);
  // The old rows go (for the split: not the directory's own audit and idempotency rows of the project).
  if (project.shard === null) await deleteProjectRows(source, projectId, STAY_IN_DIRECTORY);
  else await deleteProjectRows(source, projectId);
  return report;
}

/** Gives up a stopped move: the copied rows on its target go, and the project is writable on its shard again. */
export async function abortMove(env: ShardEnv, projectId: string): Promise<void> {
  const directory = directoryOf(env);
  const project = await directory
    .prepare('SELECT shard, moving_to FROM projects WHERE id = ?')
    .bind(projectId)
    .first<{ shard: number | null; moving_to: number | null }>();
  if (!project) throw new Error(`no project ${projectId}`);
  if (project.moving_to !== null && project.moving_to !== project.shard)
    await deleteProjectRows(shardAt(env, project.moving_to), projectId);
  await directory
    .prepare('UPDATE projects SET moving_until = NULL, moving_to = NULL WHERE id = ?')
    .bind(projectId)
    .run();
}
