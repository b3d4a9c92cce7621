import type { Row } from './core';
import { dbFor } from './shards';

/**
 * Names for the audit log (issue 19.7: "API key 'CI deploy'", not a bare id): the target of each entry by its type,
 * and the actor (an API key's name, a member's name or email), read with one query per kind of target for the whole
 * page (ids as one JSON parameter), inside the project. An object deleted since has no name (null).
 */
const TARGET_NAMES: Readonly<Record<string, { table: string; name: string }>> = {
  api_keys: { table: 'api_keys', name: 'name' },
  backend_wallets: { table: 'backend_wallets', name: 'name' },
  contracts: { table: 'contracts', name: 'name' },
  events: { table: 'events', name: 'name' },
  policies: { table: 'policies', name: 'name' },
  webhooks: { table: 'webhooks', name: 'COALESCE(description, url)' },
  users: { table: 'users', name: 'COALESCE(name, email)' },
  wallets: { table: 'wallets', name: 'address' },
  transactions: { table: 'transactions', name: 'transaction_hash' },
  invites: { table: 'invites', name: 'email' },
  projects: { table: 'projects', name: 'name' },
};

async function namesOf(
  db: D1Database,
  projectId: string,
  sql: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { results } = await db
    .prepare(sql)
    .bind(JSON.stringify([...new Set(ids)]), projectId)
    .all<{ id: string; name: string | null }>();
  return new Map(results.filter((r) => r.name !== null).map((r) => [r.id, r.name!]));
}

/** Sets `_actor_name` and `_target_name` (or null) on each audit row of the page. */
export async function attachAuditNames(
  dbs: { directory: D1Database; db: D1Database },
  projectId: string,
  rows: Row[],
): Promise<void> {
  const byType = new Map<string, string[]>();
  for (const r of rows)
    if (typeof r.target_id === 'string' && TARGET_NAMES[r.target_type as string])
      byType.set(r.target_type as string, [...(byType.get(r.target_type as string) ?? []), r.target_id]);
  const idsOf = (type: string) => rows.filter((r) => r.actor_type === type).map((r) => r.actor_id as string);
  const [targets, keys, members] = await Promise.all([
    Promise.all(
      [...byType].map(async ([type, ids]) => {
        const t = TARGET_NAMES[type]!;
        const scope = t.table === 'projects' ? 'id = ?2' : 'project_id = ?2';
        const names = await namesOf(
          dbFor(dbs, t.table),
          projectId,
          `SELECT id, ${t.name} AS name FROM ${t.table} WHERE id IN (SELECT value FROM json_each(?1)) AND ${scope}`,
          ids,
        );
        return [type, names] as const;
      }),
    ),
    namesOf(
      dbs.directory,
      projectId,
      'SELECT id, name FROM api_keys WHERE id IN (SELECT value FROM json_each(?1)) AND project_id = ?2',
      idsOf('key'),
    ),
    namesOf(
      dbs.directory,
      projectId,
      'SELECT user_id AS id, COALESCE(name, email) AS name FROM members WHERE user_id IN (SELECT value FROM json_each(?1)) AND project_id = ?2',
      idsOf('user'),
    ),
  ]);
  const targetNames = new Map(targets);
  for (const r of rows) {
    r._target_name = targetNames.get(r.target_type as string)?.get(r.target_id as string) ?? null;
    r._actor_name = (r.actor_type === 'key' ? keys : members).get(r.actor_id as string) ?? null;
  }
}
