import { createExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/shared/api/ids';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import WebhookDispatcher, { type DispatcherEnv } from '../../../workers/webhook-dispatcher/index';
import { addMember, api, newProject, testEnv, token, shardOf } from './helpers';
import { setDns } from './dns';
import { pagesFetch } from '../pages-stack';

/**
 * Limits on costly actions (issue 17 items 5, 7 and 12; docs/api.md "Rate limits"): per-webhook replay, test and
 * resend limits and the project's hourly budget (counted by the rate limiter's Durable Object), the pause of replays
 * after a URL change, one CSV export per project and caller, 10 JWKS checks a minute with their names resolved,
 * response excerpts hidden from viewers, and a dispatcher Worker that enqueues nothing over HTTP.
 */

/** The project's shard (its webhooks, events and attempts). */
let db: D1Database;
let projectId = '';
let owner = '';
const base = () => `/projects/${projectId}/test`;

beforeAll(async () => {
  const p = await newProject('limits-owner', 'Limits');
  projectId = p.id;
  db = await shardOf(p.id);
  owner = p.ownerToken;
  await addMember(p.id, 'limits-viewer', 'viewer');
});

async function newWebhook(url = 'https://hooks.example.com/in'): Promise<{ id: string; version: number }> {
  const r = await api('POST', `${base()}/webhooks`, owner, { url, topics: ['user.created', 'test'] });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.id, version: r.body.version };
}

/** A failed attempt of an event created at `createdAt`, as the engine leaves it. */
async function failedEvent(webhookId: string, createdAt: number, project = projectId): Promise<string> {
  const eventId = newId('evt', createdAt);
  const deliveryId = newId('whd', createdAt);
  const db = await shardOf(project);
  await db.batch([
    db
      .prepare(
        `INSERT INTO webhook_events (id, project_id, mode, topic, payload, dispatched_at, created_at)
         VALUES (?, ?, 'test', 'user.created', '{}', ?, ?)`,
      )
      .bind(eventId, project, createdAt, createdAt),
    db
      .prepare(
        `INSERT INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, response_code, response_body, payload, created_at)
         VALUES (?, ?, 'test', ?, ?, 'user.created', 1, 'failed', 500, 'internal: db password is hunter2', '{}', ?)`,
      )
      .bind(deliveryId, project, webhookId, eventId, createdAt),
  ]);
  return deliveryId;
}

const lastHour = () => ({ from: new Date(Date.now() - 3600_000).toISOString(), to: new Date().toISOString() });

function expectRetryAfter(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe('rate_limited');
  const retry = Number(res.headers.get('Retry-After'));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
  expect(res.body.error.details.retryAfterSeconds).toBe(retry);
}

describe('webhook replay, test and resend limits (per webhook, across isolates)', () => {
  it('replay: once a minute per webhook (429 with Retry-After), another webhook is not affected', async () => {
    const a = await newWebhook();
    const b = await newWebhook();
    await failedEvent(a.id, Date.now() - 600_000);
    const first = await api('POST', `${base()}/webhooks/${a.id}/replay`, owner, lastHour());
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ queued: 1 });
    const rows = async () =>
      (await db
        .prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?')
        .bind(a.id)
        .first<{ n: number }>())!.n;
    const before = await rows();
    const second = await api('POST', `${base()}/webhooks/${a.id}/replay`, owner, lastHour());
    expectRetryAfter(second);
    expect(second.body.error.message).toMatch(/replay this webhook/);
    expect(await rows()).toBe(before); // nothing written
    expect((await api('POST', `${base()}/webhooks/${b.id}/replay`, owner, lastHour())).status).toBe(202);
  });

  it('test and resend: 10 a minute per webhook together, the 11th is 429 with Retry-After through the Pages stack', async () => {
    const hook = await newWebhook();
    const delivery = await failedEvent(hook.id, Date.now() - 60_000);
    for (let i = 0; i < 5; i++)
      expect((await api('POST', `${base()}/webhooks/${hook.id}/test`, owner)).status).toBe(202);
    for (let i = 0; i < 5; i++)
      expect((await api('POST', `${base()}/webhooks/${hook.id}/deliveries/${delivery}/resend`, owner)).status).toBe(
        202,
      );
    const events = async () =>
      (await db
        .prepare("SELECT COUNT(*) AS n FROM webhook_events WHERE webhook_id = ? AND topic = 'test'")
        .bind(hook.id)
        .first<{ n: number }>())!.n;
    expect(await events()).toBe(5);
    const res = await pagesFetch(`/api/v1${base()}/webhooks/${hook.id}/test`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner}` },
    });
    const over = { status: res.status, headers: res.headers, body: await res.json<any>() };
    expectRetryAfter(over);
    expect(over.body.error.message).toMatch(/test or resend this webhook/);
    expect(await events()).toBe(5);
    const resend = await api('POST', `${base()}/webhooks/${hook.id}/deliveries/${delivery}/resend`, owner);
    expectRetryAfter(resend);
  });

  it('the project’s hourly budget: a replay that does not fit is 429 and spends nothing; smaller sends still go', async () => {
    const p = await newProject('limits-budget', 'Budget');
    const env = { ...testEnv, WEBHOOK_SENDS_PER_HOUR: '5' };
    const call = async (path: string, body?: unknown) => {
      const res = await handleApi(
        new Request(`https://dash.test/api/v1/projects/${p.id}/test${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${p.ownerToken}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        env,
        () => {},
      );
      return { status: res.status, headers: res.headers, body: await res.json<any>() };
    };
    const hook = await call('/webhooks', { url: 'https://hooks.example.com/b', topics: ['test', 'user.created'] });
    expect(hook.status).toBe(201);
    for (let i = 0; i < 6; i++) await failedEvent(hook.body.id, Date.now() - 600_000 + i, p.id);
    const replay = await call(`/webhooks/${hook.body.id}/replay`, lastHour());
    expect(replay.status).toBe(429);
    expect(replay.body.error.message).toMatch(/would send 6 events.*5 more/);
    expect(Number(replay.headers.get('Retry-After'))).toBeGreaterThan(60); // the hour's window
    for (let i = 0; i < 5; i++) expect((await call(`/webhooks/${hook.body.id}/test`)).status).toBe(202);
    const over = await call(`/webhooks/${hook.body.id}/test`);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toMatch(/5 test, resend and replay deliveries of this hour/);
  });

  it('a changed URL pauses replays of older events: 409 url_changed until confirmed, nothing written before', async () => {
    const hook = await newWebhook('https://hooks.example.com/old');
    await failedEvent(hook.id, Date.now() - 1200_000);
    const patched = await api('PATCH', `${base()}/webhooks/${hook.id}`, owner, {
      url: 'https://hooks.example.com/new',
      version: hook.version,
    });
    expect(patched.status, patched.text).toBe(200);
    const paused = await api('POST', `${base()}/webhooks/${hook.id}/replay`, owner, lastHour());
    expect(paused.status).toBe(409);
    expect(paused.body.error.details).toMatchObject({
      reason: 'url_changed',
      eventsBefore: 1,
      url: 'https://hooks.example.com/new',
    });
    expect(paused.body.error.message).toMatch(/URL changed/);
    const pending = await db
      .prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ? AND status = 'pending'")
      .bind(hook.id)
      .first<{ n: number }>();
    expect(pending!.n).toBe(0);
    // The refusal counted nothing: the confirmed replay goes at once.
    const confirmed = await api('POST', `${base()}/webhooks/${hook.id}/replay`, owner, {
      ...lastHour(),
      confirmUrlChange: true,
    });
    expect(confirmed.status, confirmed.text).toBe(202);
    expect(confirmed.body).toEqual({ queued: 1 });
  });

  it('a description change is no URL change; events after the change replay without a question', async () => {
    const hook = await newWebhook('https://hooks.example.com/same');
    const v2 = await api('PATCH', `${base()}/webhooks/${hook.id}`, owner, {
      url: 'https://hooks.example.com/same',
      description: 'renamed',
      version: hook.version,
    });
    expect(v2.status).toBe(200);
    await failedEvent(hook.id, Date.now() - 1200_000);
    expect((await api('POST', `${base()}/webhooks/${hook.id}/replay`, owner, lastHour())).status).toBe(202);
    const other = await newWebhook('https://hooks.example.com/a');
    await api('PATCH', `${base()}/webhooks/${other.id}`, owner, {
      url: 'https://hooks.example.com/b',
      version: other.version,
    });
    await failedEvent(other.id, Date.now() + 5);
    expect(
      (
        await api('POST', `${base()}/webhooks/${other.id}/replay`, owner, {
          from: lastHour().from,
          to: new Date(Date.now() + 60_000).toISOString(),
        })
      ).status,
    ).toBe(202);
  });
});

describe('failed deliveries: response excerpts', () => {
  it('viewers do not see the receiver’s response body; developers and up do', async () => {
    const hook = await newWebhook();
    await failedEvent(hook.id, Date.now() - 30_000);
    const path = `${base()}/webhooks/${hook.id}/deliveries`;
    const asOwner = await api('GET', path, owner);
    expect(asOwner.body.data[0]).toMatchObject({ responseCode: 500, responseBody: 'internal: db password is hunter2' });
    const asViewer = await api('GET', path, await token('limits-viewer'));
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.data[0]).toMatchObject({ responseCode: 500, responseBody: null });
    expect(asViewer.text).not.toContain('hunter2');
  });
});

describe('the webhook dispatcher Worker', () => {
  it('refuses an enqueue over HTTP (no route enqueues; only the RPC of the service binding)', async () => {
    const sent: unknown[] = [];
    const env = {
      DB: testEnv.DB,
      SHARD_0: testEnv.SHARD_0,
      SHARD_1: testEnv.SHARD_1,
      DELIVERIES: {
        send: async (m: unknown) => void sent.push(m),
        sendBatch: async (m: unknown[]) => void sent.push(...m),
      },
      WEBHOOK_DOH_URL: '',
    } as unknown as DispatcherEnv;
    const worker = new WebhookDispatcher(createExecutionContext(), env);
    const eventId = newId('evt', Date.now());
    for (const path of ['/enqueue', '/enqueue/', '/__local/cron', '/__test/sweep']) {
      const res = await worker.fetch(
        new Request(`https://dashboard-webhook-dispatcher.example.workers.dev${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ events: [eventId] }),
        }),
      );
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
    expect(sent).toEqual([]);
    expect((await worker.fetch(new Request('https://x/health'))).status).toBe(200);
  });
});

describe('CSV export: one at a time per project and caller', () => {
  it('a second export while the first streams is 409 with a message; allowed once the first ended', async () => {
    const p = await newProject('limits-csv', 'CSV');
    // A row, so the stream has more to read after its first chunk (an empty list is done at once).
    expect((await api('POST', `/projects/${p.id}/test/users`, p.ownerToken, { name: 'Ada' })).status).toBe(201);
    const get = (auth: string) =>
      handleApi(
        new Request(`https://dash.test/api/v1/projects/${p.id}/test/users.csv`, {
          headers: { Authorization: `Bearer ${auth}` },
        }),
        testEnv,
        () => {},
      );
    const first = await get(p.ownerToken);
    expect(first.status).toBe(200);
    const second = await get(p.ownerToken);
    expect(second.status).toBe(409);
    const body = await second.json<any>();
    expect(body.error).toMatchObject({ code: 'conflict', details: { reason: 'busy' } });
    expect(body.error.message).toMatch(/already running/);
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    // Another caller of the project is not blocked.
    expect((await get(p.secretTest)).status).toBe(200);
    await first.text(); // the stream ends: the lock is released
    const third = await get(p.ownerToken);
    expect(third.status).toBe(200);
    await third.body!.cancel(); // a cancelled download releases it too
    const fourth = await get(p.ownerToken);
    expect(fourth.status).toBe(200);
    await fourth.text();
  });

  it('an export refused for its parameters holds no lock', async () => {
    const p = await newProject('limits-csv-bad', 'CSV bad');
    const url = `https://dash.test/api/v1/projects/${p.id}/test/users.csv`;
    const bad = await handleApi(
      new Request(`${url}?order=nope:asc`, { headers: { Authorization: `Bearer ${p.ownerToken}` } }),
      testEnv,
      () => {},
    );
    expect(bad.status).toBe(400);
    const ok = await handleApi(
      new Request(url, { headers: { Authorization: `Bearer ${p.ownerToken}` } }),
      testEnv,
      () => {},
    );
    expect(ok.status).toBe(200);
    await ok.text();
  });
});

describe('JWKS check: names resolved, 10 a minute', () => {
  it('refuses a name that resolves to a private or IPv4-compatible address (DNS over HTTPS), at the field', async () => {
    const p = await newProject('limits-jwks-dns', 'JWKS DNS');
    await setDns('idp.rebind.example', 'A', ['10.0.0.7']);
    await setDns('idp6.rebind.example', 'AAAA', ['::a9fe:a9fe']);
    for (const [host, why] of [
      ['idp.rebind.example', /private/],
      ['idp6.rebind.example', /IPv4-compatible/],
      ['idp.nx.example', /does not resolve/],
    ] as const) {
      const res = await api('POST', `/projects/${p.id}/test/auth/providers/check-jwks`, p.ownerToken, {
        jwksUrl: `https://${host}/jwks.json`,
      });
      expect(res.status, host).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ path: 'jwksUrl', message: expect.stringMatching(why) });
    }
  });

  it('the 11th check of a minute is 429 with Retry-After through the Pages stack', async () => {
    const p = await newProject('limits-jwks-rate', 'JWKS rate');
    const check = () =>
      pagesFetch(`/api/v1/projects/${p.id}/test/auth/providers/check-jwks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${p.ownerToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ jwksUrl: 'https://127.0.0.1/jwks.json' }), // refused by the guard: no fetch
      });
    for (let i = 0; i < 10; i++) expect((await check()).status).toBe(400);
    const res = await check();
    expectRetryAfter({ status: res.status, headers: res.headers, body: await res.json<any>() });
  });
});
