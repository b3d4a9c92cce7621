/**
 * Applies the D1 migrations to the directory (`DB`, migrations/directory) and to every shard wrangler.toml binds
 * (`SHARD_0` …, migrations/shard): docs/architecture.md "Shards", and to the request log (`LOGS`, migrations/logs).
 *
 *   npm run db:migrate                 the local databases (as `npm start` uses them)
 *   npm run db:migrate -- --remote     the deployed ones (after `wrangler d1 create` of each)
 */
import { run, ROOT } from './lib/proc.ts';
import { shardBindings } from './seed/local-d1.ts';

const where = process.argv.includes('--remote') ? '--remote' : '--local';
for (const binding of ['DB', 'LOGS', ...shardBindings(ROOT)]) {
  console.log(`db:migrate: ${binding} (${where.slice(2)})`);
  await run('wrangler', ['d1', 'migrations', 'apply', binding, where]);
}
