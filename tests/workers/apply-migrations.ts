import { applyD1Migrations, env } from 'cloudflare:test';

// Setup files run outside isolated storage and may run more than once: applyD1Migrations() is idempotent.
// The directory, then every shard wrangler.toml binds (SHARD_0, SHARD_1: two, as in every local stack).
const databases: D1Database[] = [env.DB];
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (let n = 0; env[`SHARD_${n}`]; n++) {
  await applyD1Migrations(env[`SHARD_${n}`]!, env.TEST_SHARD_MIGRATIONS);
  databases.push(env[`SHARD_${n}`]!);
}
// The request log's own database (docs/api.md "Request logs").
if (env.LOGS) {
  await applyD1Migrations(env.LOGS, env.TEST_LOGS_MIGRATIONS);
  databases.push(env.LOGS);
}

/**
 * Empty tables for every test file, as when each file had a runtime of its own: the files of a pool worker now share
 * one (`isolate: false`, vitest.config.ts), and this file runs before each of them. Without it, the rows an earlier
 * file left would be seen by what reads across projects (the cron's sweep of the outbox, the request log's and the
 * trash's purges). Each table is emptied twice: the delete triggers of the first pass update the counter tables,
 * the second pass empties those; foreign keys are checked at the end of the batch.
 */
async function emptyTables(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
         AND name <> 'd1_migrations'`,
    )
    .all<{ name: string }>();
  const deletes = () => results.map(({ name }) => db.prepare(`DELETE FROM "${name.replaceAll('"', '""')}"`));
  await db.batch([db.prepare('PRAGMA defer_foreign_keys = ON'), ...deletes(), ...deletes()]);
}
for (const db of databases) await emptyTables(db);
