import type { Mode } from '../../../src/shared/api/common';

export interface ApiKeyRow {
  id: string;
  project_id: string;
  mode: Mode;
  type: 'publishable' | 'secret' | 'shield';
  name: string;
  scopes: string;
  public_key: string | null;
  key_hash: string | null;
  hint: string;
  created_at: number;
  updated_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  expires_at: number | null;
  replaced_by: string | null;
  version: number;
}

/** The active secret key with this hash (not revoked, not past its rotation grace period). */
export async function findActiveKeyByHash(
  db: D1Database,
  hash: string,
  now: number,
): Promise<{ id: string; projectId: string; mode: Mode; scopes: string[]; projectTrashed: boolean } | null> {
  const row = await db
    .prepare(
      `SELECT id, project_id, mode, scopes, (SELECT deleted_at FROM projects WHERE projects.id = api_keys.project_id) AS project_deleted_at
       FROM api_keys WHERE key_hash = ? AND type = 'secret' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)`,
    )
    .bind(hash, now)
    .first<{ id: string; project_id: string; mode: Mode; scopes: string; project_deleted_at: number | null }>();
  return row
    ? {
        id: row.id,
        projectId: row.project_id,
        mode: row.mode,
        scopes: parseScopes(row.scopes),
        projectTrashed: row.project_deleted_at !== null,
      }
    : null;
}

/** Records a key's last use, at most once a minute per key. */
export async function touchKey(db: D1Database, id: string, now: number): Promise<void> {
  await db
    .prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)')
    .bind(now, id, now - 60_000)
    .run();
}

/** A key's stored scopes; anything unreadable grants nothing. */
function parseScopes(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
