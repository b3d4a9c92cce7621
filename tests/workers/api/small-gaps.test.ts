import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { apiHandler, createApiApp } from '../../../functions/_lib/api/api-app';
import { CREATE } from './fixtures';
import { api, newProject, testEnv, shardOf } from './helpers';

const DAY = 86_400_000;

/** The API with an injected clock (same routes, same D1). */
function clockedApi(clock: { now: number }) {
  const handle = apiHandler(createApiApp(API_ROUTES, { now: () => clock.now }));
  return async (method: string, path: string, auth: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await handle(
      new Request(`https://dash.test/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      testEnv,
      () => {},
    );
    return { status: res.status, body: await res.json<any>(), headers: res.headers };
  };
}

describe('secret hints', () => {
  it('refuses short provider and SMTP secrets', async () => {
    const p = await newProject('hint-owner-1');
    const base = `/projects/${p.id}/test`;
    const smtp = await api('PATCH', `${base}/auth/smtp`, p.ownerToken, { password: 'abc', version: 1 });
    expect(smtp.status).toBe(400);
    expect(smtp.text).toContain('password');
    const providers = await api('PATCH', `${base}/auth/providers`, p.ownerToken, {
      oauth: { google: { enabled: true, clientId: 'cid', clientSecret: 'short-secret' } },
      version: 1,
    });
    expect(providers.status).toBe(400);
    expect(providers.text).toContain('clientSecret');
  });

  it('shows the last 4 characters only of a secret of at least 12 characters', async () => {
    const p = await newProject('hint-owner-2');
    const base = `/projects/${p.id}/test`;
    const short = await api('PATCH', `${base}/auth/smtp`, p.ownerToken, { password: 'pass-wd1', version: 1 });
    expect(short.status, short.text).toBe(200);
    expect(short.body.data.passwordHint).toBe('••••');
    const long = await api('PATCH', `${base}/auth/smtp`, p.ownerToken, {
      password: 'a-longer-password-9876',
      version: short.body.version,
    });
    expect(long.body.data.passwordHint).toBe('••••9876');
  });

  it('hides the characters of a short secret stored before the rule', async () => {
    const p = await newProject('hint-owner-3');
    const base = `/projects/${p.id}/test`;
    const set = await api('PATCH', `${base}/auth/smtp`, p.ownerToken, { password: 'pass-wd1', version: 1 });
    expect(set.status).toBe(200);
    // As an earlier version stored it: the hint carried the last 4 characters of the 8-character password.
    await (
      await shardOf(p.id)
    )
      .prepare(
        `UPDATE settings SET secrets = json_set(secrets, '$.password.hint', '••••wd1') WHERE project_id = ? AND mode = 'test' AND kind = 'smtp'`,
      )
      .bind(p.id)
      .run();
    const read = await api('GET', `${base}/auth/smtp`, p.ownerToken);
    expect(read.body.data.passwordHint).toBe('••••');
  });
});

describe('idempotency keys expire', () => {
  it('a key reused after 24 h makes a new object (no 500), and expired rows are swept', async () => {
    const p = await newProject('idem-owner-1');
    const clock = { now: Date.now() };
    const call = clockedApi(clock);
    const path = `/projects/${p.id}/test/wallets`;
    const first = await call('POST', path, p.ownerToken, CREATE.wallets!(), { 'Idempotency-Key': 'reuse-1' });
    expect(first.status).toBe(201);
    clock.now += 23 * 3600_000;
    const replay = await call('POST', path, p.ownerToken, CREATE.wallets!(), { 'Idempotency-Key': 'reuse-1' });
    expect(replay.status).toBe(409); // another body within the window

    // Rows of other callers that expired long ago are swept by the next keyed create.
    for (let i = 0; i < 3; i++)
      await (
        await shardOf(p.id)
      )
        .prepare(
          `INSERT INTO idempotency_keys (project_id, actor_id, key, path, request_hash, status, response, created_at) VALUES (?, ?, ?, ?, '', 201, '{}', ?)`,
        )
        .bind(p.id, `usr_stale_${i}`, `k${i}`, path, clock.now - 3 * DAY)
        .run();

    clock.now += 2 * 3600_000; // 25 h after the first use
    const body = CREATE.wallets!();
    const again = await call('POST', path, p.ownerToken, body, { 'Idempotency-Key': 'reuse-1' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    // …and the key now replays the new response.
    const replayNew = await call('POST', path, p.ownerToken, body, { 'Idempotency-Key': 'reuse-1' });
    expect(replayNew.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replayNew.body.id).toBe(again.body.id);
    // A wallet's create records its key on the project's shard.
    const row = await (
      await shardOf(p.id)
    )
      .prepare(`SELECT created_at FROM idempotency_keys WHERE key = 'reuse-1' AND project_id = ?`)
      .bind(p.id)
      .first<{ created_at: number }>();
    expect(row?.created_at).toBe(clock.now);
    const stale = await (
      await shardOf(p.id)
    )
      .prepare(`SELECT COUNT(*) AS n FROM idempotency_keys WHERE actor_id LIKE 'usr_stale_%'`)
      .first<{
        n: number;
      }>();
    expect(stale?.n).toBe(0);
  });
});

describe('re-inviting an address', () => {
  it('answers the stored invite id, audits it and revoking with it works', async () => {
    const p = await newProject('reinvite-owner');
    const members = `/projects/${p.id}/members`;
    const first = await api('POST', members, p.ownerToken, { email: 'again@example.com', role: 'viewer' });
    expect(first.status).toBe(201);
    const second = await api('POST', members, p.ownerToken, { email: 'again@example.com', role: 'developer' });
    expect(second.status).toBe(201);
    expect(second.body.inviteId).toBe(first.body.inviteId);
    expect(second.body.role).toBe('developer');
    const listed = await api('GET', members, p.ownerToken);
    const invite = listed.body.data.find((m: any) => m.email === 'again@example.com');
    expect(invite.inviteId).toBe(second.body.inviteId);
    const audit = await testEnv.DB.prepare(
      `SELECT target_id FROM audit_log WHERE project_id = ? AND action = 'member.invited' ORDER BY created_at`,
    )
      .bind(p.id)
      .all<{ target_id: string }>();
    expect(audit.results.map((r) => r.target_id)).toEqual([first.body.inviteId, first.body.inviteId]);
    expect((await api('DELETE', `${members}/invites/${second.body.inviteId}`, p.ownerToken)).status).toBe(204);
  });
});
