import { applyD1Migrations, env } from 'cloudflare:test';

// Setup files run outside isolated storage and may run more than once: applyD1Migrations() is idempotent.
// The directory, then every shard wrangler.toml binds (SHARD_0, SHARD_1: two, as in every local stack).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (let n = 0; env[`SHARD_${n}`]; n++) await applyD1Migrations(env[`SHARD_${n}`]!, env.TEST_SHARD_MIGRATIONS);
// The request log's own database (docs/api.md "Request logs").
if (env.LOGS) await applyD1Migrations(env.LOGS, env.TEST_LOGS_MIGRATIONS);
