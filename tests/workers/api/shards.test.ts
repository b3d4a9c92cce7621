import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import WebhookDispatcher, { type DispatcherEnv, type Message } from '../../../workers/webhook-dispatcher/index';
import { api, newProject, shardOf, testEnv, token } from './helpers';
import { CREATE } from './fixtures';

/**
 * Projects spread over two shards behind the directory (docs/architecture.md "Shards"): placement, isolation across
 * shards, where each table's rows land, the audit log over both databases, writes refused during a move, and the
 * webhook engine working on every shard.
 */
const shardNumber = async (projectId: string) =>
  (await testEnv.DB.prepare('SELECT shard FROM projects WHERE id = ?').bind(projectId).first<{ shard: number }>())!
    .shard;
const count = async (db: D1Database, table: string, projectId: string) =>
  (await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ?`).bind(projectId).first<{ n: number }>())!
    .n;

describe('placement: a new project goes to the shard with the fewest projects', () => {
  it('fills the two shards in turn (ties to the lower number), and follows the counts when they differ', async () => {
    const before = await testEnv.DB.prepare(
      'SELECT shard, COUNT(*) AS n FROM projects WHERE shard IS NOT NULL GROUP BY shard',
    ).all<{ shard: number; n: number }>();
    const n = (s: number) => before.results.find((r) => r.shard === s)?.n ?? 0;
    const placed: number[] = [];
    const counts = [n(0), n(1)];
    for (let i = 0; i < 4; i++) {
      const p = await newProject('placement-owner', `Placed ${i}`);
      const expected = counts[1]! < counts[0]! ? 1 : 0;
      placed.push(await shardNumber(p.id));
      expect(placed[i]).toBe(expected);
      counts[expected]!++;
    }
    expect(new Set(placed)).toEqual(new Set([0, 1]));
  });
});

describe('where the rows land', () => {
  it("the project's membership and keys are in the directory, its data and settings on its shard only", async () => {
    const p = await newProject('rows-owner');
    const shard = await shardOf(p.id);
    const other = (await shardNumber(p.id)) === 0 ? testEnv.SHARD_1! : testEnv.SHARD_0!;
    expect((await api('POST', `/projects/${p.id}/test/wallets`, p.ownerToken, CREATE.wallets!())).status).toBe(201);
    expect(await count(testEnv.DB, 'members', p.id)).toBe(1);
    expect(await count(testEnv.DB, 'api_keys', p.id)).toBe(4);
    expect(await count(shard, 'settings', p.id)).toBe(10);
    expect(await count(shard, 'wallets', p.id)).toBe(1);
    for (const table of ['settings', 'wallets', 'audit_log']) expect(await count(other, table, p.id)).toBe(0);
    // The directory's own (pre-shard) tables get nothing of a sharded project.
    for (const table of ['settings', 'wallets']) expect(await count(testEnv.DB, table, p.id)).toBe(0);
  });
});

describe('isolation across shards', () => {
  it("an id of a project on one shard, used on the same owner's project on the other shard, is a 404", async () => {
    const owner = 'cross-shard-owner';
    const first = await newProject(owner, 'First');
    let second = await newProject(owner, 'Second');
    while ((await shardNumber(second.id)) === (await shardNumber(first.id))) second = await newProject(owner, 'Next');
    const t = await token(owner);
    for (const collection of ['wallets', 'users', 'policies', 'contracts', 'webhooks'] as const) {
      const made = await api('POST', `/projects/${first.id}/test/${collection}`, t, CREATE[collection]!());
      expect(made.status, made.text).toBe(201);
      const id = made.body.id as string;
      expect((await api('GET', `/projects/${first.id}/test/${collection}/${id}`, t)).status).toBe(200);
      const there = `/projects/${second.id}/test/${collection}/${id}`;
      expect((await api('GET', there, t)).status, `${collection} GET`).toBe(404);
      expect((await api('DELETE', there, t)).status, `${collection} DELETE`).toBe(404);
      expect((await api('GET', `/projects/${first.id}/test/${collection}/${id}`, t)).status).toBe(200);
    }
    // A secret key of one reaches nothing of the other.
    expect((await api('GET', `/projects/${second.id}/test/wallets`, first.secretTest)).status).toBe(404);
  });
});

describe('the audit log reads both databases', () => {
  it('lists directory actions (rename, key) and shard actions (wallet, settings) in one order, paged, with the total', async () => {
    const p = await newProject('audit-shards-owner');
    const base = `/projects/${p.id}`;
    expect((await api('PATCH', base, p.ownerToken, { name: 'Renamed', version: 1 })).status).toBe(200);
    expect((await api('POST', `${base}/test/wallets`, p.ownerToken, CREATE.wallets!())).status).toBe(201);
    expect((await api('POST', `${base}/test/api-keys`, p.ownerToken, CREATE['api-keys']!())).status).toBe(201);
    expect((await api('POST', `${base}/test/users`, p.ownerToken, CREATE.users!())).status).toBe(201);
    const all = await api('GET', `${base}/audit-log?limit=100`, p.ownerToken);
    expect(all.status).toBe(200);
    const actions = all.body.data.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 4)).toEqual(['user.created', 'api_key.created', 'wallet.created', 'project.renamed']);
    expect(actions).toContain('project.created');
    expect(all.body.total).toBe(all.body.data.length);
    // Page by page: the same entries, none twice.
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.body.total / 2); page++) {
      const r = await api('GET', `${base}/audit-log?limit=2&page=${page}`, p.ownerToken);
      expect(r.body.total).toBe(all.body.total);
      paged.push(...r.body.data.map((e: { id: string }) => e.id));
    }
    expect(paged).toEqual(all.body.data.map((e: { id: string }) => e.id));
    // Oldest first too.
    const asc = await api('GET', `${base}/audit-log?limit=100&order=createdAt:asc`, p.ownerToken);
    expect(asc.body.data.map((e: { id: string }) => e.id)).toEqual(
      [...all.body.data.map((e: { id: string }) => e.id)].reverse(),
    );
  });
});

describe('a project being moved', () => {
  it('answers its writes 503 with Retry-After and keeps answering reads; writes work again after', async () => {
    const p = await newProject('moving-owner');
    const base = `/projects/${p.id}/test`;
    const until = Date.now() + 30_000;
    await testEnv.DB.prepare('UPDATE projects SET moving_until = ? WHERE id = ?').bind(until, p.id).run();
    for (const auth of [p.ownerToken, p.secretTest]) {
      const write = await api('POST', `${base}/wallets`, auth, CREATE.wallets!());
      expect(write.status).toBe(503);
      expect(write.body.error.code).toBe('unavailable');
      expect(write.body.error.message).toMatch(/being moved/);
      expect(Number(write.headers.get('Retry-After'))).toBeGreaterThanOrEqual(25);
      expect((await api('GET', `${base}/wallets`, auth)).status).toBe(200);
    }
    await testEnv.DB.prepare('UPDATE projects SET moving_until = NULL WHERE id = ?').bind(p.id).run();
    expect((await api('POST', `${base}/wallets`, p.ownerToken, CREATE.wallets!())).status).toBe(201);
  });
});

describe('the webhook engine on every shard', () => {
  const kicks = async (): Promise<{ events?: string[]; shard?: number | null }[]> =>
    (await (testEnv.WEBHOOK_DISPATCHER as Fetcher).fetch('https://webhook-dispatcher/kicks')).json();

  it("the API asks the dispatcher with the event's shard, and the cron's sweep finds the events of both shards", async () => {
    const owner = 'hooks-shards-owner';
    const a = await newProject(owner, 'Hooks A');
    let b = await newProject(owner, 'Hooks B');
    while ((await shardNumber(b.id)) === (await shardNumber(a.id))) b = await newProject(owner, 'Hooks next');
    const events: Record<string, string> = {};
    for (const p of [a, b]) {
      const base = `/projects/${p.id}/test`;
      const hook = await api('POST', `${base}/webhooks`, p.ownerToken, {
        url: 'https://hooks.example.com/in',
        topics: ['user.created'],
      });
      expect(hook.status).toBe(201);
      expect((await api('POST', `${base}/users`, p.ownerToken, { name: 'Ada' })).status).toBe(201);
      const ev = await (
        await shardOf(p.id)
      )
        .prepare("SELECT id FROM webhook_events WHERE project_id = ? AND topic = 'user.created'")
        .bind(p.id)
        .first<{ id: string }>();
      events[p.id] = ev!.id;
      const kick = (await kicks()).find((k) => k.events?.includes(ev!.id));
      expect(kick?.shard).toBe(await shardNumber(p.id));
    }
    // As if both kicks were lost: the cron's sweep over every shard enqueues both, each with its shard.
    const sent: Message[] = [];
    const env = {
      DB: testEnv.DB,
      SHARD_0: testEnv.SHARD_0,
      SHARD_1: testEnv.SHARD_1,
      DELIVERIES: {
        send: async (m: Message) => void sent.push(m),
        sendBatch: async (m: { body: Message }[]) => void sent.push(...m.map((x) => x.body)),
      },
      WEBHOOK_DOH_URL: '',
      WEBHOOK_TEST_HOOKS: 'true',
    } as unknown as DispatcherEnv;
    const worker = new WebhookDispatcher(createExecutionContext(), env);
    const res = await worker.fetch(new Request('https://x/__test/sweep?graceMs=0', { method: 'POST' }));
    expect(res.status).toBe(200);
    for (const p of [a, b])
      expect(sent).toContainEqual({ kind: 'event', id: events[p.id], shard: await shardNumber(p.id) });
    // A project in the trash is passed over on its shard, the other's event still found.
    const version = (await api('GET', `/projects/${a.id}`, a.ownerToken)).body.version;
    expect((await api('DELETE', `/projects/${a.id}?version=${version}`, a.ownerToken)).status).toBe(200);
    sent.length = 0;
    await worker.fetch(new Request('https://x/__test/sweep?graceMs=0', { method: 'POST' }));
    expect(sent.map((m) => m.id)).not.toContain(events[a.id]);
    expect(sent.map((m) => m.id)).toContain(events[b.id]);
  });
});

describe('read replicas: the D1 Sessions API with the bookmark handed to the browser', () => {
  it('a write answers its bookmark; a read sent with it sees the write and answers a bookmark as new or newer', async () => {
    const p = await newProject('bookmark-owner');
    const shard = await shardNumber(p.id);
    const base = `/projects/${p.id}/test`;
    const write = await api('POST', `${base}/users`, p.ownerToken, { name: 'Read me' });
    expect(write.status).toBe(201);
    const bookmark = write.headers.get('X-D1-Bookmark');
    expect(bookmark).toMatch(new RegExp(`^${shard}:[0-9a-f-]+$`));
    const read = await api('GET', `${base}/users`, p.ownerToken, undefined, { 'X-D1-Bookmark': bookmark! });
    expect(read.status).toBe(200);
    expect(read.body.data.map((u: { name: string }) => u.name)).toContain('Read me');
    const next = read.headers.get('X-D1-Bookmark')!;
    expect(next.split(':')[1]! >= bookmark!.split(':')[1]!).toBe(true);
    // Another shard's bookmark (the project moved), or something else, is not used: the read is served all the same.
    for (const other of [`${1 - shard}:${bookmark!.split(':')[1]}`, 'not a bookmark'])
      expect((await api('GET', `${base}/users`, p.ownerToken, undefined, { 'X-D1-Bookmark': other })).status).toBe(200);
    // Routes without a project carry none.
    expect((await api('GET', '/projects', p.ownerToken)).headers.get('X-D1-Bookmark')).toBeNull();
  });
});
