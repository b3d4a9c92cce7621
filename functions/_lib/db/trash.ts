import { TRASH_MS } from '../../../src/shared/api/projects';
import type { Role } from '../../../src/shared/api/common';

/**
 * The project trash (docs/api.md "Project trash"): a deleted project keeps its rows with `deleted_at` set for
 * {@link TRASH_MS}; while there, the API hides it (404 to members, `project_deleted` to its keys), the webhook
 * engine sends nothing for it, an owner may restore it, and the scheduled work purges it afterwards.
 */

/** SQL condition: the row's project (column `col`) is not in the trash. */
export const notTrashed = (col: string) => `${col} NOT IN (SELECT id FROM projects WHERE deleted_at IS NOT NULL)`;

/** A user's role in a project and whether the project is in the trash; null when not a member. */
export async function memberAccess(
  db: D1Database,
  projectId: string,
  userId: string,
): Promise<{ role: Role; trashed: boolean } | null> {
  const row = await db
    .prepare(
      'SELECT m.role, p.deleted_at FROM members m JOIN projects p ON p.id = m.project_id WHERE m.project_id = ? AND m.user_id = ?',
    )
    .bind(projectId, userId)
    .first<{ role: Role; deleted_at: number | null }>();
  return row ? { role: row.role, trashed: row.deleted_at !== null } : null;
}

/** Projects at most purged per run (each is one cascading DELETE); the next run takes the rest. */
const PURGE_BATCH = 20;

/**
 * Removes the projects whose time in the trash is over, with all their data (the foreign keys cascade), and records
 * each purge in `project_purges` (its audit log goes with it). Run by the scheduled work of
 * workers/webhook-dispatcher; `now` is the clock (tests inject one). Returns the purged ids.
 */
export async function purgeTrash(db: D1Database, now: number, limit = PURGE_BATCH): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT id FROM projects WHERE deleted_at IS NOT NULL AND deleted_at <= ? ORDER BY deleted_at LIMIT ?')
    .bind(now - TRASH_MS, limit)
    .all<{ id: string }>();
  const purged: string[] = [];
  for (const { id } of results) {
    // Both in one batch, both guarded by "still in the trash and due": a restore in between purges nothing.
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
