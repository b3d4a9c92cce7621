import { WorkerEntrypoint } from 'cloudflare:workers';
import { deliver, fanOut, sweep, type Engine } from '../../functions/_lib/webhooks/dispatch';
import { dohResolver } from '../../functions/_lib/net/doh';
import { TIMEOUT_MS } from '../../functions/_lib/webhooks/schedule';
import { purgeTrash, trashOf } from '../../functions/_lib/db/trash';
import { allShards, directoryOf, shardAt } from '../../functions/_lib/db/shards';
import {
  consumeRequestLogs,
  LOG_BATCH_MAX,
  purgeRequestLogs,
  REQUEST_LOG_QUEUE,
} from '../../functions/_lib/logs/store';

/**
 * The webhook delivery engine's Worker (docs/api.md "Webhook delivery"). The dashboard's Functions call it through
 * a service binding (the RPC method `enqueue`, which no HTTP route reaches: the Worker has no public route that
 * enqueues anything, and `workers_dev = false`) after an outbox event commits; it puts the work on its queue, whose consumer
 * fans events out and makes attempts; retries are delayed messages; a cron enqueues whatever a lost message or a
 * crash left behind, and purges the projects whose 7 days in the trash are over. Locally `npm start` and the test stacks run it with `wrangler dev` on the same D1 state.
 */

export interface DispatcherEnv {
  /** The directory database (projects and their trash state); the outboxes are on the shards. */
  DB: D1Database;
  /** The shards (`SHARD_0` … `SHARD_n-1`), each with its own outbox and attempts (functions/_lib/db/shards.ts). */
  [shard: `SHARD_${number}`]: D1Database | undefined;
  DELIVERIES: Queue<Message>;
  /** The request log's database (migrations/logs) and the queue of its entries (docs/api.md "Request logs"). */
  LOGS?: D1Database;
  LOG_ENTRIES?: Queue<unknown>;
  DATA_ENCRYPTION_KEY?: string;
  WEBHOOK_ALLOW_LOOPBACK?: string;
  /** DNS-over-HTTPS endpoint for the send-time SSRF check of host names; empty: names are checked as written. */
  WEBHOOK_DOH_URL?: string;
  /** Attempt timeout (default 15 000 ms); the stack tests shorten it. */
  WEBHOOK_TIMEOUT_MS?: string;
  /** How overdue a pending attempt or an event must be before the cron enqueues it (default 60 000 ms). */
  WEBHOOK_SWEEP_GRACE_MS?: string;
  /** `true` (tests only): `/__test/clock` moves the schedule's clock and `/__test/sweep` runs the cron's work. */
  WEBHOOK_TEST_HOOKS?: string;
  /** `true` in local stacks: `POST /__local/cron` runs the scheduled work (`wrangler pages dev` fires no crons). */
  WEBHOOK_LOCAL_HOOKS?: string;
}

/**
 * An event to fan out or an attempt to make, on shard `shard` (null or absent: the directory's own tables of an
 * installation from before the shards, and messages queued before them).
 */
export type Message = { kind: 'event' | 'attempt'; id: string; shard?: number | null };

/** The test clock's offset (ms), moved only through /__test/clock when WEBHOOK_TEST_HOOKS=true. */
let clockOffset = 0;
/** Settings a test sets through /__test/config (WEBHOOK_TEST_HOOKS=true): the SSRF tests run with loopback off. */
const testConfig: { allowLoopback?: boolean; dohUrl?: string } = {};

function engine(env: DispatcherEnv, shard: number | null): Engine {
  return {
    db: shardAt(env, shard),
    trash: trashOf(directoryOf(env), shard),
    env,
    now: () => Date.now() + clockOffset,
    random: Math.random,
    enqueue: async (id, delayMs) => {
      await env.DELIVERIES.send(
        { kind: 'attempt', id, shard },
        { delaySeconds: Math.min(43_200, Math.max(0, Math.ceil(delayMs / 1000))) },
      );
    },
    fetch: (input, init) => fetch(input, init),
    resolve:
      (testConfig.dohUrl ?? env.WEBHOOK_DOH_URL) ? dohResolver((testConfig.dohUrl ?? env.WEBHOOK_DOH_URL)!) : undefined,
    allowLoopback: testConfig.allowLoopback ?? env.WEBHOOK_ALLOW_LOOPBACK === 'true',
    timeoutMs: Number(env.WEBHOOK_TIMEOUT_MS) || TIMEOUT_MS,
  };
}

async function enqueueAll(env: DispatcherEnv, messages: Message[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 100)
    await env.DELIVERIES.sendBatch(messages.slice(i, i + 100).map((body) => ({ body })));
}

/**
 * The cron's sweep over every shard, and over the directory's own tables (the outbox of an installation from before
 * the shards, empty once `npm run shards:split` has run).
 */
async function runSweep(env: DispatcherEnv, graceMs: number) {
  const all = { events: [] as string[], deliveries: [] as string[] };
  for (const shard of [null, ...allShards(env).map((s) => s.shard)]) {
    const found = await sweep(engine(env, shard), graceMs);
    await enqueueAll(env, [
      ...found.events.map((id) => ({ kind: 'event' as const, id, shard })),
      ...found.deliveries.map((id) => ({ kind: 'attempt' as const, id, shard })),
    ]);
    all.events.push(...found.events);
    all.deliveries.push(...found.deliveries);
  }
  return all;
}

/** An event: fan it out and make the first attempts; an attempt: make it (on the message's shard). */
async function handle(env: DispatcherEnv, m: Message): Promise<void> {
  const e = engine(env, m.shard ?? null);
  if (m.kind === 'event') {
    const ids = await fanOut(e, m.id);
    await Promise.all(ids.map((id) => deliver(e, id)));
  } else await deliver(e, m.id);
}

const ID = /^(evt|whd)_[0-9a-f-]{36}$/;

/** What the Pages project's service binding may call (`env.WEBHOOK_DISPATCHER.enqueue(…)`). */
export interface DispatcherRpc {
  enqueue(events: string[], deliveries: string[], shard?: number | null): Promise<{ accepted: number }>;
  recordRequests(entries: unknown[]): Promise<{ accepted: number }>;
}

/** JSON bytes per queue message (a message may hold 128 KB). */
const MAX_LOG_MESSAGE_BYTES = 96_000;

/**
 * The entries of one call as few queue messages as fit: each message an array of entries (the consumer takes an
 * array or, as messages were before 2026-11-27, one entry). One message per entry made the queue's own work per
 * entry the larger part of what recording cost the API's runtime.
 */
export function logMessages(list: unknown[]): unknown[][] {
  const messages: unknown[][] = [];
  let current: unknown[] = [];
  let bytes = 2;
  for (const e of list) {
    const size = JSON.stringify(e).length + 1;
    if (current.length && bytes + size > MAX_LOG_MESSAGE_BYTES) {
      messages.push(current);
      current = [];
      bytes = 2;
    }
    current.push(e);
    bytes += size;
  }
  if (current.length) messages.push(current);
  return messages;
}

export default class WebhookDispatcher extends WorkerEntrypoint<DispatcherEnv> implements DispatcherRpc {
  /**
   * RPC through the service binding only: enqueue these events (fan-out) and attempts. The first attempt goes out at
   * once from here (no queue hop: the p95 event → first attempt budget); a failure on the way puts the work on the
   * queue, and a crash leaves it to the cron's sweep. Ids of another form are ignored.
   */
  async enqueue(events: string[], deliveries: string[], shard: number | null = null): Promise<{ accepted: number }> {
    const list = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && ID.test(x)) : [];
    if (shard !== null && !(Number.isInteger(shard) && shard >= 0 && shardAt(this.env, shard)))
      throw new Error('no such shard');
    const messages: Message[] = [
      ...list(events).map((id) => ({ kind: 'event' as const, id, shard })),
      ...list(deliveries).map((id) => ({ kind: 'attempt' as const, id, shard })),
    ];
    if (messages.length > 1000) throw new Error('at most 1000 ids per call');
    const env = this.env;
    this.ctx.waitUntil(
      Promise.all(messages.map((m) => handle(env, m).catch(() => env.DELIVERIES.send(m).catch(() => {})))),
    );
    return { accepted: messages.length };
  }

  /**
   * RPC through the service binding only: request log entries the API hands over after its answers, put on the
   * queue whose consumer writes them in batches (functions/_lib/logs/store.ts validates each there).
   */
  async recordRequests(entries: unknown[]): Promise<{ accepted: number }> {
    const queue = this.env.LOG_ENTRIES;
    if (!queue || !Array.isArray(entries)) return { accepted: 0 };
    const list = entries.slice(0, LOG_BATCH_MAX).filter((e) => e && typeof e === 'object');
    if (list.length) await queue.sendBatch(logMessages(list).map((body) => ({ body })));
    return { accepted: list.length };
  }

  /** HTTP: a health check; the local stacks' cron and test hooks when their variables are on; nothing else. */
  async fetch(request: Request): Promise<Response> {
    const env = this.env;
    const url = new URL(request.url);
    if (env.WEBHOOK_LOCAL_HOOKS === 'true' && request.method === 'POST' && url.pathname === '/__local/cron') {
      const found = await runSweep(env, Number(env.WEBHOOK_SWEEP_GRACE_MS) || 60_000);
      return Response.json({
        ...found,
        purged: await purgeTrash(env, Date.now()),
        logsPurged: await purgeRequestLogs(env, Date.now()),
      });
    }
    if (env.WEBHOOK_TEST_HOOKS === 'true' && request.method === 'POST' && url.pathname.startsWith('/__test/')) {
      if (url.pathname === '/__test/clock') {
        const { advanceMs } = (await request.json()) as { advanceMs: number };
        clockOffset += advanceMs;
        return Response.json({ now: Date.now() + clockOffset });
      }
      if (url.pathname === '/__test/config') {
        Object.assign(testConfig, await request.json());
        return Response.json(testConfig);
      }
      if (url.pathname === '/__test/sweep')
        return Response.json(await runSweep(env, Number(url.searchParams.get('graceMs') ?? 0)));
    }
    if (url.pathname === '/health') return new Response('ok');
    return new Response('Not found', { status: 404 });
  }

  async queue(batch: MessageBatch<Message>): Promise<void> {
    // The request log's entries: one batch write (functions/_lib/logs/store.ts).
    if (batch.queue === REQUEST_LOG_QUEUE) return consumeRequestLogs(this.env, batch as MessageBatch<unknown>);
    await Promise.all(
      batch.messages.map(async (m) => {
        try {
          await handle(this.env, m.body);
          m.ack();
        } catch (err) {
          console.error(`webhook-dispatcher: ${m.body.kind} ${m.body.id}: ${String(err)}`);
          m.retry({ delaySeconds: 5 });
        }
      }),
    );
  }

  async scheduled(): Promise<void> {
    await runSweep(this.env, Number(this.env.WEBHOOK_SWEEP_GRACE_MS) || 60_000);
    // The project trash: projects deleted more than 7 days ago go with all their data (docs/api.md "Project trash").
    await purgeTrash(this.env, Date.now());
    // The request log keeps 30 days (docs/api.md "Request logs").
    await purgeRequestLogs(this.env, Date.now());
  }
}
