import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestLogEntry } from '../../../functions/_lib/logs/entry';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { consumeRequestLogs, purgeRequestLogs, REQUEST_LOG_QUEUE } from '../../../functions/_lib/logs/store';
import { logMessages } from '../../../workers/webhook-dispatcher/index';
import { addMember, api, newProject, testEnv, token } from './helpers';
import { CALLER_NAME_TTL_MS } from '../../../functions/_lib/api/handlers/request-logs';

/** What the API handed to the dispatcher (the recorder of vitest.config.ts) for one project. */
async function handedOver(projectId: string): Promise<RequestLogEntry[]> {
  const res = await (testEnv.WEBHOOK_DISPATCHER as unknown as Fetcher).fetch('https://webhook-dispatcher/log-entries');
  return ((await res.json()) as RequestLogEntry[]).filter((e) => e.projectId === projectId);
}

/** Runs the real queue consumer over these entries, as the queue would hand them over. */
async function consume(bodies: unknown[]) {
  const batch = createMessageBatch(
    REQUEST_LOG_QUEUE,
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await consumeRequestLogs(testEnv, batch);
  return getQueueResult(batch, ctx);
}

const logRows = (projectId: string) =>
  testEnv
    .LOGS!.prepare('SELECT * FROM request_logs WHERE project_id = ? ORDER BY created_at')
    .bind(projectId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

describe('request log: recording', () => {
  let p: Awaited<ReturnType<typeof newProject>>;
  let entries: RequestLogEntry[];
  const answers: Record<string, { status: number; id: string | null }> = {};

  beforeAll(async () => {
    p = await newProject('logs-owner');
    await addMember(p.id, 'logs-viewer', 'viewer');
    const viewer = await token('logs-viewer');
    const ask = async (name: string, method: string, path: string, auth: string | null, body?: unknown) => {
      const res = await api(method, path, auth, body, {
        'CF-Connecting-IP': '203.0.113.77',
        'User-Agent': 'logs-test/1',
      });
      answers[name] = { status: res.status, id: res.headers.get('X-Request-Id') };
    };
    await ask('member', 'GET', `/projects/${p.id}/test/wallets?limit=5`, p.ownerToken);
    await ask('key', 'GET', `/projects/${p.id}/test/wallets?limit=2&token=SECRET-QUERY-VALUE`, p.secretTest);
    await ask('badKey', 'GET', `/projects/${p.id}/test/wallets`, 'sk_test_not-a-real-key');
    await ask('viewer403', 'POST', `/projects/${p.id}/test/webhooks`, viewer, { url: 'https://example.com/h' });
    await ask('unknownRoute', 'GET', `/projects/${p.id}/test/no-such-collection`, p.ownerToken);
    await ask('project', 'GET', `/projects/${p.id}/members`, p.ownerToken);
    await ask('stranger', 'GET', `/projects/${p.id}/test/wallets`, await token('logs-stranger'));
    // Reading the log is not itself recorded.
    await ask('logRead', 'GET', `/projects/${p.id}/test/logs`, p.ownerToken);
    entries = await handedOver(p.id);
  });

  it('puts our own request id on every answer and records it as the entry id', () => {
    for (const a of Object.values(answers)) expect(a.id).toMatch(/^req_[0-9a-f-]{36}$/);
    const ids = entries.map((e) => e.id);
    for (const name of ['member', 'key', 'badKey', 'viewer403', 'unknownRoute', 'project'])
      expect(ids, name).toContain(answers[name]!.id);
  });

  it.each([
    // name, status, route, caller type, error code
    ['member', 200, '/api/v1/projects/:projectId/:mode/wallets', 'member', null],
    ['key', 200, '/api/v1/projects/:projectId/:mode/wallets', 'key', null],
    ['badKey', 401, '/api/v1/projects/:projectId/:mode/wallets', null, 'unauthorized'],
    ['viewer403', 403, '/api/v1/projects/:projectId/:mode/webhooks', 'member', 'forbidden'],
    ['unknownRoute', 404, null, null, 'not_found'],
    ['project', 200, '/api/v1/projects/:projectId/members', 'member', null],
  ] as const)('%s: status %i, route %s, caller %s, error %s', (name, status, route, caller, code) => {
    const e = entries.find((x) => x.id === answers[name]!.id)!;
    expect(e).toBeDefined();
    expect(e.status).toBe(status);
    expect(e.route).toBe(route);
    expect(e.callerType).toBe(caller);
    expect(e.errorCode).toBe(code);
    expect(e.mode).toBe(name === 'project' ? '' : 'test');
    expect(e.clientAddress).toBe('203.0.113.0/24');
    expect(e.userAgent).toBe('logs-test/1');
    expect(e.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('names the key and keeps sizes, never a secret', () => {
    const e = entries.find((x) => x.id === answers.key!.id)!;
    expect(e.keyId).toMatch(/^key_/);
    expect(e.callerId).toBe(e.keyId);
    expect(e.query).toBe('limit=2&token=[redacted]');
    expect(e.responseBytes).toBeGreaterThan(0);
    expect(e.requestBytes).toBe(0);
    const all = JSON.stringify(entries);
    expect(all).not.toContain('SECRET-QUERY-VALUE');
    expect(all).not.toContain(p.secretTest);
    expect(all).not.toContain(p.ownerToken);
    expect(all).not.toContain('sk_test_not-a-real-key');
    expect(all).not.toContain('example.com/h');
  });

  it("records neither a non-member's request nor reads of the log itself", () => {
    const ids = entries.map((e) => e.id);
    expect(ids).not.toContain(answers.stranger!.id);
    expect(ids).not.toContain(answers.logRead!.id);
    expect(answers.logRead!.status).toBe(200);
  });

  it('the consumer writes a batch once, dropping invalid entries and unknown projects', async () => {
    const unknown = {
      ...entries[0]!,
      id: 'req_00000000-0000-7000-8000-000000000001',
      projectId: 'pro_00000000-0000-7000-8000-000000000000',
    };
    const result = await consume([...entries, { bogus: true }, unknown]);
    expect(result.ackAll).toBe(true);
    const rows = await logRows(p.id);
    expect(rows.map((r) => r.id).sort()).toEqual(entries.map((e) => e.id).sort());
    const bad = rows.find((r) => r.id === answers.badKey!.id)!;
    expect(bad.status_class).toBe('4xx');
    // A redelivered batch writes nothing twice.
    await consume(entries);
    expect((await logRows(p.id)).length).toBe(entries.length);
    const none = await testEnv
      .LOGS!.prepare('SELECT COUNT(*) AS n FROM request_logs WHERE id = ?')
      .bind(unknown.id)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
  });
});

describe('request log: the bench switch', () => {
  it('REQUEST_LOGS=bench leaves out only the requests marked off; elsewhere the mark changes nothing', async () => {
    const p = await newProject('logs-bench-switch');
    const call = async (env: typeof testEnv, marked: boolean) => {
      const pending: Promise<unknown>[] = [];
      const res = await handleApi(
        new Request(`https://dash.test/api/v1/projects/${p.id}/test/wallets`, {
          headers: { Authorization: `Bearer ${p.secretTest}`, ...(marked ? { 'X-Bench-Request-Logs': 'off' } : {}) },
        }),
        env,
        (x) => pending.push(x),
      );
      await Promise.allSettled(pending);
      expect(res.status).toBe(200);
      return res.headers.get('X-Request-Id')!;
    };
    const bench = { ...testEnv, REQUEST_LOGS: 'bench' };
    const markedOff = await call(bench, true);
    const unmarked = await call(bench, false);
    const markedElsewhere = await call(testEnv, true);
    const ids = (await handedOver(p.id)).map((e) => e.id);
    expect(ids).not.toContain(markedOff);
    expect(ids).toContain(unmarked);
    expect(ids).toContain(markedElsewhere);
  });
});

describe('request log: hand-over in batches', () => {
  const calls = async () =>
    (await (
      await (testEnv.WEBHOOK_DISPATCHER as unknown as Fetcher).fetch('https://webhook-dispatcher/log-calls')
    ).json()) as number[];
  const send = (p: { id: string; secretTest: string }, env: typeof testEnv, pending: Promise<unknown>[]) =>
    handleApi(
      new Request(`https://dash.test/api/v1/projects/${p.id}/test/wallets?limit=1`, {
        headers: { Authorization: `Bearer ${p.secretTest}` },
      }),
      env,
      (x) => pending.push(x),
    );

  it('the requests of one isolate within the wait go over in one call, every entry in it', async () => {
    const p = await newProject('logs-batch');
    const env = { ...testEnv, REQUEST_LOG_FLUSH_MS: '2000' };
    const before = (await calls()).length;
    const pending: Promise<unknown>[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await send(p, env, pending)).headers.get('X-Request-Id')!);
    // Nothing has gone yet: the first entry waits for more.
    expect((await handedOver(p.id)).length).toBe(0);
    await Promise.allSettled(pending);
    expect((await calls()).slice(before)).toEqual([5]);
    expect((await handedOver(p.id)).map((e) => e.id).sort()).toEqual(ids.sort());
  });

  it('a full batch (100 entries) goes at once, without waiting', async () => {
    const p = await newProject('logs-batch-full');
    const env = { ...testEnv, REQUEST_LOG_FLUSH_MS: '3000' };
    const before = (await calls()).length;
    const pending: Promise<unknown>[] = [];
    await Promise.all(Array.from({ length: 100 }, () => send(p, env, pending)));
    // Handed over long before the first entry's wait of 3 s ends.
    await vi.waitFor(async () => expect((await calls()).slice(before)).toEqual([100]), { timeout: 1500 });
    expect((await handedOver(p.id)).length).toBe(100);
    await Promise.allSettled(pending);
    expect((await calls()).slice(before)).toEqual([100]);
  });

  it('the dispatcher puts a hand-over on the queue as few messages of at most 96 KB as hold it', () => {
    const entry = (i: number) => ({ id: `req_${i}`, userAgent: 'x'.repeat(1900) });
    const list = Array.from({ length: 100 }, (_, i) => entry(i));
    const messages = logMessages(list);
    expect(messages.length).toBe(3);
    for (const m of messages) expect(JSON.stringify(m).length).toBeLessThanOrEqual(96_000);
    expect(messages.flat()).toEqual(list);
    expect(logMessages([entry(1)])).toEqual([[entry(1)]]);
  });

  it('the consumer takes a message holding many entries as well as one holding one', async () => {
    const p = await newProject('logs-batch-messages');
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) await send(p, testEnv, pending);
    await Promise.allSettled(pending);
    const [a, b, c] = await handedOver(p.id);
    const result = await consume([[a, b], c]);
    expect(result.ackAll).toBe(true);
    expect((await logRows(p.id)).map((r) => r.id).sort()).toEqual([a!.id, b!.id, c!.id].sort());
  });

  it('the consumer writes every entry of messages holding more than one statement takes, longest fields included', async () => {
    const p = await newProject('logs-batch-large');
    const pending: Promise<unknown>[] = [];
    await send(p, testEnv, pending);
    await Promise.allSettled(pending);
    const [model] = await handedOver(p.id);
    // 250 entries of the largest size an entry may have: three statements of 100, 100 and 50.
    const entries = Array.from({ length: 250 }, (_, i) => ({
      ...model!,
      id: `req_01900000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`,
      path: `${model!.path}/${'p'.repeat(2000)}`.slice(0, 2048),
      query: 'q'.repeat(2048),
      userAgent: 'u'.repeat(512),
    }));
    const result = await consume([entries.slice(0, 120), entries.slice(120)]);
    expect(result.ackAll).toBe(true);
    expect((await logRows(p.id)).length).toBe(250);
  });
});

describe('request log: reading', () => {
  let p: Awaited<ReturnType<typeof newProject>>;
  let other: Awaited<ReturnType<typeof newProject>>;
  let keyRequestId: string;
  let keyId: string;
  const base = () => `/projects/${p.id}/test/logs`;
  const list = (qs: Record<string, unknown> = {}) =>
    api(
      'GET',
      `${base()}?${new URLSearchParams(Object.entries(qs).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`,
      p.ownerToken,
    );

  beforeAll(async () => {
    p = await newProject('logs-reader');
    other = await newProject('logs-other');
    await api('GET', `/projects/${p.id}/test/wallets`, p.ownerToken);
    const k = await api('GET', `/projects/${p.id}/test/users?limit=1`, p.secretTest);
    keyRequestId = k.headers.get('X-Request-Id')!;
    await api('DELETE', `/projects/${p.id}/test/wallets/acc_00000000-0000-7000-8000-000000000000`, p.ownerToken);
    await api('GET', `/projects/${other.id}/test/wallets`, other.ownerToken);
    await consume([...(await handedOver(p.id)), ...(await handedOver(other.id))]);
    keyId = (await handedOver(p.id)).find((e) => e.id === keyRequestId)!.keyId!;
  });

  it('lists newest first with the caller named', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((d: { method: string }) => d.method)).toEqual(['DELETE', 'GET', 'GET']);
    const key = res.body.data.find((d: { id: string }) => d.id === keyRequestId);
    const { name: keyName } = (await testEnv.DB.prepare('SELECT name FROM api_keys WHERE id = ?')
      .bind(keyId)
      .first<{ name: string }>())!;
    expect(key.caller).toEqual({ type: 'key', id: keyId, name: keyName });
    // A member is named by their name, else their email; the key and the member in one page (one lookup).
    const { email } = (await testEnv.DB.prepare("SELECT email FROM members WHERE project_id = ? AND role = 'owner'")
      .bind(p.id)
      .first<{ email: string }>())!;
    const member = res.body.data.find((d: { caller: { type: string } | null }) => d.caller?.type === 'member');
    expect(member.caller.name).toBe(email);
  });

  it("names a renamed key by its new name once the isolate's name is 10 s old", async () => {
    const named = async () =>
      (await list()).body.data.find((d: { id: string }) => d.id === keyRequestId).caller.name as string;
    const before = await named();
    await testEnv.DB.prepare('UPDATE api_keys SET name = ? WHERE id = ?').bind('Renamed backend key', keyId).run();
    try {
      // Within CALLER_NAME_TTL_MS the isolate's name is used (one directory lookup fewer per page).
      expect(await named()).toBe(before);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + CALLER_NAME_TTL_MS + 1 });
      expect(await named()).toBe('Renamed backend key');
    } finally {
      vi.useRealTimers();
      await testEnv.DB.prepare('UPDATE api_keys SET name = ? WHERE id = ?').bind(before, keyId).run();
    }
  });

  it.each([
    ['status class', [{ field: 'statusClass', op: 'in', value: ['4xx', '5xx'] }], ['DELETE']],
    ['method', [{ field: 'method', op: 'eq', value: 'GET' }], ['GET', 'GET']],
    ['route', [{ field: 'route', op: 'eq', value: '/api/v1/projects/:projectId/:mode/users' }], ['GET']],
    ['path prefix', [{ field: 'path', op: 'prefix', value: '/wal' }], ['DELETE', 'GET']],
    ['time range (future)', [{ field: 'createdAt', op: 'gte', value: Date.now() + 3600_000 }], []],
  ])('filters by %s', async (_, filters, methods) => {
    const f = JSON.parse(JSON.stringify(filters));
    const res = await list({ filters: f });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { method: string }) => d.method)).toEqual(methods);
  });

  it('filters by key and by request id', async () => {
    const byKey = await list({ filters: [{ field: 'keyId', op: 'eq', value: keyId }] });
    expect(byKey.body.data.map((d: { id: string }) => d.id)).toEqual([keyRequestId]);
    const byId = await list({ filters: [{ field: 'id', op: 'eq', value: keyRequestId }] });
    expect(byId.body.data.map((d: { id: string }) => d.id)).toEqual([keyRequestId]);
    const bad = await list({ filters: [{ field: 'statusClass', op: 'eq', value: '7xx' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.param).toBe('filters');
  });

  it('opens one request; another project’s request id is a 404', async () => {
    const one = await api('GET', `${base()}/${keyRequestId}`, p.ownerToken);
    expect(one.status).toBe(200);
    expect(one.body.path).toBe(`/api/v1/projects/${p.id}/test/users`);
    expect(one.body.query).toBe('limit=1');
    expect(one.body.shortPath).toBe('/users');
    const foreign = (await handedOver(other.id))[0]!.id;
    expect((await api('GET', `${base()}/${foreign}`, p.ownerToken)).status).toBe(404);
    expect((await api('GET', `${base()}/not-an-id`, p.ownerToken)).status).toBe(404);
    expect((await api('GET', `/projects/${other.id}/test/logs/${keyRequestId}`, other.ownerToken)).status).toBe(404);
    // Another project's member does not reach this project's log at all.
    expect((await api('GET', base(), other.ownerToken)).status).toBe(404);
  });

  it('viewers read it; the CSV export holds the filtered rows', async () => {
    await addMember(p.id, 'logs-reader-viewer', 'viewer');
    expect((await api('GET', base(), await token('logs-reader-viewer'))).status).toBe(200);
    const csv = await api(
      'GET',
      `${base()}.csv?filters=${encodeURIComponent(JSON.stringify([{ field: 'method', op: 'eq', value: 'GET' }]))}`,
      p.ownerToken,
    );
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,createdAt,method,route,path,shortPath,query,status/);
    expect(lines.length).toBe(3);
    expect(csv.text).toContain(keyRequestId);
    expect(csv.text).not.toContain('DELETE');
  });

  it('counts requests and errors per minute', async () => {
    const to = new Date(Date.now() + 60_000).toISOString();
    const from = new Date(Date.now() - 3600_000).toISOString();
    const res = await api('GET', `${base()}/stats?from=${from}&to=${to}`, p.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body.bucketSeconds).toBe(60);
    const sum = (k: 'requests' | 'errors') =>
      res.body.points.reduce((s: number, x: Record<string, number>) => s + x[k]!, 0);
    expect(sum('requests')).toBe(3);
    expect(sum('errors')).toBe(1);
    const bad = await api('GET', `${base()}/stats?from=${to}&to=${from}`, p.ownerToken);
    expect(bad.status).toBe(400);
  });
});

describe('request log: retention', () => {
  it('deletes entries older than 30 days and keeps the rest', async () => {
    const p = await newProject('logs-retention');
    await api('GET', `/projects/${p.id}/test/wallets`, p.ownerToken);
    const [recent] = await handedOver(p.id);
    const now = Date.now();
    const old = { ...recent!, id: 'req_00000000-0000-7000-8000-0000000000aa', createdAt: now - 31 * 86_400_000 };
    const edge = { ...recent!, id: 'req_00000000-0000-7000-8000-0000000000ab', createdAt: now - 29 * 86_400_000 };
    await consume([recent, old, edge]);
    expect((await logRows(p.id)).length).toBe(3);
    expect(await purgeRequestLogs(testEnv, now)).toBeGreaterThanOrEqual(1);
    expect((await logRows(p.id)).map((r) => r.id).sort()).toEqual([recent!.id, edge.id].sort());
  });
});
