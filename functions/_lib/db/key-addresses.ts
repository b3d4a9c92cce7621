/**
 * The most recent distinct client addresses of each secret key (migrations/directory/0031, docs/api.md "Key
 * restrictions"): written after the response, at most once a minute per key and address in each isolate; the
 * requests counted in between are added with the next write. At most KEPT addresses per key stay.
 */
export const KEPT_ADDRESSES = 10;
const WRITE_EVERY_MS = 60_000;
/** Entries of the in-isolate throttle; past this the oldest go (their pending counts are written at their next use). */
const MAX_TRACKED = 2_000;

const pending = new Map<string, { count: number; writtenAt: number }>();

/**
 * Counts a request of `keyId` from `address`; returns the write to run after the response when this pair has not been
 * written for a minute in this isolate (null otherwise).
 */
export function noteKeyAddress(
  db: D1Database,
  keyId: string,
  address: string,
  now: number,
): (() => Promise<void>) | null {
  const k = `${keyId} ${address}`;
  const entry = pending.get(k) ?? { count: 0, writtenAt: 0 };
  entry.count++;
  pending.delete(k);
  pending.set(k, entry);
  if (pending.size > MAX_TRACKED) pending.delete(pending.keys().next().value!);
  if (now - entry.writtenAt < WRITE_EVERY_MS) return null;
  const count = entry.count;
  entry.count = 0;
  entry.writtenAt = now;
  return () => recordKeyAddress(db, keyId, address, count, now);
}

/** Adds `count` requests from `address` to the key's list and keeps its KEPT_ADDRESSES most recent addresses. */
export async function recordKeyAddress(
  db: D1Database,
  keyId: string,
  address: string,
  count: number,
  now: number,
): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO api_key_addresses (key_id, address, first_seen_at, last_seen_at, request_count) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (key_id, address) DO UPDATE SET last_seen_at = MAX(last_seen_at, excluded.last_seen_at),
           request_count = request_count + excluded.request_count`,
      )
      .bind(keyId, address, now, now, count),
    db
      .prepare(
        `DELETE FROM api_key_addresses WHERE key_id = ?1 AND address NOT IN
           (SELECT address FROM api_key_addresses WHERE key_id = ?1 ORDER BY last_seen_at DESC, address LIMIT ?2)`,
      )
      .bind(keyId, KEPT_ADDRESSES),
  ]);
}

export interface KeyAddressRow {
  address: string;
  first_seen_at: number;
  last_seen_at: number;
  request_count: number;
}

/** The key's recent addresses, newest first. */
export async function recentKeyAddresses(db: D1Database, keyId: string): Promise<KeyAddressRow[]> {
  const { results } = await db
    .prepare(
      'SELECT address, first_seen_at, last_seen_at, request_count FROM api_key_addresses WHERE key_id = ? ORDER BY last_seen_at DESC, address LIMIT ?',
    )
    .bind(keyId, KEPT_ADDRESSES)
    .all<KeyAddressRow>();
  return results;
}
