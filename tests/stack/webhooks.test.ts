import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStackOnFreePorts, type Stack } from '../../scripts/lib/stack.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { descendants } from '../../scripts/lib/supervise.ts';
import { openMigratedDatabases } from '../../scripts/seed/local-d1.ts';
import { DEMO_ACCOUNTS, DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';
import { LOCAL_ANON_KEY } from '../../dev/auth-emulator/config.ts';
import { startReceiver } from './webhook-receiver.ts';

/**
 * The webhook delivery engine with real processes (docs/api.md "Webhook delivery"): the Pages server writes outbox
 * events, the companion Worker (workers/webhook-dispatcher, `wrangler dev` on the same D1 state) delivers them to a
 * real receiver on 127.0.0.1 that verifies every request with `standardwebhooks`. The retry schedule runs on the
 * Worker's injected clock (`/__test/clock`, test stacks only) and its cron sweep, not on sleeps; the timeout is the
 * real 15 s.
 */

let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let token: string;
const P = `/api/v1/projects/${DEMO_PROJECTS.demo}/test`;
const ROOT = path.resolve(import.meta.dirname, '../..');

async function api(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.url}${p}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Moves the dispatcher's schedule clock forward; returns its time. */
async function advance(ms: number): Promise<number> {
  const res = await fetch(`${stack.url}/api/v1/__dispatcher/__test/clock`, {
    method: 'POST',
    body: JSON.stringify({ advanceMs: ms }),
  });
  return ((await res.json()) as { now: number }).now;
}
/**
 * Puts the dispatcher's clock back to real time (later tests must not inherit days of moved time), or a little behind
 * it, never ahead: set from the time before the call, it lags by the call's latency. Set from the time after it (as it
 * was), it ran ahead by that latency, on a loaded host hundreds of ms: first attempts then carried later times than
 * a replay the API stamped a moment after, and sorted after it (clean-clone run 35). A clock behind only makes an
 * attempt wait that long on the queue ("Early" in dispatch.ts).
 */
async function resetClock(): Promise<void> {
  const before = Date.now();
  const now = await advance(0);
  await advance(before - now);
}
/** The cron's work now (what is due on the moved clock is enqueued). */
async function sweepNow(): Promise<void> {
  const res = await fetch(`${stack.url}/api/v1/__dispatcher/__test/sweep?graceMs=0`, { method: 'POST' });
  expect(res.status).toBe(200);
  await res.body?.cancel();
}

type Delivery = {
  id: string;
  eventId: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  responseCode: number | null;
  responseBody: string | null;
  error: string | null;
  latencyMs: number | null;
  createdAt: string;
  nextAttemptAt: string | null;
};
async function deliveries(hookId: string): Promise<Delivery[]> {
  const r = await api('GET', `${P}/webhooks/${hookId}/deliveries?order=createdAt:asc&limit=100`);
  expect(r.status).toBe(200);
  return r.body.data;
}
/** Waits until the webhook has `n` finished attempts (polling the API, as the screen would). */
async function finished(hookId: string, n: number, timeoutMs = 30_000): Promise<Delivery[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await deliveries(hookId);
    if (list.filter((d) => d.status !== 'pending').length >= n) return list;
    if (Date.now() > until) throw new Error(`${hookId}: ${n} finished attempts expected, have ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
/** Moves the clock to the latest failed attempt's next attempt and sweeps; waits for that attempt to finish. */
async function nextAttempt(hookId: string): Promise<Delivery[]> {
  const list = await deliveries(hookId);
  const done = list.filter((d) => d.status !== 'pending');
  const last = done.at(-1)!;
  expect(last.nextAttemptAt, 'a next attempt is scheduled').not.toBeNull();
  const now = await advance(0);
  await advance(Math.max(0, Date.parse(last.nextAttemptAt!) - now) + 1000);
  await sweepNow();
  return finished(hookId, done.length + 1);
}

async function webhook(urlPath: string, topics = ['test']): Promise<{ id: string; secret: string }> {
  const r = await api('POST', `${P}/webhooks`, { url: receiver.url(urlPath), topics });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  receiver.secret(urlPath, 'current', r.body.secret);
  return { id: r.body.id, secret: r.body.secret };
}
async function sendTest(hookId: string): Promise<string> {
  const r = await api('POST', `${P}/webhooks/${hookId}/test`);
  expect(r.status).toBe(202);
  return r.body.eventId;
}
async function until(check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 500));
  }
}
function killWorkerd(): number {
  const pids = descendants(stack.pagesChild().pid!).filter((pid) => {
    try {
      return /workerd/.test(execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }));
    } catch {
      return false;
    }
  });
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  return pids.length;
}
const hookState = async (id: string) => (await api('GET', `${P}/webhooks/${id}`)).body;

beforeAll(async () => {
  process.env.DASHBOARD_DIST = mkdtempSync(path.join(os.tmpdir(), 'dashboard-empty-site-'));
  stack = await startStackOnFreePorts({ superviseEveryMs: 1000 });
  receiver = await startReceiver();
  const session = await fetch(`${stack.auth.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: LOCAL_ANON_KEY },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.demo.email, password: DEMO_ACCOUNTS.demo.password }),
  });
  token = ((await session.json()) as { access_token: string }).access_token;
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

describe('the dispatcher Worker has no HTTP enqueue', () => {
  it('the dispatcher answers no enqueue over HTTP, and delivery still works through the binding', async () => {
    const hook = await webhook('/rpc', ['test']);
    // The Worker's own fetch (reached here through the local-only proxy): a forged enqueue of a real event is 404.
    const eventId = (await api('POST', `${P}/webhooks/${hook.id}/test`)).body.eventId as string;
    const forged = await fetch(`${stack.url}/api/v1/__dispatcher/enqueue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [eventId] }),
    });
    expect(forged.status).toBe(404);
    await forged.body?.cancel();
    // The API's enqueue (RPC over the service binding) delivered the event, once.
    const [d] = await finished(hook.id, 1);
    expect(d).toMatchObject({ status: 'succeeded', eventId });
    expect(receiver.at('/rpc')).toHaveLength(1);
  });
});

describe('deliveries to a real receiver', () => {
  it('an API change is delivered, signed (Standard Webhooks), thin, the webhook-id being the event id', async () => {
    const hook = await webhook('/users', ['user.created']);
    const user = await api('POST', `${P}/users`, { name: 'Webhook Ada' });
    expect(user.status).toBe(201);
    const [d] = await finished(hook.id, 1);
    expect(d).toMatchObject({ status: 'succeeded', responseCode: 200, responseBody: 'ok', error: null, attempt: 1 });
    const [got] = receiver.at('/users');
    expect(got!.verifiedBy).toEqual(['current']);
    expect(got!.id).toBe(d!.eventId);
    expect(JSON.parse(got!.body)).toEqual({
      type: 'user.created',
      timestamp: expect.any(String),
      data: { id: user.body.id },
    });
    const log = await api('GET', `${P}/event-log/${d!.eventId}`);
    expect(log.body.deliveries.succeeded).toBe(1);
    expect(log.body.attempts).toContainEqual(
      expect.objectContaining({ webhookId: hook.id, attempt: 1, status: 'succeeded', responseCode: 200 }),
    );
    expect((await hookState(hook.id)).lastDeliveryStatus).toBe('succeeded');
    // The demo project's own webhook for user.created gets the event too. Its host (hooks.example.com) is resolved
    // through the stack's local resolver, which does not know it: the attempt fails with that reason, nothing is sent
    // off the machine, and no runtime text reaches the screen.
    const hooks = await api('GET', `${P}/webhooks?limit=100`);
    const demo = (hooks.body.data as { id: string; url: string }[]).find(
      (h) => h.url === 'https://hooks.example.com/test/1',
    )!;
    let attempt: Delivery | undefined;
    await until(async () => {
      attempt = (await deliveries(demo.id)).find((x) => x.eventId === d!.eventId && x.status !== 'pending');
      return Boolean(attempt);
    }, 30_000);
    expect(attempt).toMatchObject({
      status: 'failed',
      responseCode: null,
      error: 'The host hooks.example.com does not resolve',
    });
  });

  it("a project on the other shard is delivered by the same engine (each shard's outbox)", async () => {
    const dbs = openMigratedDatabases(ROOT, stack.state);
    const shardOf = (id: string) =>
      (dbs.directory.prepare('SELECT shard FROM projects WHERE id = ?').get(id) as { shard: number }).shard;
    const [demoShard, otherShard] = [shardOf(DEMO_PROJECTS.demo), shardOf(DEMO_PROJECTS.other)];
    dbs.close();
    expect(otherShard).not.toBe(demoShard);
    const session = await fetch(`${stack.auth.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: LOCAL_ANON_KEY },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.other.email, password: DEMO_ACCOUNTS.other.password }),
    });
    const otherToken = ((await session.json()) as { access_token: string }).access_token;
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${stack.url}/api/v1/projects/${DEMO_PROJECTS.other}/test${p}`, {
        method,
        headers: { Authorization: `Bearer ${otherToken}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const hook = await call('POST', '/webhooks', { url: receiver.url('/other-shard'), topics: ['user.created'] });
    expect(hook.status).toBe(201);
    receiver.secret('/other-shard', 'current', hook.body.secret);
    const user = await call('POST', '/users', { name: 'Shard One Ada' });
    expect(user.status).toBe(201);
    for (const until = Date.now() + 20_000; !receiver.at('/other-shard').length;) {
      if (Date.now() > until) throw new Error('the other shard’s event was not delivered');
      await new Promise((r) => setTimeout(r, 200));
    }
    const [got] = receiver.at('/other-shard');
    expect(got!.verifiedBy).toEqual(['current']);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'user.created', data: { id: user.body.id } });
    const log = await call('GET', `/event-log/${got!.id}`);
    expect(log.body.deliveries.succeeded).toBe(1);
  });

  it('500: eight attempts on the schedule, the same webhook-id each time, then none; the endpoint stays on', async () => {
    receiver.on('/500', (_q, res) => res.writeHead(500).end('boom'));
    const hook = await webhook('/500');
    const eventId = await sendTest(hook.id);
    let list = await finished(hook.id, 1);
    expect(list[0]).toMatchObject({ status: 'failed', responseCode: 500, responseBody: 'boom', attempt: 1 });
    const steps = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    for (const [i, step] of steps.entries()) {
      const prev = list.filter((d) => d.status !== 'pending').at(-1)!;
      const gap = Date.parse(prev.nextAttemptAt!) - Date.parse(prev.createdAt);
      expect(gap, `delay before attempt ${i + 2}`).toBeGreaterThanOrEqual(step * 0.9 - 1000);
      // The gap also holds the attempt itself (the receiver's answer and the write): seconds on a loaded machine.
      expect(gap).toBeLessThanOrEqual(step * 1.1 + 5000);
      list = await nextAttempt(hook.id);
    }
    expect(list.map((d) => [d.attempt, d.status])).toEqual(steps.concat(0).map((_, i) => [i + 1, 'failed']));
    expect(list.at(-1)!.nextAttemptAt).toBeNull();
    const got = receiver.at('/500');
    expect(got).toHaveLength(8);
    expect(new Set(got.map((g) => g.id))).toEqual(new Set([eventId]));
    expect(got.every((g) => g.verifiedBy.includes('current'))).toBe(true);
    expect(await hookState(hook.id)).toMatchObject({
      enabled: true,
      disabledReason: null,
      lastDeliveryStatus: 'failed',
    });

    // Still failing 5 days after its first failure: turned off ('failing'), and owners/admins get a notice.
    await advance(5 * 86_400_000);
    await sendTest(hook.id);
    await finished(hook.id, 9);
    expect(await hookState(hook.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const notices = await api('GET', `/api/v1/projects/${DEMO_PROJECTS.demo}/notices`);
    expect(notices.body.data).toContainEqual(
      expect.objectContaining({ webhookId: hook.id, reason: 'failing', kind: 'webhook_disabled', mode: 'test' }),
    );
  });

  it('a hang past 15 s is a failure ("Timed out after 15 s") with a retry', async () => {
    receiver.on('/hang', () => {});
    const hook = await webhook('/hang');
    await sendTest(hook.id);
    const [d] = await finished(hook.id, 1, 40_000);
    expect(d).toMatchObject({ status: 'failed', responseCode: null, error: 'Timed out after 15 s' });
    expect(d!.latencyMs).toBeGreaterThanOrEqual(15_000);
    expect(d!.nextAttemptAt).not.toBeNull();
  }, 60_000);

  it('301 is a failure: the redirect is not followed', async () => {
    receiver.on('/301', (_q, res) => res.writeHead(301, { Location: receiver.url('/301-target') }).end());
    const hook = await webhook('/301');
    await sendTest(hook.id);
    const [d] = await finished(hook.id, 1);
    expect(d).toMatchObject({ status: 'failed', responseCode: 301, error: 'Redirects are not followed (301)' });
    expect(d!.nextAttemptAt).not.toBeNull();
    expect(receiver.at('/301-target')).toHaveLength(0);
  });

  it('410 turns the webhook off at once (gone), no retry, a notice', async () => {
    receiver.on('/410', (_q, res) => res.writeHead(410).end('gone'));
    const hook = await webhook('/410');
    await sendTest(hook.id);
    const [d] = await finished(hook.id, 1);
    expect(d).toMatchObject({ status: 'failed', responseCode: 410, nextAttemptAt: null });
    expect(await hookState(hook.id)).toMatchObject({ enabled: false, disabledReason: 'gone' });
    const notices = await api('GET', `/api/v1/projects/${DEMO_PROJECTS.demo}/notices`);
    expect(notices.body.data).toContainEqual(expect.objectContaining({ webhookId: hook.id, reason: 'gone' }));
    await advance(3_600_000);
    await sweepNow();
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.at('/410')).toHaveLength(1);
  });

  it('429 with Retry-After: 120 waits 120 s, not the 5 s step', async () => {
    let n = 0;
    receiver.on('/429', (_q, res) =>
      n++ === 0 ? res.writeHead(429, { 'Retry-After': '120' }).end() : res.writeHead(204).end(),
    );
    const hook = await webhook('/429');
    await sendTest(hook.id);
    const [d] = await finished(hook.id, 1);
    expect(d).toMatchObject({ status: 'failed', responseCode: 429 });
    expect(Date.parse(d!.nextAttemptAt!) - Date.parse(d!.createdAt)).toBeGreaterThanOrEqual(120_000);
    await advance(60_000);
    await sweepNow();
    await new Promise((r) => setTimeout(r, 6000)); // past the 5 s step, in real time too
    expect(receiver.at('/429')).toHaveLength(1);
    const list = await nextAttempt(hook.id);
    expect(list.map((x) => [x.attempt, x.status, x.responseCode])).toEqual([
      [1, 'failed', 429],
      [2, 'succeeded', 204],
    ]);
  });

  it('a reset connection is a failure with a retry', async () => {
    receiver.on('/reset', (_q, _res, socket) => socket.destroy());
    const hook = await webhook('/reset');
    await sendTest(hook.id);
    const [d] = await finished(hook.id, 1);
    expect(d).toMatchObject({ status: 'failed', responseCode: null });
    expect(d!.error).toMatch(/^Connection/);
    expect(d!.nextAttemptAt).not.toBeNull();
  });

  it('a receiver that is down and comes back gets the event on the next attempt', async () => {
    const other = await startReceiver();
    const r = await api('POST', `${P}/webhooks`, { url: other.url('/back'), topics: ['test'] });
    other.secret('/back', 'current', r.body.secret);
    await other.down();
    const eventId = await sendTest(r.body.id);
    const [d] = await finished(r.body.id, 1);
    expect(d).toMatchObject({ status: 'failed', responseCode: null });
    expect(d!.error).toMatch(/^Connection/);
    await other.up();
    const list = await nextAttempt(r.body.id);
    expect(list.map((x) => [x.attempt, x.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect(other.at('/back').map((g) => [g.id, g.verifiedBy])).toEqual([[eventId, ['current']]]);
    expect(await hookState(r.body.id)).toMatchObject({ lastDeliveryStatus: 'succeeded', enabled: true });
    await other.close();
  });
});

describe('resend and replay through the engine', () => {
  it('a failed window replayed after the receiver is fixed succeeds; a resend sends the event again now', async () => {
    await resetClock();
    let failing = true;
    // Failing with a Retry-After of an hour: the scheduled retries wait; the replay brings them forward.
    receiver.on('/replay', (_q, res) =>
      failing ? res.writeHead(429, { 'Retry-After': '3600' }).end('later') : res.writeHead(200).end('ok'),
    );
    const hook = await webhook('/replay');
    const from = new Date(Date.now() - 1000).toISOString();
    const events = [await sendTest(hook.id), await sendTest(hook.id), await sendTest(hook.id)];
    await finished(hook.id, 3);
    failing = false;
    const replay = await api('POST', `${P}/webhooks/${hook.id}/replay`, { from, to: new Date().toISOString() });
    expect(replay).toMatchObject({ status: 202, body: { queued: 3 } });
    const list = await finished(hook.id, 6);
    expect(list).toHaveLength(6);
    // Each event's attempt with the highest number (not the last in time order: that is the clocks' word).
    const latest = new Map<string, Delivery>();
    for (const d of list) if ((latest.get(d.eventId)?.attempt ?? 0) < d.attempt) latest.set(d.eventId, d);
    expect([...latest.keys()].sort()).toEqual([...events].sort());
    // Each event's latest attempt is the replay's, and it succeeded (compared whole, so a miss shows every attempt).
    expect([...latest.values()].map((d) => [d.eventId, d.attempt, d.status]).sort()).toEqual(
      [...events].sort().map((e) => [e, 2, 'succeeded']),
    );
    const resent = await api('POST', `${P}/webhooks/${hook.id}/deliveries/${list[0]!.id}/resend`);
    expect(resent.status).toBe(202);
    const after = await finished(hook.id, 7);
    expect(after.find((d) => d.id === resent.body.deliveryId)).toMatchObject({ status: 'succeeded', attempt: 3 });
    const got = receiver.at('/replay');
    expect(got).toHaveLength(7);
    expect(got.every((g) => g.verifiedBy.includes('current'))).toBe(true);
  });
});

describe('secret rotation', () => {
  it('during the 24 h grace both secrets verify; after it only the new one', async () => {
    await resetClock(); // the grace ends 24 h after the API's (real) rotation time
    const hook = await webhook('/rotate');
    const rotated = await api('POST', `${P}/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    receiver.secret('/rotate', 'old', hook.secret);
    receiver.secret('/rotate', 'current', rotated.body.secret);
    await sendTest(hook.id);
    await finished(hook.id, 1);
    expect(receiver.at('/rotate')[0]!.verifiedBy.sort()).toEqual(['current', 'old']);
    await advance(24 * 3_600_000 + 60_000);
    await sendTest(hook.id);
    await finished(hook.id, 2);
    expect(receiver.at('/rotate')[1]!.verifiedBy).toEqual(['current']);
  });
});

describe('a restart of the companion Worker', () => {
  it('an attempt interrupted mid-request is delivered once more, never lost', { timeout: 180_000 }, async () => {
    let n = 0;
    let first: () => void;
    const hanging = new Promise<void>((r) => (first = r));
    receiver.on('/restart', (_q, res) => {
      if (n++ === 0) first();
      else res.writeHead(200).end('ok');
    });
    await resetClock();
    const hook = await webhook('/restart');
    const eventId = await sendTest(hook.id);
    await hanging;
    // The Workers runtime (Pages server and dispatcher: one workerd) dies mid-request; it comes back.
    expect(killWorkerd()).toBeGreaterThan(0);
    await until(async () => (await fetch(`${stack.url}/api/v1/__dispatcher/health`).catch(() => null))?.status === 200);
    // The queue was in memory: gone. The claim lapses (timeout + 30 s) on the clock (back at real time after the
    // restart); the cron's real sweep then finds the attempt in D1 and sends it again.
    await advance(120_000);
    await stack.runDispatcherCron();
    const list = await finished(hook.id, 1);
    expect(list.map((d) => [d.attempt, d.status])).toEqual([[1, 'succeeded']]);
    const got = receiver.at('/restart');
    expect(got.map((g) => g.id)).toEqual([eventId, eventId]);
  });
});

describe('SSRF guard at send time (loopback not allowed)', () => {
  let doh: Server;
  const DNS: Record<string, string> = { 'private.example.test': '10.0.0.7', 'loop.example.test': '127.0.0.1' };
  /** A name the resolver fails on (503), as a resolver that is down answers; its lookups are counted. */
  const DOWN = 'resolver-down.example.test';
  let downLookups = 0;
  beforeAll(async () => {
    doh = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const name = u.searchParams.get('name') ?? '';
      if (name === DOWN) {
        downLookups++;
        res.writeHead(503).end();
        return;
      }
      const a = u.searchParams.get('type') === 'A' && DNS[name];
      res.writeHead(200, { 'Content-Type': 'application/dns-json' });
      res.end(JSON.stringify({ Status: 0, Answer: a ? [{ name, type: 1, TTL: 60, data: a }] : [] }));
    });
    const port = await freePort();
    await new Promise<void>((r) => doh.listen(port, '127.0.0.1', () => r()));
    const res = await fetch(`${stack.url}/api/v1/__dispatcher/__test/config`, {
      method: 'POST',
      body: JSON.stringify({ allowLoopback: false, dohUrl: `http://127.0.0.1:${port}/dns-query` }),
    });
    expect(res.status).toBe(200);
  }, 120_000);
  afterAll(() => new Promise<void>((r) => doh.close(() => r())));

  const port = () => receiver.port;
  const TABLE: [string, () => string, RegExp][] = [
    ['127.0.0.1', () => `http://127.0.0.1:${port()}/ssrf`, /loopback/],
    ['localhost', () => `http://localhost:${port()}/ssrf`, /loopback/],
    ['[::1]', () => `http://[::1]:${port()}/ssrf`, /loopback/],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data', /link-local/],
    ['10.0.0.1', () => 'https://10.0.0.1/h', /private/],
    ['172.16.0.1', () => 'https://172.16.0.1/h', /private/],
    ['192.168.0.1', () => 'https://192.168.0.1/h', /private/],
    ['100.64.0.1', () => 'https://100.64.0.1/h', /carrier-grade NAT/],
    ['0.0.0.0', () => `http://0.0.0.0:${port()}/ssrf`, /unspecified/],
    ['2130706433', () => `http://2130706433:${port()}/ssrf`, /loopback/],
    ['0177.0.0.1', () => `http://0177.0.0.1:${port()}/ssrf`, /loopback/],
    ['0x7f.1', () => `http://0x7f.1:${port()}/ssrf`, /loopback/],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port()}/ssrf`, /IPv4-mapped/],
    ['[fd00::1]', () => 'https://[fd00::1]/h', /unique-local/],
    ['[fe80::1]', () => 'https://[fe80::1]/h', /link-local/],
    ['a name resolving to 10.0.0.7', () => 'https://private.example.test/h', /resolves to 10\.0\.0\.7, a private/],
    [
      'a name resolving to 127.0.0.1',
      () => `https://loop.example.test:${port()}/ssrf`,
      /resolves to 127\.0\.0\.1, a loopback/,
    ],
  ];
  it.each(TABLE)('refuses %s', async (_name, url, reason) => {
    // Written straight into D1, as if the URL had passed the create-time check (or DNS changed since).
    const hook = await webhook('/ssrf-setup');
    // On whichever shard the project is.
    const dbs = openMigratedDatabases(ROOT, stack.state);
    for (const shard of dbs.shards) shard.prepare('UPDATE webhooks SET url = ? WHERE id = ?').run(url(), hook.id);
    dbs.close();
    await sendTest(hook.id);
    const [d] = await finished(hook.id, 1);
    expect(d!.status).toBe('failed');
    expect(d!.error).toMatch(/^Refused by the SSRF guard/);
    expect(d!.error).toMatch(reason);
    expect(receiver.at('/ssrf')).toHaveLength(0);
  });

  it('holds an attempt while the resolver is down: pending with the reason, tried again a minute later, the webhook not failing', async () => {
    const hook = await webhook('/dns-down');
    const dbs = openMigratedDatabases(ROOT, stack.state);
    for (const shard of dbs.shards)
      shard.prepare('UPDATE webhooks SET url = ? WHERE id = ?').run(`https://${DOWN}/h`, hook.id);
    dbs.close();
    await resetClock();
    await sendTest(hook.id);
    const held = async () => {
      const list = await deliveries(hook.id);
      return list.length === 1 && /^Waiting: the DNS lookup/.test(list[0]!.error ?? '') ? list[0]! : null;
    };
    await until(async () => (await held()) !== null, 30_000);
    const first = (await held())!;
    expect(first).toMatchObject({
      attempt: 1,
      status: 'pending',
      responseCode: null,
      error: `Waiting: the DNS lookup of ${DOWN} failed on our side; tried again in 1 min`,
    });
    // Due a minute on: nothing is sent, nothing counts against the receiver.
    expect(Date.parse(first.createdAt) - Date.now()).toBeGreaterThan(30_000);
    expect(await hookState(hook.id)).toMatchObject({ enabled: true, lastDeliveryStatus: null, successRate24h: null });
    // A minute later the same attempt is tried again (the resolver is asked again), still one attempt, still held.
    const lookups = downLookups;
    await advance(61_000);
    await sweepNow();
    await until(async () => downLookups > lookups, 30_000);
    await until(async () => Date.parse((await held())?.createdAt ?? '0') > Date.parse(first.createdAt), 30_000);
    const list = await deliveries(hook.id);
    expect(list.map((d) => [d.attempt, d.status])).toEqual([[1, 'pending']]);
    expect(receiver.at('/dns-down')).toHaveLength(0);
    await resetClock();
  });
});
