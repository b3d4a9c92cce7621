import { TRASH_MS } from '../../../src/shared/api/projects';
import type { Role } from '../../../src/shared/api/common';
import { SHARD_TABLES, directoryOf, shardAt, type ShardEnv } from './shards';
import { WITHOUT_ROWID_TABLES } from './shard-tables';

/**
 * The project trash (docs/api.md "Project trash"): a deleted project keeps its rows with `deleted_at` set for
 * {@link TRASH_MS}; while there, the API hides it (404 to members, `project_deleted` to its keys), the webhook
 * engine sends nothing for it, an owner may restore it, and the scheduled work purges it afterwards.
 */

/**
 * The webhook engine's view of the trash (the directory's): whether a project is in it, and the trashed projects with
 * rows on shard `shard` (null: the directory's own tables of an installation from before the shards).
 */
export function trashOf(directory: D1Database, shard: number | null) {
  return {
    async has(projectId: string): Promise<boolean> {
      const row = await directory
        .prepare('SELECT deleted_at FROM projects WHERE id = ?')
        .bind(projectId)
        .first<{ deleted_at: number | null }>();
      // A project that is gone (purged) is as good as trashed: nothing of it is sent.
      return !row || row.deleted_at !== null;
    },
    async onShard(): Promise<string[]> {
      const { results } = await directory
        .prepare('SELECT id FROM projects WHERE deleted_at IS NOT NULL AND shard IS ?')
        .bind(shard)
        .all<{ id: string }>();
      return results.map((r) => r.id);
    },
  };
}

/** A user's role in a project, whether the project is in the trash and where it lives; null when not a member. */
export async function memberAccess(
  db: D1Database,
  projectId: string,
  userId: string,
): Promise<{ role: Role; trashed: boolean; shard: number | null; movingUntil: number | null } | null> {
  const row = await db
    .prepare(
      'SELECT m.role, p.deleted_at, p.shard, p.moving_until FROM members m JOIN projects p ON p.id = m.project_id WHERE m.project_id = ? AND m.user_id = ?',
    )
    .bind(projectId, userId)
    .first<{ role: Role; deleted_at: number | null; shard: number | null; moving_until: number | null }>();
  return row
    ? { role: row.role, trashed: row.deleted_at !== null, shard: row.shard, movingUntil: row.moving_until }
    : null;
}

/** Projects at most purged per run; the next run takes the rest. */
const PURGE_BATCH = 20;
/** Rows of one shard table deleted per statement (a large project goes in many short statements). */
const PURGE_ROWS = 5_000;

/**
 * Removes the projects whose time in the trash is over, with all their data, and records each purge in
 * `project_purges` (its audit log goes with it). The project's rows on its shard go first, table by table in short
 * statements; then, in one batch, the directory's (the foreign keys cascade there). A run cut short leaves the project
 * in the trash and the next run goes on; a project is no longer restorable once its 7 days are over, so nothing
 * restores a half-purged one. Run by the scheduled work of workers/webhook-dispatcher; `now` is the clock (tests
 * inject one). Returns the purged ids.
 */
export async function purgeTrash(env: ShardEnv, now: number, limit = PURGE_BATCH): Promise<string[]> {
  const db = directoryOf(env);
  const { results } = await db
    .prepare(
      'SELECT id, shard FROM projects WHERE deleted_at IS NOT NULL AND deleted_at <= ? ORDER BY deleted_at LIMIT ?',
    )
    .bind(now - TRASH_MS, limit)
    .all<{ id: string; shard: number | null }>();
  const purged: string[] = [];
  for (const { id, shard } of results) {
    if (shard !== null) await deleteProjectRows(shardAt(env, shard), id);
    const [record] = await db.batch([
      db
        .prepare(
          `INSERT OR REPLACE INTO project_purges (project_id, name, deleted_at, deleted_by, purged_at, members)
           SELECT id, name, deleted_at, deleted_by, ?1,
             (SELECT json_group_array(json_object('userId', user_id, 'email', email, 'role', role)) FROM members WHERE project_id = projects.id)
           FROM projects WHERE id = ?2 AND deleted_at IS NOT NULL AND deleted_at <= ?3`,
        )
        .bind(now, id, now - TRASH_MS),
      db
        .prepare('DELETE FROM projects WHERE id = ? AND deleted_at IS NOT NULL AND deleted_at <= ?')
        .bind(id, now - TRASH_MS),
    ]);
    if (record!.meta.changes) purged.push(id);
  }
  return purged;
}

/**
 * Every row of a project on a shard (or in the directory's own tables), children first, in statements of at most
 * {@link PURGE_ROWS} rows; the tables in `keep` are left as they are.
 */
export async function deleteProjectRows(
  shard: D1Database,
  projectId: string,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const table of SHARD_TABLES) {
    if (table === 'transaction_statuses' || keep.has(table)) continue; // statuses go with their transactions (cascade)
    if (WITHOUT_ROWID_TABLES.has(table)) {
      await shard.prepare(`DELETE FROM ${table} WHERE project_id = ?`).bind(projectId).run();
      continue;
    }
    for (;;) {
      const res = await shard
        .prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE project_id = ? LIMIT ?)`)
        .bind(projectId, PURGE_ROWS)
        .run();
      if (res.meta.changes < PURGE_ROWS) break;
    }
  }
}
