import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Applies migrations to the local D1 (the one `wrangler pages dev` uses) and opens its SQLite file directly.
 * `migrate: false` skips the migrations (a wrangler start, ~2 s) for a database already opened once in this run.
 */
export function openLocalD1(root: string, persistTo?: string, { migrate = true } = {}): DatabaseSync {
  const args = ['d1', 'migrations', 'apply', 'DB', '--local', ...(persistTo ? ['--persist-to', persistTo] : [])];
  // The current node (24) runs wrangler: the system node may be too old for it.
  if (migrate)
    execFileSync(process.execPath, [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    });
  const dir = path.join(persistTo ?? path.join(root, '.wrangler', 'state'), 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sqlite'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of files) {
    const db = new DatabaseSync(file);
    const ok = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projects'`).get();
    if (ok) return db;
    db.close();
  }
  throw new Error(`No migrated local D1 database found in ${dir}`);
}
