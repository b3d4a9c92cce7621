/**
 * Moving projects between databases (docs/architecture.md "Shards"; the engine is functions/_lib/db/project-copy.ts):
 *
 *   npm run shards:split [-- --persist-to D] [--remote]
 *       every project still in the directory's own tables (an installation from before the shards: projects.shard
 *       NULL) goes to the shard with the fewest projects, one after the other; rerun after a failure
 *   npm run shards:move -- pro_… SHARD_1 [--persist-to D] [--remote]
 *       one project to another shard (read-only meanwhile: its writes answer 503); run again after a stop to go on
 *   npm run shards:move -- pro_… --abort
 *       gives up a stopped move: the copied rows go, the project is writable on its shard again
 *
 * Local by default (the databases `npm start` uses, or --persist-to's); --remote works on the deployed databases of
 * wrangler.toml through wrangler's remote bindings (needs `wrangler login`).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getPlatformProxy } from 'wrangler';
import { abortMove, moveProject, type CopyReport } from '../../functions/_lib/db/project-copy.ts';
import { placeNewProject, type ShardEnv } from '../../functions/_lib/db/shards.ts';
import { ROOT } from '../lib/proc.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'persist-to': { type: 'string' }, remote: { type: 'boolean' }, abort: { type: 'boolean' } },
});
const [command, projectId, binding] = positionals;

function configPath(): string {
  if (!args.remote) return path.join(ROOT, 'wrangler.toml');
  // Remote: every D1 binding marked `remote = true` in a copy of the configuration.
  const toml = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8').replace(
    /^(migrations_dir = .*)$/gm,
    '$1\nremote = true',
  );
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'shards-')), 'wrangler.toml');
  writeFileSync(file, toml.replace(/^pages_build_output_dir = .*$/m, `pages_build_output_dir = "${ROOT}/dist"`));
  return file;
}

const print = (r: CopyReport) => {
  const rows = r.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `${r.projectId}: ${r.from === null ? 'directory' : `SHARD_${r.from}`} → SHARD_${r.to}, ${rows} rows in ${r.tables.length} tables verified (counts and SHA-256)${r.resumed ? ', resumed' : ''}`,
  );
  for (const t of r.tables)
    if (t.rows) console.log(`  ${t.table.padEnd(26)} ${String(t.rows).padStart(9)}  ${t.sha.slice(0, 16)}`);
};

if (command !== 'split' && command !== 'move') {
  console.error(
    'usage: node scripts/shards/main.ts split | move <projectId> <SHARD_n> [--abort] [--persist-to D] [--remote]',
  );
  process.exit(2);
}
const proxy = await getPlatformProxy<ShardEnv>({
  configPath: configPath(),
  persist: { path: path.join(args['persist-to'] ?? path.join(ROOT, '.wrangler', 'state'), 'v3') },
  remoteBindings: Boolean(args.remote),
});
let failed = false;
try {
  const env = proxy.env;
  if (command === 'split') {
    const { results } = await env.DB.prepare('SELECT id FROM projects WHERE shard IS NULL ORDER BY created_at').all<{
      id: string;
    }>();
    console.log(`shards:split: ${results.length} project(s) in the directory's own tables`);
    for (const { id } of results) print(await moveProject(env, id, await placeNewProject(env)));
  } else {
    if (!projectId) throw new Error('name the project: npm run shards:move -- pro_… SHARD_1');
    if (args.abort) {
      await abortMove(env, projectId);
      console.log(`${projectId}: the move is given up; the project is writable on its shard`);
    } else {
      const to = /^SHARD_(\d+)$/.exec(binding ?? '');
      if (!to) throw new Error('name the target shard: npm run shards:move -- pro_… SHARD_1');
      print(await moveProject(env, projectId, Number(to[1])));
    }
  }
} catch (err) {
  failed = true;
  console.error(`shards:${command}: ${err instanceof Error ? err.message : String(err)}`);
  console.error('Nothing was switched: run the same command again to go on (or --abort a move).');
} finally {
  await proxy.dispose();
}
process.exit(failed ? 1 : 0);
