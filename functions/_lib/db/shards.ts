/**
 * Where data lives (docs/architecture.md "Shards"). The directory database (binding `DB`) holds the accounts-level
 * tables; each project's data is on one shard (`SHARD_0` … `SHARD_n-1`), named by `projects.shard`. This module is
 * the only code that reads those bindings by name (an ESLint rule holds it): handlers get `c.directory` and `c.db`
 * (the project's shard) from the request context; the webhook engine and the scheduled work loop over
 * {@link allShards}.
 */

export { DIRECTORY_TABLES, SHARD_TABLES } from './shard-tables';
import { isDirectoryTable } from './shard-tables';

/** The bindings this module reads: the directory and the shards. */
export type ShardEnv = { DB: D1Database } & { [K in `SHARD_${number}`]?: D1Database };

/** The directory database. */
export function directoryOf(env: ShardEnv): D1Database {
  return env.DB;
}

/** How many shards this deployment binds: `SHARD_0`, `SHARD_1`, … up to the first gap. */
export function shardCount(env: ShardEnv): number {
  let n = 0;
  while (env[`SHARD_${n}`]) n++;
  return n;
}

/**
 * The database of shard `n`. `null`: a project of an installation from before the shards, whose rows are still in
 * the directory's own tables until `npm run shards:split` moves them (migrations/directory/0030).
 */
export function shardAt(env: ShardEnv, n: number | null): D1Database {
  if (n === null) return env.DB;
  const db = env[`SHARD_${n}`];
  if (!db) throw new Error(`shard ${n} is not bound (SHARD_${n} in wrangler.toml)`);
  return db;
}

/** Every shard with its number, for the work that spans projects (the webhook sweep, the trash purge). */
export function allShards(env: ShardEnv): { shard: number; db: D1Database }[] {
  return Array.from({ length: shardCount(env) }, (_, shard) => ({ shard, db: shardAt(env, shard) }));
}

/**
 * The shard a new project goes to: the one with the fewest projects (ties: the lower number). Bytes would be the
 * better measure, but a new project has none yet and D1 reports a database's size only to the account's API.
 */
export async function placeNewProject(env: ShardEnv): Promise<number> {
  const count = shardCount(env);
  if (count === 0) throw new Error('no shard is bound (SHARD_0 in wrangler.toml)');
  const { results } = await directoryOf(env)
    .prepare('SELECT shard, COUNT(*) AS n FROM projects WHERE shard IS NOT NULL GROUP BY shard')
    .all<{ shard: number; n: number }>();
  const projects = new Map(results.map((r) => [r.shard, r.n]));
  let best = 0;
  for (let s = 1; s < count; s++) if ((projects.get(s) ?? 0) < (projects.get(best) ?? 0)) best = s;
  return best;
}

/** The header that carries a shard's read-your-writes bookmark (D1 Sessions API) between the API and the browser. */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
/** `<shard>:<bookmark>`: the bookmark of another shard (the project moved meanwhile) is not used. */
const BOOKMARK = /^(\d{1,4}):([0-9a-f-]{1,200})$/;

/**
 * Gives a request context its databases: `directory`, and `db` (the project's shard) on project- and mode-scoped
 * routes; elsewhere reading `db` is a programming error and throws. The shard is read through a D1 session (read
 * replicas, docs/architecture.md "Shards"): a read goes to any replica at least as new as the bookmark the caller
 * sends (its own last write), a write to the primary. Returns the session's bookmark to answer with, once the
 * handler has run (null without a shard, and for a project of the directory's own tables).
 */
export function attachDatabases(
  ctx: { directory?: D1Database; db?: D1Database },
  env: ShardEnv,
  access: { shard: number | null } | null,
  request: { method: string; headers: Headers },
): () => string | null {
  ctx.directory = directoryOf(env);
  if (access && access.shard !== null) {
    const shard = shardAt(env, access.shard);
    const sent = BOOKMARK.exec(request.headers.get(BOOKMARK_HEADER) ?? '');
    const from =
      request.method !== 'GET'
        ? 'first-primary'
        : sent && Number(sent[1]) === access.shard
          ? sent[2]!
          : 'first-unconstrained';
    const session = shard.withSession(from);
    // A session reads and writes as the database does (prepare, batch): what every handler uses of it.
    ctx.db = session as unknown as D1Database;
    return () => {
      const bookmark = session.getBookmark();
      return bookmark ? `${access.shard}:${bookmark}` : null;
    };
  }
  if (access) ctx.db = shardAt(env, access.shard);
  else
    Object.defineProperty(ctx, 'db', {
      get() {
        throw new Error('this route has no project: its data is in c.directory');
      },
    });
  return () => null;
}

/** The database of `table` for a request: the directory's tables there, every other one on the project's shard. */
export function dbFor(c: { directory: D1Database; db: D1Database }, table: string): D1Database {
  return isDirectoryTable(table) ? c.directory : c.db;
}
