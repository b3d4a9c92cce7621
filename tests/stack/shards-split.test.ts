import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { expect, it } from 'vitest';
import { openMigratedDatabases } from '../../scripts/seed/local-d1.ts';
import { SHARD_TABLES } from '../../functions/_lib/db/shard-tables.ts';
import { DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';

/**
 * `npm run shards:split` on a copy of a database from before the shards (docs/architecture.md "Shards"): the demo
 * data is seeded, then put back the way an installation had it before (every row in the directory's own tables,
 * `projects.shard` NULL); the split moves each project to a shard, verified; every table holds the same rows as
 * before; a second run finds nothing to do.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const node = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
const PROJECTS = [DEMO_PROJECTS.demo, DEMO_PROJECTS.other];
/** Tables whose rows are compared (row_counts is made by the triggers; statuses are counted through transactions). */
const COMPARED = SHARD_TABLES.filter((t) => t !== 'row_counts' && t !== 'transaction_statuses');

const countsIn = (db: DatabaseSync, projectId: string) =>
  Object.fromEntries(
    COMPARED.map((t) => [
      t,
      (db.prepare(`SELECT COUNT(*) AS n FROM ${t} WHERE project_id = ?`).get(projectId) as { n: number }).n,
    ]),
  );

it('moves every project of a pre-shard database to a shard, the same rows everywhere; a rerun does nothing', async () => {
  const state = mkdtempSync(path.join(os.tmpdir(), 'dashboard-split-'));
  node(['scripts/seed.ts', '--persist-to', state, '--quiet']);

  // The pre-shard layout: the projects' rows copied into the directory's own tables, the shards emptied.
  const before: Record<string, Record<string, number>> = {};
  {
    const dbs = openMigratedDatabases(ROOT, state);
    for (const id of PROJECTS) {
      const { shard } = dbs.directory.prepare('SELECT shard FROM projects WHERE id = ?').get(id) as { shard: number };
      const from = dbs.shards[shard]!;
      before[id] = countsIn(from, id);
      for (const table of [...SHARD_TABLES].reverse()) {
        if (table === 'row_counts') continue;
        const rows = (
          table === 'transaction_statuses'
            ? from
                .prepare(
                  'SELECT s.* FROM transaction_statuses s JOIN transactions t ON t.id = s.transaction_id WHERE t.project_id = ?',
                )
                .all(id)
            : from.prepare(`SELECT * FROM ${table} WHERE project_id = ?`).all(id)
        ) as Record<string, unknown>[];
        for (const row of rows) {
          const cols = Object.keys(row);
          dbs.directory
            .prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
            .run(...(cols.map((c) => row[c]) as never[]));
        }
      }
      for (const table of SHARD_TABLES)
        if (table !== 'transaction_statuses') from.prepare(`DELETE FROM ${table} WHERE project_id = ?`).run(id);
      dbs.directory.prepare('UPDATE projects SET shard = NULL WHERE id = ?').run(id);
      expect(countsIn(dbs.directory, id)).toEqual(before[id]);
    }
    dbs.close();
  }

  const out = node(['scripts/shards/main.ts', 'split', '--persist-to', state]);
  expect(out).toMatch(/2 project\(s\) in the directory's own tables/);
  expect(out.match(/verified \(counts and SHA-256\)/g)).toHaveLength(2);

  const dbs = openMigratedDatabases(ROOT, state);
  const placed = PROJECTS.map(
    (id) =>
      (dbs.directory.prepare('SELECT shard FROM projects WHERE id = ?').get(id) as { shard: number | null }).shard,
  );
  expect(new Set(placed)).toEqual(new Set([0, 1])); // the fewest projects first: one on each shard
  for (const [i, id] of PROJECTS.entries()) {
    const onShard = countsIn(dbs.shards[placed[i]!]!, id);
    const left = countsIn(dbs.directory, id);
    for (const table of COMPARED) {
      // The directory keeps the project's audit and idempotency rows; everything else moved, every row of it.
      if (table === 'audit_log' || table === 'idempotency_keys') {
        expect(left[table], `${id} ${table}`).toBe(before[id]![table]);
        expect(onShard[table], `${id} ${table}`).toBe(0);
      } else {
        expect(onShard[table], `${id} ${table}`).toBe(before[id]![table]);
        expect(left[table], `${id} ${table}`).toBe(0);
      }
    }
  }
  dbs.close();
  expect(node(['scripts/shards/main.ts', 'split', '--persist-to', state])).toMatch(/0 project\(s\)/);
}, 180_000);
