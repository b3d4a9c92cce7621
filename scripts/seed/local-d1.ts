import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The local D1 databases (the ones `wrangler pages dev` uses): the directory (binding `DB`) and the shards
 * (`SHARD_0` … from wrangler.toml), opened as SQLite files for the seeds, the benches and the stack tests
 * (docs/architecture.md "Shards").
 */
export interface LocalDatabases {
  directory: DatabaseSync;
  /** Shard `n` at index `n`. */
  shards: DatabaseSync[];
  /** The request log (binding `LOGS`), when it is migrated. */
  logs: DatabaseSync | null;
  close(): void;
}

/** The shard bindings wrangler.toml declares, in order (`SHARD_0`, `SHARD_1`, …). */
export function shardBindings(root: string): string[] {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  const names = [...toml.matchAll(/^binding = "(SHARD_(\d+))"$/gm)].map((m) => m[1]!);
  names.forEach((n, i) => {
    if (n !== `SHARD_${i}`) throw new Error(`wrangler.toml: shard bindings must be SHARD_0, SHARD_1, … in order`);
  });
  return names;
}

/**
 * Applies migrations/directory to `DB`, migrations/logs to `LOGS` and migrations/shard to every shard, and tells each shard its number
 * (`shard_meta`), in one local runtime of wrangler's (its platform proxy: the same SQLite files `wrangler pages dev`
 * opens, and the same `d1_migrations` bookkeeping as `wrangler d1 migrations apply`). One start (~1 s) instead of a
 * wrangler process per database.
 */
async function migrateLocal(root: string, persistTo: string | undefined, shards: string[]): Promise<void> {
  const { getPlatformProxy } = await import('wrangler');
  const { readD1Migrations } = await import('@cloudflare/vitest-plugin');
  const proxy = await getPlatformProxy<Record<string, D1Like>>({
    configPath: path.join(root, 'wrangler.toml'),
    persist: { path: path.join(persistTo ?? path.join(root, '.wrangler', 'state'), 'v3') },
  });
  try {
    const directory = await readD1Migrations(path.join(root, 'migrations/directory'));
    const shard = await readD1Migrations(path.join(root, 'migrations/shard'));
    await applyMigrations(proxy.env.DB!, directory);
    // The request log's own database (docs/api.md "Request logs").
    if (proxy.env.LOGS)
      await applyMigrations(proxy.env.LOGS, await readD1Migrations(path.join(root, 'migrations/logs')));
    for (const [n, binding] of shards.entries()) {
      const db = proxy.env[binding]!;
      await applyMigrations(db, shard);
      await db.prepare('INSERT OR IGNORE INTO shard_meta (id, shard) VALUES (1, ?)').bind(n).run();
    }
  } finally {
    await proxy.dispose();
  }
}

interface D1Like {
  prepare(sql: string): {
    bind(...v: unknown[]): { run(): Promise<unknown> };
    run(): Promise<unknown>;
    all<T>(): Promise<{ results: T[] }>;
  };
  batch(statements: unknown[]): Promise<unknown>;
}

/** As `wrangler d1 migrations apply`: each migration not yet in `d1_migrations`, with its row, in one batch. */
async function applyMigrations(db: D1Like, migrations: { name: string; queries: string[] }[]): Promise<void> {
  await db
    .prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    )
    .run();
  const applied = new Set(
    (await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name),
  );
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    await db.batch([
      ...m.queries.map((q) => db.prepare(q)),
      db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(m.name),
    ]);
  }
}

const sqliteDir = (root: string, persistTo?: string) =>
  path.join(persistTo ?? path.join(root, '.wrangler', 'state'), 'v3', 'd1', 'miniflare-D1DatabaseObject');

const hasTable = (db: DatabaseSync, name: string) =>
  db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;

/** How long a write through these connections waits for a lock another process holds. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Finds the directory and every shard among the SQLite files: the directory has `projects`, a shard says which one
 * it is in `shard_meta` (written when the shard is migrated).
 */
function findDatabases(root: string, persistTo: string | undefined, count: number) {
  const dir = sqliteDir(root, persistTo);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sqlite'))
        .map((f) => path.join(dir, f))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    : [];
  let directory: DatabaseSync | null = null;
  let logs: DatabaseSync | null = null;
  const shards: (DatabaseSync | null)[] = Array.from({ length: count }, () => null);
  const unnamed: DatabaseSync[] = [];
  for (const file of files) {
    // The local runtime may hold a write lock at that moment (a stack test writing beside the webhook dispatcher):
    // wait for it rather than fail with "database is locked" at once (clean-clone run 48).
    const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
    if (!directory && hasTable(db, 'projects')) directory = db;
    else if (!logs && hasTable(db, 'request_logs')) logs = db;
    else if (hasTable(db, 'shard_meta')) {
      const row = db.prepare('SELECT shard FROM shard_meta WHERE id = 1').get() as { shard: number } | undefined;
      if (row && row.shard < count && !shards[row.shard]) shards[row.shard] = db;
      else if (!row) unnamed.push(db);
      else db.close();
    } else db.close();
  }
  return { directory, shards, logs, unnamed };
}

/** Applies the migrations to the local directory and shards, then opens their SQLite files. */
export async function openLocalDatabases(root: string, persistTo?: string): Promise<LocalDatabases> {
  await migrateLocal(root, persistTo, shardBindings(root));
  return openMigratedDatabases(root, persistTo);
}

/** Opens the SQLite files of local databases migrated before (by {@link openLocalDatabases} or a stack). */
export function openMigratedDatabases(root: string, persistTo?: string): LocalDatabases {
  const bindings = shardBindings(root);
  const { directory, shards, logs, unnamed } = findDatabases(root, persistTo, bindings.length);
  for (const db of unnamed) db.close();
  if (!directory) throw new Error(`No migrated local directory database in ${sqliteDir(root, persistTo)}`);
  if (shards.some((s) => !s)) throw new Error(`Not every local shard is migrated in ${sqliteDir(root, persistTo)}`);
  const all = shards as DatabaseSync[];
  return {
    directory,
    shards: all,
    logs,
    close() {
      directory.close();
      for (const s of all) s.close();
      logs?.close();
    },
  };
}
