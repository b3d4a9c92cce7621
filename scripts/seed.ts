/**
 * Seeds the local D1 database used by `wrangler pages dev` with demo data (idempotent).
 *
 *   node scripts/seed.ts                 demo project (demo@example.com) + other project (other@example.com)
 *   node scripts/seed.ts --reset         delete and recreate them
 *   node scripts/seed.ts --scale         a "Scale project" with 1,000,000 transactions, 200,000 users and wallets and
 *                                        1,000,000 request log rows (SCALE_LOG_ROWS=5000000 for the issue's 5,000,000:
 *                                        scripts/seed/request-logs.ts), in its
 *                                        own state directory `.wrangler/scale-state` so the everyday local DB stays small;
 *                                        that directory is rebuilt from scratch when its seed stamp is stale (migrations
 *                                        or seed scripts changed, older than 30 days: scripts/seed/scale-state.ts) or
 *                                        with --reset
 *   node scripts/seed.ts --persist-to D  local state directory (as `wrangler --persist-to`)
 *
 * Rows go straight into the local SQLite file through node:sqlite: measured ~50× faster than generating SQL for
 * `wrangler d1 execute --local --file` (see docs/api.md).
 */
import { COUNTED_FIELDS } from '../src/shared/api/stored-shapes.ts';
import { closeSync, existsSync, fsyncSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_PROJECTS } from '../src/shared/demo-accounts.ts';
import { PLANS } from '../src/shared/api/billing.ts';
import { insertInvoices, insertModeData, insertProject, Inserter, rng } from './seed/demo-data.ts';
import { openLocalDatabases } from './seed/local-d1.ts';
import type { DatabaseSync } from 'node:sqlite';
import { SHARD_TABLES } from '../functions/_lib/db/shard-tables.ts';
import { localEncryptionKey } from './seed/local-secrets.ts';
import { SCALE_STATE, scaleStateStaleness, writeScaleStamp } from './seed/scale-state.ts';
import { pointSmtpAtLocalInbox } from './seed/local-smtp.ts';
import { LOCAL_RPC_PORT, pointRpcAtLocalServer } from './seed/local-rpc.ts';
import { LOCAL_SMTP } from '../dev/smtp-inbox/config.ts';
import { SCALE_LOG_ROWS, seedRequestLogs } from './seed/request-logs.ts';

/** Fixed ids so the seed is idempotent and links in docs/tests stay valid (src/shared/demo-accounts.ts). */
export const SEED_PROJECTS = DEMO_PROJECTS;

/** Fields kept in row_counts by the triggers of migration 0006 (API field → column). */
const COUNTED: Record<string, Record<string, string>> = {
  ...COUNTED_FIELDS,
  // Per-day buckets of created_at (migration 0007).
  transactions: { ...COUNTED_FIELDS.transactions, day: `date(created_at / 1000, 'unixepoch')` },
};

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    reset: { type: 'boolean' },
    scale: { type: 'boolean' },
    'persist-to': { type: 'string' },
    quiet: { type: 'boolean' },
  },
});
const log = (...m: unknown[]) => args.quiet || console.log(...m);

const t0 = performance.now();
const secs = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
/** The default scaled state is ours alone: when stale (or on --reset) it is deleted whole, faster than DELETEs. */
const ownScaleState = args.scale && !args['persist-to'];
if (ownScaleState && existsSync(SCALE_STATE)) {
  const why = args.reset ? '--reset' : scaleStateStaleness();
  if (why) {
    log(`  scale: rebuilding ${path.relative(root, SCALE_STATE)} from scratch (${why})`);
    rmSync(SCALE_STATE, { recursive: true, force: true });
  }
}
const dbs = await openLocalDatabases(root, args['persist-to'] ?? (args.scale ? SCALE_STATE : undefined));
const directory = dbs.directory;
/**
 * Placement of the seeded projects (docs/architecture.md "Shards"): the demo project and the scale project on shard
 * 0, the other account's project on shard 1, so every local stack has projects on two shards.
 */
const SHARD_OF = { demo: 0, other: 1 % dbs.shards.length, scale: 0 } as const;
const shardDb = (n: number) => dbs.shards[n]!;
/** The scale project's shard: the bulk load's database. */
const db = shardDb(SHARD_OF.scale);
const encryptionKey = localEncryptionKey(root);
const now = Date.now();
for (const d of [directory, ...dbs.shards]) d.exec('PRAGMA foreign_keys = ON');
if (args.scale) db.exec('PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000');
/**
 * Local D1 files are in WAL mode: a bulk load would be written twice (to the WAL, then checkpointed: ~13 s of the
 * scale seed). The load journals in memory instead and the file goes back to WAL afterwards.
 */
const journalMode = (db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode;
const bulkLoad = args.scale && (args.reset || !exists(SEED_PROJECTS.scale));
if (bulkLoad) db.exec('PRAGMA journal_mode = MEMORY');

function exists(id: string) {
  return directory.prepare('SELECT 1 FROM projects WHERE id = ?').get(id) !== undefined;
}

/** A project's rows on its shard, children first (the shard has no `projects` to cascade from). */
function deleteShardRows(shard: DatabaseSync, id: string) {
  shard.exec('PRAGMA foreign_keys = ON');
  for (const table of SHARD_TABLES)
    if (table !== 'transaction_statuses') shard.prepare(`DELETE FROM ${table} WHERE project_id = ?`).run(id);
}

/** Seeds one project (in one transaction per database) unless it is there; `--reset` deletes and seeds it again. */
async function seedProject(id: string, shard: number, build: (ins: Inserter) => Promise<void>): Promise<boolean> {
  const sdb = shardDb(shard);
  if (exists(id)) {
    if (!args.reset) return false;
    // Cascade to every child row even where the bulk load turned foreign keys off.
    deleteShardRows(sdb, id);
    directory.prepare('DELETE FROM projects WHERE id = ?').run(id);
    if (args.scale) sdb.exec('PRAGMA foreign_keys = OFF');
  }
  // The shard first: a directory row is never there without its data.
  sdb.exec('BEGIN');
  directory.exec('BEGIN');
  try {
    await build(new Inserter(directory, sdb));
    sdb.exec('COMMIT');
    directory.exec('COMMIT');
  } catch (err) {
    sdb.exec('ROLLBACK');
    directory.exec('ROLLBACK');
    throw err;
  }
  return true;
}

const printed: string[] = [];
/** A demo member's fixed id and email (the emulator knows the same account, with a password). */
const memberOf = (a: { id: string; email: string }) => ({ id: a.id, email: a.email });
const demo = DEMO_ACCOUNTS.demo;
const seededDemo = await seedProject(SEED_PROJECTS.demo, SHARD_OF.demo, async (ins) => {
  const r = rng(1);
  const spec = {
    id: SEED_PROJECTS.demo,
    shard: SHARD_OF.demo,
    name: 'Demo Game',
    owner: demo,
    now,
    encryptionKey,
    members: [
      { ...memberOf(DEMO_ACCOUNTS.admin), name: 'Alice Admin', role: 'admin' as const },
      { ...memberOf(DEMO_ACCOUNTS.developer), name: 'Dave Developer', role: 'developer' as const },
      { ...memberOf(DEMO_ACCOUNTS.viewer), name: 'Vera Viewer', role: 'viewer' as const },
    ],
    invites: [{ email: 'new.hire@example.com', role: 'developer' as const }],
  };
  const keys = await insertProject(ins, spec, r);
  await insertModeData(ins, spec, 'live', { users: 60, wallets: 70, transactions: 200, days: 90 }, r);
  await insertModeData(ins, spec, 'test', { users: 50, wallets: 50, transactions: 200, days: 90 }, r);
  insertInvoices(ins, spec, PLANS.growth.priceUsd, r);
  printed.push(`  Demo test secret key (shown once): ${keys.test}`);
});

// The demo project's custom SMTP points at the local SMTP inbox (SMTP_PORT: npm start and the test stacks set it).
await pointSmtpAtLocalInbox(
  shardDb(SHARD_OF.demo),
  SEED_PROJECTS.demo,
  encryptionKey,
  Number(process.env.SMTP_PORT ?? LOCAL_SMTP.port),
);
// Its test-mode Sepolia RPC URL points at the local JSON-RPC server (RPC_PORT: npm start runs dev/rpc-server there).
await pointRpcAtLocalServer(
  shardDb(SHARD_OF.demo),
  SEED_PROJECTS.demo,
  encryptionKey,
  Number(process.env.RPC_PORT ?? LOCAL_RPC_PORT),
);

const seededOther = await seedProject(SEED_PROJECTS.other, SHARD_OF.other, async (ins) => {
  const r = rng(2);
  const spec = {
    id: SEED_PROJECTS.other,
    shard: SHARD_OF.other,
    name: 'Other Studio',
    owner: DEMO_ACCOUNTS.other,
    now,
    encryptionKey,
  };
  await insertProject(ins, spec, r);
  await insertModeData(ins, spec, 'live', { users: 12, wallets: 15, transactions: 40, days: 30 }, r);
  await insertModeData(ins, spec, 'test', { users: 5, wallets: 5, transactions: 10, days: 30 }, r);
});

let seededScale = false;
if (args.scale) {
  seededScale = await seedProject(SEED_PROJECTS.scale, SHARD_OF.scale, async (ins) => {
    const r = rng(3);
    const spec = {
      id: SEED_PROJECTS.scale,
      shard: SHARD_OF.scale,
      name: 'Scale project',
      owner: demo,
      now,
      encryptionKey,
    };
    await insertProject(ins, spec, r);
    log('  scale: inserting 200,000 users, 200,000 wallets, 1,000,000 transactions…');
    const tInsert = performance.now();
    // Bulk load: secondary indexes and counter triggers are dropped, then rebuilt (much faster than per row).
    const tables = `tbl_name IN ('users', 'wallets', 'transactions')`;
    const indexes = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND ${tables}`)
      .all() as { name: string; sql: string }[];
    const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND ${tables}`).all() as {
      name: string;
      sql: string;
    }[];
    for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
    for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
    await insertModeData(
      ins,
      spec,
      'test',
      { users: 200_000, wallets: 200_000, transactions: 1_000_000, days: 365 },
      r,
      true,
    );
    log(`  scale: rows inserted in ${secs(tInsert)}; rebuilding indexes and counters…`);
    const tIndex = performance.now();
    for (const i of indexes) db.exec(i.sql);
    for (const t of triggers) db.exec(t.sql);
    for (const [tbl, fields] of Object.entries(COUNTED)) {
      for (const [field, col] of [['', "''"], ...Object.entries(fields)]) {
        db.prepare(
          `INSERT INTO row_counts (project_id, mode, tbl, field, value, n)
           SELECT project_id, mode, ?, ?, CAST(${col} AS TEXT), COUNT(*) FROM ${tbl} WHERE project_id = ? GROUP BY mode, ${col}`,
        ).run(tbl, field!, SEED_PROJECTS.scale);
      }
    }
    // What each policy's month holds against its spend cap (the triggers of migrations/shard/0003, in micro-USD).
    db.prepare(
      `INSERT INTO row_counts (project_id, mode, tbl, field, value, n)
       SELECT project_id, mode, 'policy_spend', policy_id, strftime('%Y-%m', created_at / 1000, 'unixepoch'),
         SUM(CASE WHEN cost_usd IS NOT NULL THEN CAST(ROUND(cost_usd * 1000000) AS INTEGER)
                  WHEN status IN ('new', 'sent', 'indexed', 'notfound') THEN CAST(ROUND(COALESCE(max_cost_usd, 0) * 1000000) AS INTEGER)
                  ELSE 0 END)
       FROM transactions WHERE project_id = ? AND policy_id IS NOT NULL
       GROUP BY mode, policy_id, strftime('%Y-%m', created_at / 1000, 'unixepoch')`,
    ).run(SEED_PROJECTS.scale);
    log(`  scale: indexes and counters rebuilt in ${secs(tIndex)}`);
  });
  if (seededScale) seedScaleLogs();
  if (seededScale) {
    const tAnalyze = performance.now();
    db.exec('ANALYZE');
    directory.exec('ANALYZE');
    log(`  scale: ANALYZE in ${secs(tAnalyze)}`);
  }
}
for (const d of [directory, ...dbs.shards]) d.exec('PRAGMA optimize');

/**
 * The scale project's request log: SCALE_LOG_ROWS rows in the LOGS database (scripts/seed/request-logs.ts), one INSERT …
 * SELECT with the indexes rebuilt after, journal in memory and no syncs while it loads (as the bulk load above).
 */
function seedScaleLogs() {
  const logs = dbs.logs;
  if (!logs) throw new Error('No migrated local request log database (binding LOGS)');
  const mode = (logs.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode;
  logs.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000; PRAGMA journal_mode = MEMORY');
  const keyIds = (m: string) =>
    (
      directory
        .prepare(
          `SELECT id FROM api_keys WHERE project_id = ? AND mode = ? AND type = 'secret' AND revoked_at IS NULL ORDER BY id`,
        )
        .all(SEED_PROJECTS.scale, m) as { id: string }[]
    ).map((k) => k.id);
  // Each mode's secret key, and two keys deleted since (the list names them "A deleted key").
  const keys = {
    test: [...keyIds('test'), 'key_01900000-0000-7000-8000-00000000d001', 'key_01900000-0000-7000-8000-00000000d002'],
    live: [...keyIds('live'), 'key_01900000-0000-7000-8000-00000000d003', 'key_01900000-0000-7000-8000-00000000d004'],
  };
  log(`  scale: inserting ${SCALE_LOG_ROWS.toLocaleString('en-US')} request log rows…`);
  logs.exec('BEGIN');
  try {
    logs.prepare('DELETE FROM request_logs WHERE project_id = ?').run(SEED_PROJECTS.scale);
    const t = seedRequestLogs(logs, { projectId: SEED_PROJECTS.scale, now, keys, member: demo.id });
    logs.exec('COMMIT');
    log(`  scale: request log rows in ${t.insertSeconds.toFixed(1)} s, its indexes in ${t.indexSeconds.toFixed(1)} s`);
  } catch (err) {
    logs.exec('ROLLBACK');
    throw err;
  }
  const tAnalyze = performance.now();
  logs.exec('ANALYZE');
  logs.exec(`PRAGMA journal_mode = ${mode}`);
  log(`  scale: request log ANALYZE in ${secs(tAnalyze)}`);
}
if (bulkLoad) db.exec(`PRAGMA journal_mode = ${journalMode}`);
const dbFile = db.location();
const logsFile = dbs.logs?.location() ?? null;
dbs.close();
if (seededScale && dbFile) {
  // synchronous = OFF left ~1.4 GB of dirty pages; the kernel would write them back some 30 s later, in the middle of
  // whatever runs next (the API bench). Flushing here keeps that disk and CPU work inside the seed.
  const tSync = performance.now();
  for (const file of [dbFile, logsFile]) {
    if (!file) continue;
    const fd = openSync(file, 'r+');
    fsyncSync(fd);
    closeSync(fd);
  }
  log(`  scale: flushed to disk in ${secs(tSync)}`);
}
if (ownScaleState && seededScale) writeScaleStamp(now);

const took = secs(t0);
log(
  `Seed: demo ${seededDemo ? 'created' : 'already there'}, other ${seededOther ? 'created' : 'already there'}${args.scale ? `, scale ${seededScale ? 'created' : 'already there'}` : ''} in ${took}`,
);
for (const line of printed) log(line);
