import type { Mode, Role } from '../../../src/shared/api/common';
import { MODES } from '../../../src/shared/api/common';
import { SETTINGS_DEFAULTS, type SettingsKind } from '../../../src/shared/api/settings';
import { newId } from '../../../src/shared/api/ids';
import { insertStmt } from './core';

export interface ProjectRow {
  id: string;
  name: string;
  parent_id: string | null;
  plan: string;
  created_at: number;
  updated_at: number;
  version: number;
  role?: Role;
}

export interface MemberRow {
  project_id: string;
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  created_at: number;
  updated_at: number;
  version: number;
}

export interface NewKey {
  id: string;
  mode: Mode;
  type: 'publishable' | 'secret';
  name: string;
  publicKey: string | null;
  keyHash: string | null;
  hint: string;
}

/**
 * The directory's statements creating a project on shard `shard` with its owner membership and publishable and
 * secret keys for both modes. Run them in one `batch()` so a failure leaves nothing behind; the project's settings
 * are on its shard ({@link projectSettingsStatements}), written first.
 */
export function createProjectStatements(
  directory: D1Database,
  p: {
    id: string;
    name: string;
    parentId: string | null;
    owner: { userId: string; email: string };
    now: number;
    keys: NewKey[];
    shard: number;
  },
): D1PreparedStatement[] {
  const db = directory;
  const out = [
    insertStmt(db, 'projects', {
      id: p.id,
      name: p.name,
      parent_id: p.parentId,
      shard: p.shard,
      plan: 'free',
      created_at: p.now,
      updated_at: p.now,
      version: 1,
    }),
    insertStmt(db, 'members', {
      project_id: p.id,
      user_id: p.owner.userId,
      email: p.owner.email,
      name: null,
      role: 'owner',
      created_at: p.now,
      updated_at: p.now,
      version: 1,
    }),
  ];
  for (const k of p.keys) {
    out.push(
      insertStmt(db, 'api_keys', {
        id: k.id,
        project_id: p.id,
        mode: k.mode,
        type: k.type,
        name: k.name,
        // Secret keys do everything a key may (docs/api.md "Secret-key scopes"); publishable keys have no scope.
        scopes: k.type === 'secret' ? '["read","write"]' : '[]',
        public_key: k.publicKey,
        key_hash: k.keyHash,
        hint: k.hint,
        created_at: p.now,
        updated_at: p.now,
        version: 1,
      }),
    );
  }
  return out;
}

/**
 * A new project's default settings of both modes, on its shard. Written before the directory's rows (so a project
 * is never seen without them) and idempotent: settings left by a create whose directory write failed belong to no
 * project and are taken over by nothing (project ids are never reused).
 */
export function projectSettingsStatements(shard: D1Database, projectId: string, now: number): D1PreparedStatement[] {
  return MODES.flatMap((mode) =>
    (Object.entries(SETTINGS_DEFAULTS) as [SettingsKind, unknown][]).map(([kind, data]) =>
      shard
        .prepare(
          `INSERT OR IGNORE INTO settings (project_id, mode, kind, data, secrets, updated_at, version)
           VALUES (?, ?, ?, ?, '{}', ?, 1)`,
        )
        .bind(projectId, mode, kind, JSON.stringify(data), now),
    ),
  );
}

/** Role of a user in a project, or null when not a member. */
export async function memberRole(db: D1Database, projectId: string, userId: string): Promise<Role | null> {
  const row = await db
    .prepare('SELECT role FROM members WHERE project_id = ? AND user_id = ?')
    .bind(projectId, userId)
    .first<{ role: Role }>();
  return row?.role ?? null;
}

/** Turns unexpired invites for a verified email into memberships (all of them, or for one project). */
export async function claimInvites(
  db: D1Database,
  user: { userId: string; email: string },
  now: number,
  projectId?: string,
): Promise<number> {
  const { results } = await db
    .prepare(
      `SELECT id, project_id, role FROM invites WHERE email = ? AND expires_at > ?${projectId ? ' AND project_id = ?' : ''}`,
    )
    .bind(...[user.email, now, ...(projectId ? [projectId] : [])])
    .all<{ id: string; project_id: string; role: Role }>();
  if (!results.length) return 0;
  const stmts = results.flatMap((inv) => [
    db
      .prepare(
        'INSERT OR IGNORE INTO members (project_id, user_id, email, name, role, created_at, updated_at, version) VALUES (?, ?, ?, NULL, ?, ?, ?, 1)',
      )
      .bind(inv.project_id, user.userId, user.email, inv.role, now, now),
    db.prepare('DELETE FROM invites WHERE id = ?').bind(inv.id),
    db
      .prepare(
        `INSERT INTO audit_log (id, project_id, mode, actor_type, actor_id, action, target_type, target_id, details, created_at) VALUES (?, ?, NULL, 'user', ?, 'member.joined', 'member', ?, ?, ?)`,
      )
      .bind(
        newId('aud'),
        inv.project_id,
        user.userId,
        user.userId,
        JSON.stringify({ email: user.email, role: inv.role }),
        now,
      ),
  ]);
  await db.batch(stmts);
  return results.length;
}

/** Owners left in a project. */
export async function ownerCount(db: D1Database, projectId: string): Promise<number> {
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM members WHERE project_id = ? AND role = 'owner'`)
    .bind(projectId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
