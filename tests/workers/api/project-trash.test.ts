import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { apiHandler, createApiApp } from '../../../functions/_lib/api/api-app';
import { purgeTrash, trashOf as engineTrash } from '../../../functions/_lib/db/trash';
import { deliver, fanOut, sweep, type Engine } from '../../../functions/_lib/webhooks/dispatch';
import { TRASH_MS } from '../../../src/shared/api/projects';
import { addMember, api, newProject, projectWithUserEvent, shardOf, testEnv, token } from './helpers';

/**
 * The project trash (docs/api.md "Project trash"): a delete needs the project's version and moves it to the trash
 * for 7 days — hidden from lists, its keys refused, its webhooks paused — an owner restores it, and the scheduled
 * work purges it afterwards (an injected clock, as in key-grace-clock.test.ts), with audit entries for each step.
 */
const db = testEnv.DB;

function clockedApi(clock: { now: number }) {
  const handle = apiHandler(createApiApp(API_ROUTES, { now: () => clock.now }));
  return async (method: string, path: string, auth: string) => {
    const res = await handle(
      new Request(`https://dash.test/api/v1${path}`, { method, headers: { Authorization: `Bearer ${auth}` } }),
      testEnv,
      () => {},
    );
    return { status: res.status, body: await res.json<any>() };
  };
}

const trashOf = async (t: string) => (await api('GET', '/projects/trash', t)).body.data.map((p: any) => p.id);
const listOf = async (t: string) => (await api('GET', '/projects?limit=100', t)).body.data.map((p: any) => p.id);

describe('deleting a project', () => {
  it('needs its current version: missing 400, stale 409, current moves it to the trash for 7 days', async () => {
    const p = await newProject('trash-version-owner', 'Versioned delete');
    const missing = await api('DELETE', `/projects/${p.id}`, p.ownerToken);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('bad_request');
    expect(JSON.stringify(missing.body.error.details)).toContain('version');
    const stale = await api('DELETE', `/projects/${p.id}?version=7`, p.ownerToken);
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toEqual({ reason: 'stale_version' });
    // Nothing happened: the project is still listed and works.
    expect(await listOf(p.ownerToken)).toContain(p.id);

    const done = await api('DELETE', `/projects/${p.id}?version=1`, p.ownerToken);
    expect(done.status).toBe(200);
    expect(Date.parse(done.body.purgeAt) - Date.parse(done.body.deletedAt)).toBe(TRASH_MS);
    expect(done.body.deletedBy).toBe('trash-version-owner');
    // A second delete of the same version finds no project any more.
    expect((await api('DELETE', `/projects/${p.id}?version=2`, p.ownerToken)).status).toBe(404);
  });

  it('is for owners only', async () => {
    const p = await newProject('trash-role-owner', 'Owners delete');
    await addMember(p.id, 'trash-role-admin', 'admin');
    const res = await api('DELETE', `/projects/${p.id}?version=1`, await token('trash-role-admin'));
    expect(res.status).toBe(403);
    expect(await listOf(p.ownerToken)).toContain(p.id);
  });
});

describe('a project in the trash', () => {
  it('is hidden from lists and reads, listed in the trash of its owners only', async () => {
    const p = await newProject('trash-hide-owner', 'Hidden');
    await addMember(p.id, 'trash-hide-admin', 'admin');
    const admin = await token('trash-hide-admin');
    await api('DELETE', `/projects/${p.id}?version=1`, p.ownerToken);
    expect(await listOf(p.ownerToken)).not.toContain(p.id);
    expect(await listOf(admin)).not.toContain(p.id);
    expect((await api('GET', `/projects/${p.id}`, p.ownerToken)).status).toBe(404);
    expect((await api('GET', `/projects/${p.id}/test/wallets`, p.ownerToken)).status).toBe(404);
    expect(await trashOf(p.ownerToken)).toContain(p.id);
    expect(await trashOf(admin)).not.toContain(p.id);
  });

  it('refuses its secret keys with 403 project_deleted, and they work again after the restore', async () => {
    const p = await newProject('trash-keys-owner', 'Keys');
    const wallets = `/projects/${p.id}/test/wallets?limit=1`;
    expect((await api('GET', wallets, p.secretTest)).status).toBe(200);
    await api('DELETE', `/projects/${p.id}?version=1`, p.ownerToken);
    for (const [secret, mode] of [
      [p.secretTest, 'test'],
      [p.secretLive, 'live'],
    ] as const) {
      const refused = await api('GET', `/projects/${p.id}/${mode}/wallets?limit=1`, secret);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('project_deleted');
      expect(refused.body.error.message).toMatch(/restore it from the projects home/);
    }
    expect((await api('POST', `/projects/${p.id}/restore`, p.ownerToken)).status).toBe(200);
    expect((await api('GET', wallets, p.secretTest)).status).toBe(200);
  });

  it('is restored by an owner only (admin 403, non-member 404), once (then 409), with audit entries', async () => {
    const p = await newProject('trash-restore-owner', 'Restore me');
    await addMember(p.id, 'trash-restore-admin', 'admin');
    await api('DELETE', `/projects/${p.id}?version=1`, p.ownerToken);
    const byAdmin = await api('POST', `/projects/${p.id}/restore`, await token('trash-restore-admin'));
    expect(byAdmin.status).toBe(403);
    const byStranger = await api('POST', `/projects/${p.id}/restore`, await token('trash-restore-stranger'));
    expect(byStranger.status).toBe(404);
    const restored = await api('POST', `/projects/${p.id}/restore`, p.ownerToken);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: p.id, name: 'Restore me', version: 3 });
    expect(await listOf(p.ownerToken)).toContain(p.id);
    expect(await trashOf(p.ownerToken)).not.toContain(p.id);
    const again = await api('POST', `/projects/${p.id}/restore`, p.ownerToken);
    expect(again.status).toBe(409);
    const audit = await api('GET', `/projects/${p.id}/audit-log?limit=10`, p.ownerToken);
    expect(audit.body.data.map((e: any) => e.action).slice(0, 2)).toEqual(['project.restored', 'project.deleted']);
  });

  it('pauses its webhooks: no fan-out, no attempt, nothing swept; a restore delivers what waited', async () => {
    const {
      project: p,
      shard,
      eventId,
    } = await projectWithUserEvent('trash-hooks-owner', 'Hooks', 'https://hooks.example.com/in');
    // An event waiting to be fanned out, as a crash would have left it.
    await shard.prepare('UPDATE webhook_events SET dispatched_at = NULL WHERE id = ?').bind(eventId).run();

    const sent: string[] = [];
    const engine: Engine = {
      db: shard,
      trash: engineTrash(
        db,
        (await db.prepare('SELECT shard FROM projects WHERE id = ?').bind(p.id).first<any>()).shard,
      ),
      env: testEnv,
      now: () => Date.now() + 3600_000,
      random: () => 0.5,
      enqueue: async () => {},
      fetch: async (input) => {
        sent.push(String(input instanceof Request ? input.url : input));
        return new Response('ok');
      },
      allowLoopback: false,
      timeoutMs: 5000,
    };
    await api('DELETE', `${'/projects/'}${p.id}?version=1`, p.ownerToken);
    expect(await fanOut(engine, eventId)).toEqual([]);
    const swept = await sweep(engine, 0, 5000);
    expect(swept.events).not.toContain(eventId);

    expect((await api('POST', `/projects/${p.id}/restore`, p.ownerToken)).status).toBe(200);
    expect((await sweep(engine, 0, 5000)).events).toContain(eventId);
    const attempts = await fanOut(engine, eventId);
    expect(attempts).toHaveLength(1);

    // A pending attempt is not sent while the project is in the trash, and is sent after the restore.
    const p2 = await api('GET', `/projects/${p.id}`, p.ownerToken);
    await api('DELETE', `/projects/${p.id}?version=${p2.body.version}`, p.ownerToken);
    const paused = await deliver(engine, attempts[0]!);
    expect(paused.kind).toBe('skipped');
    expect(sent).toEqual([]);
    expect((await sweep(engine, 0, 5000)).deliveries).not.toContain(attempts[0]);
    expect((await api('POST', `/projects/${p.id}/restore`, p.ownerToken)).status).toBe(200);
    expect((await sweep(engine, 0, 5000)).deliveries).toContain(attempts[0]);
    const sentNow = await deliver(engine, attempts[0]!);
    expect(sentNow).toMatchObject({ kind: 'sent', status: 'succeeded' });
    expect(sent).toEqual(['https://hooks.example.com/in']);
  });
});

describe('the trash as a list', () => {
  it('pages, counts, sorts by name or deletion and filters by name; bad parameters answer 400', async () => {
    const owner = 'trash-list-owner';
    const names = ['Gamma trash', 'Alpha trash', 'Beta kept name', 'Delta trash'];
    const made = [];
    for (const name of names) {
      const p = await newProject(owner, name);
      await api('DELETE', `/projects/${p.id}?version=1`, p.ownerToken);
      made.push(p);
    }
    const t = made[0]!.ownerToken;
    const page = async (q: string) => (await api('GET', `/projects/trash?${q}`, t)).body;

    // Newest deletion first by default, with the list's page, limit and count.
    const first = await page('limit=2');
    expect(first.data.map((p: any) => p.name)).toEqual(['Delta trash', 'Beta kept name']);
    expect([first.page, first.limit, first.total]).toEqual([1, 2, 4]);
    expect((await page('limit=2&page=2')).data.map((p: any) => p.name)).toEqual(['Alpha trash', 'Gamma trash']);
    expect((await page('order=name:asc')).data.map((p: any) => p.name)).toEqual([
      'Alpha trash',
      'Beta kept name',
      'Delta trash',
      'Gamma trash',
    ]);
    const filtered = await page(
      `filters=${encodeURIComponent(JSON.stringify([{ field: 'name', op: 'contains', value: 'trash' }]))}`,
    );
    expect(filtered.data.map((p: any) => p.name)).toEqual(['Delta trash', 'Alpha trash', 'Gamma trash']);
    expect(filtered.total).toBe(3);
    for (const p of first.data) expect(p).toMatchObject({ role: 'owner', deletedBy: owner });

    for (const bad of ['order=createdAt:asc', 'limit=0', 'filters=%5B%7B%22field%22%3A%22plan%22%7D%5D']) {
      const res = await api('GET', `/projects/trash?${bad}`, t);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code, bad).toBe('bad_request');
    }
  });
});

describe('the scheduled purge', () => {
  it('removes a project 7 days after its delete (not a moment before), with its data, and records the purge', async () => {
    const p = await newProject('trash-purge-owner', 'Purge me');
    const shard = await shardOf(p.id);
    await api('POST', `/projects/${p.id}/test/users`, p.ownerToken, { name: 'Grace' });
    const clock = { now: Date.now() };
    const call = clockedApi(clock);
    const deletedAt = clock.now;
    expect((await call('DELETE', `/projects/${p.id}?version=1`, p.ownerToken)).status).toBe(200);

    expect(await purgeTrash(testEnv, deletedAt + TRASH_MS - 1)).not.toContain(p.id);
    clock.now = deletedAt + TRASH_MS - 1;
    // Still restorable on its last day: restore, delete again (a new 7 days start), then let them pass.
    expect((await call('POST', `/projects/${p.id}/restore`, p.ownerToken)).status).toBe(200);
    const again = clock.now;
    expect((await call('DELETE', `/projects/${p.id}?version=3`, p.ownerToken)).status).toBe(200);
    expect(await purgeTrash(testEnv, again + TRASH_MS - 1)).not.toContain(p.id);
    // Its 7 days are over: the purge may have begun (shard rows first), so it is no longer restorable.
    clock.now = again + TRASH_MS;
    const late = await call('POST', `/projects/${p.id}/restore`, p.ownerToken);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/time there is over/);
    expect(await purgeTrash(testEnv, again + TRASH_MS)).toContain(p.id);

    expect(await db.prepare('SELECT id FROM projects WHERE id = ?').bind(p.id).first()).toBeNull();
    const users = await shard.prepare('SELECT COUNT(*) AS n FROM users WHERE project_id = ?').bind(p.id).first<any>();
    expect(users.n).toBe(0);
    const record = await db.prepare('SELECT * FROM project_purges WHERE project_id = ?').bind(p.id).first<any>();
    expect(record).toMatchObject({ name: 'Purge me', deleted_at: again, deleted_by: 'trash-purge-owner' });
    expect(record.purged_at).toBe(again + TRASH_MS);
    expect(JSON.parse(record.members)).toEqual([
      expect.objectContaining({ userId: 'trash-purge-owner', role: 'owner' }),
    ]);
    clock.now = again + TRASH_MS + 1;
    expect((await call('POST', `/projects/${p.id}/restore`, p.ownerToken)).status).toBe(404);
    expect(await trashOf(p.ownerToken)).not.toContain(p.id);
  });
});
