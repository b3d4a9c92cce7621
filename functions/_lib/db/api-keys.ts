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
  /** JSON array of canonical addresses and CIDR ranges (migrations/directory/0031); `[]`: any address. */
  allowed_ips: string;
  rate_limit_per_minute: number | null;
}

/** The active secret key with this hash (not revoked, not past its rotation grace period). */
export async function findActiveKeyByHash(
  db: D1Database,
  hash: string,
  now: number,
): Promise<{
  id: string;
  projectId: string;
  mode: Mode;
  scopes: string[];
  projectTrashed: boolean;
  shard: number | null;
  movingUntil: number | null;
  allowedIps: string[];
  rateLimitPerMinute: number | null;
} | null> {
  const row = await db
    .prepare(
      `SELECT k.id, k.project_id, k.mode, k.scopes, k.allowed_ips, k.rate_limit_per_minute, p.deleted_at AS project_deleted_at, p.shard, p.moving_until
       FROM api_keys k JOIN projects p ON p.id = k.project_id WHERE k.key_hash = ? AND k.type = 'secret' AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?)`,
    )
    .bind(hash, now)
    .first<{
      id: string;
      project_id: string;
      mode: Mode;
      scopes: string;
      allowed_ips: string;
      rate_limit_per_minute: number | null;
      project_deleted_at: number | null;
      shard: number | null;
      moving_until: number | null;
    }>();
  return row
    ? {
        id: row.id,
        projectId: row.project_id,
        mode: row.mode,
        scopes: parseScopes(row.scopes),
        projectTrashed: row.project_deleted_at !== null,
        shard: row.shard,
        movingUntil: row.moving_until,
        allowedIps: parseAllowlist(row.allowed_ips),
        rateLimitPerMinute: row.rate_limit_per_minute,
      }
    : null;
}

/** When this isolate last sent a key's `last_used_at`. */
const touched = new Map<string, number>();
/** Keys tracked by {@link touchKey} per isolate; the oldest go first beyond it. */
const MAX_TOUCHED = 1000;

/**
 * Notes a key's use (`last_used_at`, to the minute): at most one write per key and minute from an isolate. The
 * statement itself writes only when the stored time is a minute old, but sent for every request it cost a D1 round
 * trip after each answer, which the next request of the same caller then waited behind.
 */
export async function touchKey(db: D1Database, id: string, now: number): Promise<void> {
  const last = touched.get(id);
  if (last !== undefined && now >= last && now - last < 60_000) return;
  touched.delete(id);
  touched.set(id, now);
  if (touched.size > MAX_TOUCHED) touched.delete(touched.keys().next().value!);
  await db
    .prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)')
    .bind(now, id, now - 60_000)
    .run();
}

/** A key's stored allowlist; unreadable, it lets no address in (an entry that does not parse matches nothing). */
function parseAllowlist(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    if (Array.isArray(v)) return v.map(String);
  } catch {
    // Falls through: closed.
  }
  return ['unreadable'];
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
