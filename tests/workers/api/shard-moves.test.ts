import { describe, expect, it } from 'vitest';
import { abortMove, moveProject } from '../../../functions/_lib/db/project-copy';
import { shardAt } from '../../../functions/_lib/db/shards';
import { SHARD_TABLES } from '../../../functions/_lib/db/shard-tables';
import { addr, CREATE } from './fixtures';
import { api, moveIntoDirectory, newProject, testEnv } from './helpers';

/**
 * Moving a project between databases (docs/architecture.md "Shards"): `shards:move` from one shard to the other,
 * stopped and resumed or given up, `shards:split` from the directory's own tables of an installation from before the
 * shards, and a project of 100,000 rows. Each time the API answers the same before and after.
 */
const shardOfProject = async (id: string) =>
  (await testEnv.DB.prepare('SELECT shard, moving_until, moving_to FROM projects WHERE id = ?')
    .bind(id)
    .first<{ shard: number | null; moving_until: number | null; moving_to: number | null }>())!;
const otherShard = (n: number | null) => (n === 0 ? 1 : 0);
const rowsOn = async (db: D1Database, projectId: string) => {
  let n = 0;
  for (const t of SHARD_TABLES)
    if (t !== 'transaction_statuses')
      n += (await db.prepare(`SELECT COUNT(*) AS n FROM ${t} WHERE project_id = ?`).bind(projectId).first<any>()).n;
  return n;
};

/** A project with rows in most tables: users with identities, wallets, transactions with their statuses, a policy with
 * a rule, a contract, a webhook with an event, settings, the audit log. */
async function busyProject(owner: string) {
  const p = await newProject(owner);
  const base = `/projects/${p.id}/test`;
  const must = async (r: Promise<{ status: number; body: any; text: string }>) => {
    const res = await r;
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };
  await must(
    api('POST', `${base}/webhooks`, p.ownerToken, { url: 'https://hooks.example.com/in', topics: ['user.created'] }),
  );
  const user = await must(api('POST', `${base}/users`, p.ownerToken, { name: 'Ada', email: 'ada@example.com' }));
  const wallet = await must(
    api('POST', `${base}/wallets`, p.ownerToken, { ...(CREATE.wallets!() as object), userId: user.id }),
  );
  const policy = await must(api('POST', `${base}/policies`, p.ownerToken, CREATE.policies!()));
  await must(api('POST', `${base}/contracts`, p.ownerToken, CREATE.contracts!()));
  for (let i = 0; i < 3; i++)
    await must(
      api('POST', `${base}/transactions`, p.ownerToken, {
        chainId: 1,
        accountId: wallet.id,
        policyId: policy.id,
        interactions: [{ to: addr(9 + i), value: '0' }],
      }),
    );
  await must(api('PATCH', `/projects/${p.id}`, p.ownerToken, { name: 'Busy', version: 1 }));
  return { ...p, base };
}

/** What the API answers about the project: compared before and after a move. */
async function snapshot(p: { id: string; ownerToken: string; base: string }) {
  const get = async (path: string) => {
    const r = await api('GET', path, p.ownerToken);
    expect(r.status, `${path}: ${r.text}`).toBe(200);
    return r.body;
  };
  return {
    users: await get(`${p.base}/users?limit=100`),
    wallets: await get(`${p.base}/wallets?limit=100`),
    transactions: await get(`${p.base}/transactions?limit=100`),
    policies: await get(`${p.base}/policies?limit=100`),
    webhooks: await get(`${p.base}/webhooks?limit=100`),
    events: await get(`${p.base}/event-log?limit=100`),
    settings: await get(`${p.base}/auth/security`),
    audit: await get(`/projects/${p.id}/audit-log?limit=100`),
  };
}

describe('shards:move', () => {
  it('moves every row, verified, switches the directory and clears the old shard; the API answers the same', async () => {
    const p = await busyProject('move-owner');
    const before = await snapshot(p);
    const from = (await shardOfProject(p.id)).shard!;
    const rowsBefore = await rowsOn(shardAt(testEnv, from), p.id);
    const report = await moveProject(testEnv, p.id, otherShard(from), { settleMs: 0 });
    expect(report).toMatchObject({ from, to: otherShard(from), resumed: false });
    expect(report.tables.find((t) => t.table === 'transactions')!.rows).toBe(3);
    expect(report.tables.find((t) => t.table === 'transaction_statuses')!.rows).toBeGreaterThanOrEqual(3);
    expect(await shardOfProject(p.id)).toEqual({ shard: otherShard(from), moving_until: null, moving_to: null });
    expect(await rowsOn(shardAt(testEnv, from), p.id)).toBe(0);
    expect(await rowsOn(shardAt(testEnv, otherShard(from)), p.id)).toBe(rowsBefore);
    expect(await snapshot(p)).toEqual(before);
    // Writes go to the new shard.
    expect((await api('POST', `${p.base}/users`, p.ownerToken, { name: 'After' })).status).toBe(201);
    expect((await api('GET', `${p.base}/users`, p.ownerToken)).body.total).toBe(before.users.total + 1);
  });

  it('stopped half-way: read-only meanwhile; run again, it goes on and finishes with the same rows', async () => {
    const p = await busyProject('move-stop-owner');
    const before = await snapshot(p);
    const from = (await shardOfProject(p.id)).shard!;
    await expect(moveProject(testEnv, p.id, otherShard(from), { settleMs: 0, stopAfterPages: 4 })).rejects.toThrow(
      /stopped/,
    );
    const write = await api('POST', `${p.base}/users`, p.ownerToken, { name: 'Meanwhile' });
    expect(write.status).toBe(503);
    expect(write.headers.get('Retry-After')).toBeTruthy();
    expect((await snapshot(p)).users).toEqual(before.users);
    const report = await moveProject(testEnv, p.id, otherShard(from), { settleMs: 0 });
    expect(report.resumed).toBe(true);
    expect((await shardOfProject(p.id)).shard).toBe(otherShard(from));
    expect(await snapshot(p)).toEqual(before);
  });

  it('stopped and given up: the copied rows go, the project is writable on its shard again', async () => {
    const p = await busyProject('move-abort-owner');
    const from = (await shardOfProject(p.id)).shard!;
    await expect(moveProject(testEnv, p.id, otherShard(from), { settleMs: 0, stopAfterPages: 3 })).rejects.toThrow();
    expect(await rowsOn(shardAt(testEnv, otherShard(from)), p.id)).toBeGreaterThan(0);
    await abortMove(testEnv, p.id);
    expect(await rowsOn(shardAt(testEnv, otherShard(from)), p.id)).toBe(0);
    expect(await shardOfProject(p.id)).toEqual({ shard: from, moving_until: null, moving_to: null });
    expect((await api('POST', `${p.base}/users`, p.ownerToken, { name: 'Writable' })).status).toBe(201);
  });

  it('a project of 100,000 rows moves in pages and verifies', { timeout: 120_000 }, async () => {
    const p = await newProject('move-big-owner');
    const from = (await shardOfProject(p.id)).shard!;
    const source = shardAt(testEnv, from);
    const N = 100_000;
    const t0 = Date.now() - N;
    for (let i = 0; i < N; i += 5_000)
      await source
        .prepare(
          `INSERT INTO users (id, project_id, mode, name, created_at, updated_at)
           SELECT 'pla_big-' || value, ?1, 'test', 'User ' || value, ?2 + value, ?2 + value FROM json_each(?3)`,
        )
        .bind(p.id, t0, JSON.stringify(Array.from({ length: Math.min(5_000, N - i) }, (_, k) => i + k)))
        .run();
    const listBefore = (await api('GET', `/projects/${p.id}/test/users?limit=5`, p.ownerToken)).body;
    expect(listBefore.total).toBe(N);
    const started = Date.now();
    const report = await moveProject(testEnv, p.id, otherShard(from), { settleMs: 0 });
    console.log(`moved ${N} users in ${Date.now() - started} ms`);
    expect(report.tables.find((t) => t.table === 'users')!.rows).toBe(N);
    expect(report.tables.find((t) => t.table === 'row_counts')!.rows).toBeGreaterThan(0);
    expect((await api('GET', `/projects/${p.id}/test/users?limit=5`, p.ownerToken)).body).toEqual(listBefore);
    expect(await rowsOn(source, p.id)).toBe(0);
  });
});

describe('shards:split', () => {
  it("moves a pre-shard project out of the directory's own tables; its old audit entries stay listed", async () => {
    const p = await busyProject('split-owner');
    const before = await snapshot(p);
    const placed = (await shardOfProject(p.id)).shard!;
    // As an installation from before the shards had it: every row in the directory's own tables, shard NULL.
    await moveIntoDirectory(p.id, placed);
    expect((await shardOfProject(p.id)).shard).toBeNull();
    expect(await snapshot(p)).toEqual(before);

    const report = await moveProject(testEnv, p.id, 1, { settleMs: 0 });
    expect(report.from).toBeNull();
    expect(report.tables.map((t) => t.table)).not.toContain('audit_log');
    expect((await shardOfProject(p.id)).shard).toBe(1);
    expect(await snapshot(p)).toEqual(before);
    // Only the directory's audit (and idempotency) rows of the project are left in its own tables.
    const left = await rowsOn(testEnv.DB, p.id);
    const audit = (
      await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE project_id = ?').bind(p.id).first<any>()
    ).n;
    expect(left).toBe(audit);
  });
});
