import { beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { addMember, api, newProject, testEnv, token, shardOf } from './helpers';
import { newId } from '../../../src/shared/api/ids';
import {
  connectionError,
  DISABLE_AFTER_MS,
  RETRY_DELAYS_MS,
  judge,
  nextDelayMs,
  retryAfterMs,
} from '../../../functions/_lib/webhooks/schedule';
import { signatures } from '../../../functions/_lib/webhooks/dispatch';
import { newWebhookSecret, standardSecret } from '../../../functions/_lib/webhooks/secrets';
import { eventPayload, MAX_PAYLOAD_BYTES } from '../../../functions/_lib/webhooks/outbox';

/**
 * The delivery engine's API (docs/api.md "Webhook delivery"): outbox events in the batch of their change, secret
 * rotation, test, resend, replay, the event log, notices — with roles and tenant isolation. The engine's sending
 * (receiver, faults, clock, restarts) is proven in tests/stack/webhooks.test.ts with real processes.
 */

/** The shards of the two projects (set once they exist). */
let db: D1Database;
let otherDb: D1Database;
type Who =
  'owner' | 'admin' | 'developer' | 'viewer' | 'nonMember' | 'keySameMode' | 'keyOtherMode' | 'keyOtherProject';
const creds = {} as Record<Who, string>;
let projectId = '';
let otherProjectId = '';
let owner = '';
const base = () => `/projects/${projectId}/test`;

async function kicks(): Promise<{ events?: string[]; deliveries?: string[] }[]> {
  const res = await (testEnv.WEBHOOK_DISPATCHER as Fetcher).fetch('https://webhook-dispatcher/kicks');
  return res.json();
}
const kicked = async (kind: 'events' | 'deliveries', id: string) =>
  (await kicks()).some((k) => (k[kind] ?? []).includes(id));

async function newWebhook(topics = ['user.created', 'test']): Promise<{ id: string; secret: string }> {
  const r = await api('POST', `${base()}/webhooks`, owner, { url: 'https://hooks.example.com/in', topics });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.id, secret: r.body.secret };
}

/** An event and attempts of it to a webhook as the engine would have left them. */
async function seedEvent(
  webhookId: string,
  attempts: ('succeeded' | 'failed' | 'pending')[],
  createdAt = Date.now() - 3600_000,
  project = projectId,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const eventId = newId('evt', createdAt);
  const payload = eventPayload('user.created', { id: 'pla_x' }, createdAt);
  const target = project === projectId ? db : otherDb;
  await target
    .prepare(
      'INSERT INTO webhook_events (id, project_id, mode, topic, payload, dispatched_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(eventId, project, 'test', 'user.created', payload, createdAt, createdAt)
    .run();
  const deliveryIds: string[] = [];
  for (const [i, status] of attempts.entries()) {
    const id = newId('whd', createdAt + i);
    deliveryIds.push(id);
    await target
      .prepare(
        `INSERT INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, response_code, payload, created_at)
         VALUES (?, ?, 'test', ?, ?, 'user.created', ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        project,
        webhookId,
        eventId,
        i + 1,
        status,
        status === 'pending' ? null : status === 'failed' ? 500 : 200,
        payload,
        createdAt + i * 1000,
      )
      .run();
  }
  return { eventId, deliveryIds };
}

beforeAll(async () => {
  const a = await newProject('whd-owner', 'Webhooks A');
  const b = await newProject('whd-other', 'Webhooks B');
  projectId = a.id;
  otherProjectId = b.id;
  db = await shardOf(projectId);
  otherDb = await shardOf(otherProjectId);
  owner = a.ownerToken;
  for (const role of ['admin', 'developer', 'viewer']) await addMember(a.id, `whd-${role}`, role);
  creds.owner = owner;
  creds.admin = await token('whd-admin');
  creds.developer = await token('whd-developer');
  creds.viewer = await token('whd-viewer');
  creds.nonMember = await token('whd-stranger');
  creds.keySameMode = a.secretTest;
  creds.keyOtherMode = a.secretLive;
  creds.keyOtherProject = b.secretTest;
});

describe('roles and tenant isolation of the delivery endpoints', () => {
  const outsider = (w: Who) => w === 'nonMember' || w === 'keyOtherMode' || w === 'keyOtherProject';
  const rank = (w: Who) => ({ owner: 3, admin: 2, developer: 1, keySameMode: 1, viewer: 0 })[w as 'owner'] ?? -1;
  const ROUTES: {
    name: string;
    write: boolean;
    ok: number;
    call: (w: string, hook: string, delivery: string, evt: string) => Promise<{ status: number; text: string }>;
  }[] = [
    {
      name: 'rotate-secret',
      write: true,
      ok: 200,
      call: (t, h) => api('POST', `${base()}/webhooks/${h}/rotate-secret`, t),
    },
    { name: 'test', write: true, ok: 202, call: (t, h) => api('POST', `${base()}/webhooks/${h}/test`, t) },
    { name: 'deliveries', write: false, ok: 200, call: (t, h) => api('GET', `${base()}/webhooks/${h}/deliveries`, t) },
    {
      name: 'resend',
      write: true,
      ok: 202,
      call: (t, h, d) => api('POST', `${base()}/webhooks/${h}/deliveries/${d}/resend`, t),
    },
    {
      name: 'replay',
      write: true,
      ok: 202,
      call: (t, h) =>
        api('POST', `${base()}/webhooks/${h}/replay`, t, {
          from: new Date(Date.now() - 86_400_000).toISOString(),
          to: new Date().toISOString(),
        }),
    },
    { name: 'event-log', write: false, ok: 200, call: (t) => api('GET', `${base()}/event-log`, t) },
    {
      name: 'event-log/{id}',
      write: false,
      ok: 200,
      call: (t, _h, _d, e) => api('GET', `${base()}/event-log/${e}`, t),
    },
  ];
  const whos: Who[] = [
    'owner',
    'admin',
    'developer',
    'viewer',
    'nonMember',
    'keySameMode',
    'keyOtherMode',
    'keyOtherProject',
  ];
  it.each(ROUTES.flatMap((r) => whos.map((w) => ({ r, w }))))('$w → $r.name', async ({ r, w }) => {
    const hook = await newWebhook();
    const { eventId, deliveryIds } = await seedEvent(hook.id, ['failed']);
    const res = await r.call(creds[w], hook.id, deliveryIds[0]!, eventId);
    const want = outsider(w) ? 404 : rank(w) < (r.write ? 1 : 0) ? 403 : r.ok;
    expect(res.status, res.text).toBe(want);
  });

  const NOTICES: Record<Who, number> = {
    owner: 200,
    admin: 200,
    developer: 403,
    viewer: 403,
    nonMember: 404,
    keySameMode: 403,
    keyOtherMode: 403,
    keyOtherProject: 404,
  };
  it.each(whos)('%s → notices (owners and admins only)', async (w) => {
    const res = await api('GET', `/projects/${projectId}/notices`, creds[w]);
    expect(res.status, res.text).toBe(NOTICES[w]);
  });

  it("another project's webhook, delivery, event and notice are 404, even with the ids", async () => {
    const theirs = await api('POST', `/projects/${otherProjectId}/test/webhooks`, creds.keyOtherProject, {
      url: 'https://hooks.example.com/b',
      topics: ['test'],
    });
    expect(theirs.status).toBe(201);
    const { eventId, deliveryIds } = await seedEvent(theirs.body.id, ['failed'], Date.now() - 1000, otherProjectId);
    const mine = await newWebhook();
    expect((await api('GET', `${base()}/event-log/${eventId}`, owner)).status).toBe(404);
    expect((await api('POST', `${base()}/webhooks/${theirs.body.id}/rotate-secret`, owner)).status).toBe(404);
    expect((await api('POST', `${base()}/webhooks/${mine.id}/deliveries/${deliveryIds[0]}/resend`, owner)).status).toBe(
      404,
    );
    const notice = newId('ntc');
    await otherDb
      .prepare(
        "INSERT INTO notices (id, project_id, mode, kind, webhook_id, reason, created_at) VALUES (?, ?, 'test', 'webhook_disabled', ?, 'gone', ?)",
      )
      .bind(notice, otherProjectId, theirs.body.id, Date.now())
      .run();
    expect((await api('POST', `/projects/${projectId}/notices/${notice}/dismiss`, owner)).status).toBe(404);
    expect(
      (await api('GET', `/projects/${projectId}/notices`, owner)).body.data.map((n: { id: string }) => n.id),
    ).not.toContain(notice);
  });
});

describe('the outbox: events in the batch of their change', () => {
  const eventsOf = async (topic: string, id: string) =>
    (
      await db
        .prepare(
          "SELECT * FROM webhook_events WHERE project_id = ? AND topic = ? AND json_extract(payload, '$.data.id') = ?",
        )
        .bind(projectId, topic, id)
        .all<{ id: string; payload: string; mode: string }>()
    ).results;

  it('user.created: one thin event, the dispatcher asked after the commit; an idempotent replay adds none', async () => {
    const headers = { 'Idempotency-Key': `whd-${crypto.randomUUID()}` };
    const r = await api('POST', `${base()}/users`, owner, { name: 'Ada' }, headers);
    expect(r.status).toBe(201);
    const again = await api('POST', `${base()}/users`, owner, { name: 'Ada' }, headers);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const events = await eventsOf('user.created', r.body.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.mode).toBe('test');
    const payload = JSON.parse(events[0]!.payload);
    expect(payload).toEqual({ type: 'user.created', timestamp: expect.any(String), data: { id: r.body.id } });
    expect(await kicked('events', events[0]!.id)).toBe(true);
  });

  it('user.updated names the changed fields; a stale version (409) writes no event', async () => {
    const u = await api('POST', `${base()}/users`, owner, { name: 'Bob' });
    expect((await api('PATCH', `${base()}/users/${u.body.id}`, owner, { name: 'Bobby', version: 1 })).status).toBe(200);
    expect((await api('PATCH', `${base()}/users/${u.body.id}`, owner, { name: 'Stale', version: 1 })).status).toBe(409);
    const events = await eventsOf('user.updated', u.body.id);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload).data).toEqual({ id: u.body.id, changed: ['name'] });
  });

  it('user.deleted once; deleting again (404) writes none', async () => {
    const u = await api('POST', `${base()}/users`, owner, { name: 'Cy' });
    expect((await api('DELETE', `${base()}/users/${u.body.id}`, owner)).status).toBe(204);
    expect((await api('DELETE', `${base()}/users/${u.body.id}`, owner)).status).toBe(404);
    expect(await eventsOf('user.deleted', u.body.id)).toHaveLength(1);
  });

  it('account.created with the wallet id, user, chain and address', async () => {
    const w = await api('POST', `${base()}/wallets`, owner, {
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      chainId: 1,
      chainType: 'EVM',
      accountType: 'Smart Account',
      custody: 'Developer',
    });
    expect(w.status, w.text).toBe(201);
    const [e] = await eventsOf('account.created', w.body.id);
    expect(JSON.parse(e!.payload).data).toMatchObject({ id: w.body.id, chainId: 1, userId: null });
  });

  it('payloads stay thin: 20 KB or more is refused', () => {
    expect(() => eventPayload('user.updated', { blob: 'x'.repeat(MAX_PAYLOAD_BYTES) }, 0)).toThrow(/over/);
  });
});

describe('secrets, rotation and test events', () => {
  it('a new secret is whsec_ + standard base64 of 24 bytes and the Standard Webhooks library takes it', async () => {
    const { secret } = await newWebhook();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(atob(secret.slice(6))).toHaveLength(24);
    const wh = new Webhook(secret);
    // One instant for the signature and its header (two clock reads could straddle a second).
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const sig = wh.sign('evt_1', at, '{}');
    expect(
      wh.verify('{}', {
        'webhook-id': 'evt_1',
        'webhook-timestamp': String(at.getTime() / 1000),
        'webhook-signature': sig,
      }),
    ).toEqual({});
  });

  it('old base64url secrets are respelled, same key bytes: signatures match', () => {
    const bytes = Uint8Array.from({ length: 24 }, (_, i) => 250 - i * 3);
    const b64 = btoa(String.fromCharCode(...bytes));
    const legacy = `whsec_${b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
    expect(legacy).toMatch(/[-_]/);
    expect(standardSecret(legacy)).toBe(`whsec_${b64}`);
    expect(standardSecret(`whsec_${b64}`)).toBe(`whsec_${b64}`);
    const at = new Date();
    expect(signatures([legacy], 'evt_a', at, '{"a":1}')).toBe(new Webhook(`whsec_${b64}`).sign('evt_a', at, '{"a":1}'));
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });

  it('during a rotation the header carries both signatures; each secret verifies alone', () => {
    const [oldS, newS] = [newWebhookSecret(), newWebhookSecret()];
    const at = new Date();
    const header = signatures([newS, oldS], 'evt_r', at, '{}');
    expect(header.split(' ')).toHaveLength(2);
    const h = {
      'webhook-id': 'evt_r',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': header,
    };
    expect(() => new Webhook(oldS).verify('{}', h)).not.toThrow();
    expect(() => new Webhook(newS).verify('{}', h)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify('{}', h)).toThrow();
  });

  it('rotate-secret: a new secret once, the old one kept for 24 h, version bumped, audited', async () => {
    const hook = await newWebhook();
    const before = await db
      .prepare('SELECT secret_encrypted FROM webhooks WHERE id = ?')
      .bind(hook.id)
      .first<{ secret_encrypted: string }>();
    const r = await api('POST', `${base()}/webhooks/${hook.id}/rotate-secret`, owner);
    expect(r.status).toBe(200);
    expect(r.body.secret).toMatch(/^whsec_/);
    expect(r.body.secret).not.toBe(hook.secret);
    expect(r.body.secretHint).toBe(`••••${r.body.secret.slice(-4)}`);
    expect(r.body.version).toBe(2);
    expect(Date.parse(r.body.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const after = await db
      .prepare('SELECT previous_secret_encrypted FROM webhooks WHERE id = ?')
      .bind(hook.id)
      .first<{ previous_secret_encrypted: string }>();
    expect(after!.previous_secret_encrypted).toBe(before!.secret_encrypted);
    const read = await api('GET', `${base()}/webhooks/${hook.id}`, owner);
    expect(read.body.secret).toBeUndefined();
    expect(read.body.previousSecretExpiresAt).toBe(r.body.previousSecretExpiresAt);
  });

  it('test: a `test` event to this webhook only, in the event log, the dispatcher asked', async () => {
    const hook = await newWebhook();
    const r = await api('POST', `${base()}/webhooks/${hook.id}/test`, owner);
    expect(r.status).toBe(202);
    expect(r.body.eventId).toMatch(/^evt_/);
    const row = await db
      .prepare('SELECT topic, webhook_id FROM webhook_events WHERE id = ?')
      .bind(r.body.eventId)
      .first();
    expect(row).toEqual({ topic: 'test', webhook_id: hook.id });
    expect(await kicked('events', r.body.eventId)).toBe(true);
    const log = await api('GET', `${base()}/event-log/${r.body.eventId}`, owner);
    expect(log.body).toMatchObject({
      id: r.body.eventId,
      topic: 'test',
      payload: { type: 'test', data: { webhookId: hook.id } },
      attempts: [],
    });
  });
});

describe('resend, replay and the event log', () => {
  it('resend makes a new attempt after the last; a second resend brings the pending one forward', async () => {
    const hook = await newWebhook();
    const { eventId, deliveryIds } = await seedEvent(hook.id, ['failed', 'failed']);
    const r = await api('POST', `${base()}/webhooks/${hook.id}/deliveries/${deliveryIds[0]}/resend`, owner);
    expect(r.status, r.text).toBe(202);
    const row = await db
      .prepare('SELECT attempt, status, event_id FROM webhook_deliveries WHERE id = ?')
      .bind(r.body.deliveryId)
      .first();
    expect(row).toEqual({ attempt: 3, status: 'pending', event_id: eventId });
    expect(await kicked('deliveries', r.body.deliveryId)).toBe(true);
    const again = await api('POST', `${base()}/webhooks/${hook.id}/deliveries/${deliveryIds[1]}/resend`, owner);
    expect(again.body.deliveryId).toBe(r.body.deliveryId);
  });

  it('resend and replay refuse a disabled webhook (409)', async () => {
    const hook = await newWebhook();
    const { deliveryIds } = await seedEvent(hook.id, ['failed']);
    await api('PATCH', `${base()}/webhooks/${hook.id}`, owner, { enabled: false, version: 1 });
    expect((await api('POST', `${base()}/webhooks/${hook.id}/deliveries/${deliveryIds[0]}/resend`, owner)).status).toBe(
      409,
    );
    const window = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() };
    expect((await api('POST', `${base()}/webhooks/${hook.id}/replay`, owner, window)).status).toBe(409);
  });

  it('replay: events of the window whose latest finished attempt failed — a new attempt, or the scheduled retry now', async () => {
    const hook = await newWebhook();
    const now = Date.now();
    const failed = await seedEvent(hook.id, ['failed', 'failed'], now - 3 * 3600_000);
    await seedEvent(hook.id, ['failed', 'succeeded'], now - 3 * 3600_000);
    const retrying = await seedEvent(hook.id, ['failed', 'pending'], now - 3 * 3600_000);
    await db
      .prepare('UPDATE webhook_deliveries SET created_at = ? WHERE id = ?')
      .bind(now + 3600_000, retrying.deliveryIds[1])
      .run(); // scheduled in an hour
    await seedEvent(hook.id, ['failed'], now - 30 * 3600_000); // outside the window
    const window = { from: new Date(now - 4 * 3600_000).toISOString(), to: new Date(now).toISOString() };
    const count = async () =>
      (await db
        .prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?')
        .bind(hook.id)
        .first<{ n: number }>())!.n;
    const before = await count();
    const r = await api('POST', `${base()}/webhooks/${hook.id}/replay`, owner, window);
    expect(r.status, r.text).toBe(202);
    expect(r.body).toEqual({ queued: 2 });
    expect(await count()).toBe(before + 1);
    const pending = await db
      .prepare("SELECT attempt FROM webhook_deliveries WHERE event_id = ? AND status = 'pending'")
      .bind(failed.eventId)
      .all();
    expect(pending.results).toEqual([{ attempt: 3 }]);
    const brought = await db
      .prepare('SELECT created_at FROM webhook_deliveries WHERE id = ?')
      .bind(retrying.deliveryIds[1])
      .first<{ created_at: number }>();
    expect(brought!.created_at).toBeLessThanOrEqual(Date.now());
    expect(await kicked('deliveries', retrying.deliveryIds[1]!)).toBe(true);
    // Again within the minute: 429 (one replay a minute per webhook, tests/workers/api/costly-actions.test.ts), no rows.
    expect((await api('POST', `${base()}/webhooks/${hook.id}/replay`, owner, window)).status).toBe(429);
    expect(await count()).toBe(before + 1);
  });

  it.each([
    [{ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'to', /before/],
    [{ from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'to', /30 days/],
    [{ from: 'yesterday', to: '2026-01-01T00:00:00Z' }, 'from', /./],
    [{ to: '2026-01-01T00:00:00Z' }, 'from', /./],
  ])('replay %j is a 400 at `%s`', async (body, path, message) => {
    const hook = await newWebhook();
    const r = await api('POST', `${base()}/webhooks/${hook.id}/replay`, owner, body);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(message) })]),
    );
  });

  it('deliveries list: one row per attempt with the contract fields, filtered by topic, status and date', async () => {
    const hook = await newWebhook();
    const { eventId } = await seedEvent(hook.id, ['failed', 'succeeded']);
    const list = await api('GET', `${base()}/webhooks/${hook.id}/deliveries?order=createdAt:asc`, owner);
    expect(list.body.total).toBe(2);
    expect(list.body.data[0]).toMatchObject({
      eventId,
      attempt: 1,
      status: 'failed',
      responseCode: 500,
      responseBody: null,
      error: null,
      nextAttemptAt: null,
      topic: 'user.created',
    });
    const f = (filters: unknown) =>
      `${base()}/webhooks/${hook.id}/deliveries?filters=${encodeURIComponent(JSON.stringify(filters))}`;
    expect((await api('GET', f([{ field: 'status', op: 'eq', value: 'succeeded' }]), owner)).body.total).toBe(1);
    expect((await api('GET', f([{ field: 'topic', op: 'eq', value: 'test' }]), owner)).body.total).toBe(0);
    expect(
      (
        await api(
          'GET',
          f([{ field: 'createdAt', op: 'gte', value: new Date(Date.now() + 60_000).toISOString() }]),
          owner,
        )
      ).body.total,
    ).toBe(0);
    expect((await api('GET', f([{ field: 'topic', op: 'eq', value: 'nope' }]), owner)).status).toBe(400);
  });

  it('event log: counts by latest attempt per webhook, topic filter, and every attempt in the detail', async () => {
    const [a, b] = [await newWebhook(), await newWebhook()];
    const e = await seedEvent(a.id, ['failed', 'succeeded']);
    await db
      .prepare(
        `INSERT INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, payload, created_at)
         VALUES (?, ?, 'test', ?, ?, 'user.created', 1, 'failed', '{}', ?)`,
      )
      .bind(newId('whd'), projectId, b.id, e.eventId, Date.now())
      .run();
    const detail = await api('GET', `${base()}/event-log/${e.eventId}`, owner);
    expect(detail.body.deliveries).toEqual({ succeeded: 1, failed: 1, pending: 0 });
    expect(detail.body.attempts).toHaveLength(3);
    expect(detail.body.attempts[0]).toMatchObject({
      webhookId: a.id,
      webhookUrl: 'https://hooks.example.com/in',
      attempt: 1,
      status: 'failed',
      responseCode: 500,
    });
    const q = encodeURIComponent(JSON.stringify([{ field: 'topic', op: 'eq', value: 'user.created' }]));
    const list = await api('GET', `${base()}/event-log?filters=${q}&limit=100`, owner);
    expect(list.status).toBe(200);
    expect(list.body.data.find((x: { id: string }) => x.id === e.eventId).deliveries).toEqual({
      succeeded: 1,
      failed: 1,
      pending: 0,
    });
    expect(list.body.data.every((x: { topic: string }) => x.topic === 'user.created')).toBe(true);
  });

  it("a webhook's 24 h success rate and last delivery; a person enabling it clears the engine's reason", async () => {
    const hook = await newWebhook();
    await seedEvent(hook.id, ['failed', 'succeeded', 'succeeded', 'pending']);
    await seedEvent(hook.id, ['succeeded'], Date.now() - 30 * 3600_000); // older than 24 h
    const now = Date.now();
    await db
      .prepare(
        "UPDATE webhooks SET enabled = 0, disabled_reason = 'failing', failing_since = ?, last_delivery_at = ?, last_delivery_status = 'failed' WHERE id = ?",
      )
      .bind(now - DISABLE_AFTER_MS, now, hook.id)
      .run();
    const r = await api('GET', `${base()}/webhooks/${hook.id}`, owner);
    expect(r.body).toMatchObject({
      successRate24h: 2 / 3,
      enabled: false,
      disabledReason: 'failing',
      lastDeliveryStatus: 'failed',
      lastDeliveryAt: new Date(now).toISOString(),
    });
    const list = await api('GET', `${base()}/webhooks?limit=100`, owner);
    expect(list.body.data.find((w: { id: string }) => w.id === hook.id).successRate24h).toBe(2 / 3);
    const on = await api('PATCH', `${base()}/webhooks/${hook.id}`, owner, { enabled: true, version: r.body.version });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    expect(
      (await newWebhook().then((h) => api('GET', `${base()}/webhooks/${h.id}`, owner))).body.successRate24h,
    ).toBeNull();
  });

  it('notices: listed with the webhook URL until dismissed (204), then gone (404 again)', async () => {
    const hook = await newWebhook();
    const id = newId('ntc');
    await db
      .prepare(
        "INSERT INTO notices (id, project_id, mode, kind, webhook_id, reason, created_at) VALUES (?, ?, 'test', 'webhook_disabled', ?, 'gone', ?)",
      )
      .bind(id, projectId, hook.id, Date.now())
      .run();
    const list = await api('GET', `/projects/${projectId}/notices`, creds.admin);
    expect(list.body.data).toContainEqual({
      id,
      kind: 'webhook_disabled',
      mode: 'test',
      webhookId: hook.id,
      webhookUrl: 'https://hooks.example.com/in',
      reason: 'gone',
      createdAt: expect.any(String),
    });
    expect((await api('POST', `/projects/${projectId}/notices/${id}/dismiss`, creds.developer)).status).toBe(403);
    expect((await api('POST', `/projects/${projectId}/notices/${id}/dismiss`, creds.admin)).status).toBe(204);
    expect((await api('POST', `/projects/${projectId}/notices/${id}/dismiss`, creds.admin)).status).toBe(404);
    expect(
      (await api('GET', `/projects/${projectId}/notices`, owner)).body.data.map((n: { id: string }) => n.id),
    ).not.toContain(id);
  });
});

describe('the retry schedule and verdicts (functions/_lib/webhooks/schedule.ts)', () => {
  const mid = () => 0.5;
  it.each(RETRY_DELAYS_MS.slice(1).map((d, i) => [i + 1, d] as const))(
    'after attempt %i fails the next waits %i ms (±10 %%)',
    (attempt, delay) => {
      expect(nextDelayMs(attempt, null, mid)).toBe(delay);
      expect(nextDelayMs(attempt, null, () => 0)).toBe(Math.round(delay * 0.9));
      expect(nextDelayMs(attempt, null, () => 1)).toBe(Math.round(delay * 1.1));
    },
  );
  it('no attempt after the eighth; Retry-After wins when longer, capped at 12 h', () => {
    expect(RETRY_DELAYS_MS).toEqual([0, 5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextDelayMs(8, null, mid)).toBeNull();
    expect(nextDelayMs(1, 120_000, mid)).toBe(120_000);
    expect(nextDelayMs(3, 1000, mid)).toBe(1_800_000);
    expect(nextDelayMs(1, 48 * 3600_000, mid)).toBe(12 * 3600_000);
    expect(retryAfterMs('120', 0)).toBe(120_000);
    expect(retryAfterMs(new Date(90_000).toUTCString(), 30_000)).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
  });
  it.each([
    [200, 'succeeded', true, null],
    [204, 'succeeded', true, null],
    [301, 'failed', true, null],
    [302, 'failed', true, null],
    [410, 'failed', false, 'gone'],
    [429, 'failed', true, null],
    [500, 'failed', true, null],
  ] as const)('%i → %s', (code, status, retry, disable) => {
    const v = judge(code);
    expect(v.status).toBe(status);
    if (v.status === 'failed') expect([v.retry, v.disable]).toEqual([retry, disable]);
  });
  // What the runtime's fetch throws, as seen from workerd and Node: never shown as it is.
  it.each([
    ['internal error; reference = 528j9ll90mvflf765jhcov4l', 'The endpoint could not be reached'],
    ['Network connection lost.', 'Connection reset'],
    ['connect ECONNREFUSED 127.0.0.1:9', 'Connection refused'],
    ['read ECONNRESET', 'Connection reset'],
    [
      'failed to lookup address information: Name or service not known',
      "The endpoint's host name could not be resolved",
    ],
    ['getaddrinfo ENOTFOUND hooks.example.invalid', "The endpoint's host name could not be resolved"],
    ['DNS lookup failed', "The endpoint's host name could not be resolved"],
    ["TLS peer's certificate is not trusted", "The TLS handshake failed (check the endpoint's certificate)"],
    ['kj/async-io-unix.c++:1207: something the runtime says', 'The endpoint could not be reached'],
  ])('a fetch that throws %j reads %j', (message, shown) => {
    expect(connectionError(new Error(message), 10_000, false)).toBe(shown);
  });
  it('a timed-out attempt says after how long, whatever the error', () => {
    expect(connectionError(new Error('The operation was aborted'), 10_000, true)).toBe('Timed out after 10 s');
  });
});
