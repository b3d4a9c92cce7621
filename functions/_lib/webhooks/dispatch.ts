import { Webhook } from 'standardwebhooks';
import { newId } from '../../../src/shared/api/ids';
import { decryptSecret } from '../api/crypto';
import { checkTarget, type Resolver } from '../net/ssrf-guard';
import { standardSecret } from './secrets';
import {
  DISABLE_AFTER_MS,
  dnsHoldMs,
  RESPONSE_EXCERPT_BYTES,
  connectionError,
  judge,
  nextDelayMs,
  retryAfterMs,
} from './schedule';

/**
 * The delivery engine (docs/api.md "Webhook delivery"), run by the companion Worker workers/webhook-dispatcher:
 * {@link fanOut} turns an outbox event into one pending attempt per subscribed webhook, {@link deliver} makes one
 * attempt (claimed in D1 first, so two senders never send the same attempt, and a sender that dies mid-way frees it
 * after the claim lapses), and {@link sweep} (the Worker's cron) enqueues what a lost message or a crash left behind.
 */

export interface Engine {
  /** The shard whose outbox and attempts this engine works on (functions/_lib/db/shards.ts). */
  db: D1Database;
  /**
   * The project trash is in the directory: whether a project is in it (an event or attempt of one waits, unsent,
   * until a restore), and the ids of those with rows on this shard (the sweep passes them over).
   */
  trash: { has(projectId: string): Promise<boolean>; onShard(): Promise<string[]> };
  env: { DATA_ENCRYPTION_KEY?: string };
  /** The schedule's clock (tests inject one); signatures always carry the real time. */
  now: () => number;
  random: () => number;
  /** Puts an attempt on the queue, delivered after `delayMs`. */
  enqueue: (deliveryId: string, delayMs: number) => Promise<void>;
  fetch: typeof fetch;
  /** Resolves a host name at send time (the SSRF guard checks every address). */
  resolve?: Resolver;
  allowLoopback: boolean;
  timeoutMs: number;
}

type DeliveryRow = {
  id: string;
  project_id: string;
  mode: 'live' | 'test';
  webhook_id: string;
  event_id: string;
  topic: string;
  attempt: number;
  status: string;
  payload: string;
  created_at: number;
  claimed_until: number | null;
  /** Times this attempt was held for a failed DNS lookup on our side (migrations/shard/0004). */
  holds: number;
};
type WebhookRow = {
  id: string;
  url: string;
  enabled: number;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: number | null;
  failing_since: number | null;
};

/** How long a sender holds an attempt beyond its timeout before another may take it. */
const CLAIM_SLACK_MS = 30_000;

/**
 * One pending attempt per webhook the event goes to (INSERT OR IGNORE on (event, webhook, attempt): a second
 * fan-out of the same event adds nothing), and the event marked dispatched, in one batch. Returns the attempt ids.
 */
export async function fanOut(e: Engine, eventId: string): Promise<string[]> {
  const ev = await e.db
    .prepare('SELECT id, project_id, mode, topic, payload, webhook_id, created_at FROM webhook_events WHERE id = ?')
    .bind(eventId)
    .first<{
      id: string;
      project_id: string;
      mode: string;
      topic: string;
      payload: string;
      webhook_id: string | null;
    }>();
  // An event of a project in the trash waits (undispatched) until a restore; the sweep skips it meanwhile.
  if (!ev || (await e.trash.has(ev.project_id))) return [];
  const { results: hooks } = ev.webhook_id
    ? await e.db
        .prepare('SELECT id FROM webhooks WHERE id = ? AND project_id = ? AND mode = ?')
        .bind(ev.webhook_id, ev.project_id, ev.mode)
        .all<{ id: string }>()
    : await e.db
        .prepare(
          `SELECT id FROM webhooks WHERE project_id = ? AND mode = ? AND enabled = 1
           AND EXISTS (SELECT 1 FROM json_each(webhooks.topics) WHERE value = ?)`,
        )
        .bind(ev.project_id, ev.mode, ev.topic)
        .all<{ id: string }>();
  const now = e.now();
  const ids = hooks.map(() => newId('whd', now));
  await e.db.batch([
    ...hooks.map((h, i) =>
      e.db
        .prepare(
          `INSERT OR IGNORE INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, payload, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 1, 'pending', ?, ?)`,
        )
        .bind(ids[i], ev.project_id, ev.mode, h.id, ev.id, ev.topic, ev.payload, now),
    ),
    e.db.prepare('UPDATE webhook_events SET dispatched_at = ? WHERE id = ? AND dispatched_at IS NULL').bind(now, ev.id),
  ]);
  // The pending first attempts of this event (ours, or those of an earlier fan-out that died before sending them).
  const { results } = await e.db
    .prepare("SELECT id FROM webhook_deliveries WHERE event_id = ? AND attempt = 1 AND status = 'pending'")
    .bind(ev.id)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Reads at most `max` bytes of a body as text and lets go of the rest. */
async function excerpt(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all.subarray(0, max));
}

/** The `webhook-signature` value: the current secret's signature, and the previous one's during its grace. */
export function signatures(secrets: string[], msgId: string, at: Date, payload: string): string {
  return secrets.map((s) => new Webhook(standardSecret(s)).sign(msgId, at, payload)).join(' ');
}

export type AttemptOutcome =
  | { kind: 'skipped'; why: string }
  | {
      kind: 'sent';
      status: 'succeeded' | 'failed';
      responseCode: number | null;
      error: string | null;
      nextDelayMs: number | null;
    };

/**
 * The send-time DNS lookup failed on our side (the resolver down, or not answering in time): the attempt is not made
 * and not counted against the receiver. It stays pending, due again after a hold that doubles each time (`dnsHoldMs`:
 * 1 min, 2, 4, 8, 16, then every 30 min), with the reason on its row (the deliveries screen shows it), and goes back on
 * the queue for then; the cron's sweep would find it too.
 */
async function hold(e: Engine, d: DeliveryRow, claimUntil: number, url: string): Promise<AttemptOutcome> {
  const wait = dnsHoldMs(d.holds);
  const dueAt = e.now() + wait;
  const host = new URL(url).hostname;
  const error = `Waiting: the DNS lookup of ${host} failed on our side; tried again in ${wait / 60_000} min`;
  const held = await e.db
    .prepare(
      `UPDATE webhook_deliveries SET error = ?, created_at = ?, claimed_until = NULL, holds = holds + 1
       WHERE id = ? AND status = 'pending' AND claimed_until = ?`,
    )
    .bind(error, dueAt, d.id, claimUntil)
    .run();
  if (held.meta.changes) await e.enqueue(d.id, wait);
  return { kind: 'skipped', why: 'held: DNS lookup failed' };
}

/**
 * One attempt: claim it, check the target again (SSRF guard with the addresses resolved now), sign, POST with the
 * timeout and no redirects, then record the result, the next attempt (with its delay on the queue), the webhook's
 * state (410 → disabled 'gone'; failing for 5 days → disabled 'failing' and a notice) in one batch.
 */
export async function deliver(e: Engine, deliveryId: string): Promise<AttemptOutcome> {
  const now = e.now();
  const claimUntil = now + e.timeoutMs + CLAIM_SLACK_MS;
  const d = await e.db
    .prepare(
      `UPDATE webhook_deliveries SET claimed_until = ?1
       WHERE id = ?2 AND status = 'pending' AND created_at <= ?3 AND (claimed_until IS NULL OR claimed_until < ?3)
       RETURNING *`,
    )
    .bind(claimUntil, deliveryId, now)
    .first<DeliveryRow>();
  if (!d) {
    const row = await e.db
      .prepare('SELECT status, created_at, claimed_until FROM webhook_deliveries WHERE id = ?')
      .bind(deliveryId)
      .first<{ status: string; created_at: number; claimed_until: number | null }>();
    // Early (a delayed message before its time under a moved clock): back on the queue for the rest.
    if (row?.status === 'pending' && row.created_at > now && !(row.claimed_until && row.claimed_until >= now))
      await e.enqueue(deliveryId, row.created_at - now);
    return { kind: 'skipped', why: row ? `${row.status}, claimed or not due` : 'gone' };
  }
  // A project in the trash: the attempt waits, unclaimed, for a restore (the sweep passes it over meanwhile).
  if (await e.trash.has(d.project_id)) {
    await e.db.prepare('UPDATE webhook_deliveries SET claimed_until = NULL WHERE id = ?').bind(d.id).run();
    return { kind: 'skipped', why: 'project in the trash' };
  }
  const hook = await e.db
    .prepare(
      'SELECT id, url, enabled, secret_encrypted, previous_secret_encrypted, previous_secret_expires_at, failing_since FROM webhooks WHERE id = ?',
    )
    .bind(d.webhook_id)
    .first<WebhookRow>();
  if (!hook) return { kind: 'skipped', why: 'webhook deleted' };
  if (!hook.enabled && d.topic !== 'test') {
    await e.db
      .prepare(
        "UPDATE webhook_deliveries SET status = 'failed', error = 'The webhook is disabled', claimed_until = NULL WHERE id = ? AND status = 'pending'",
      )
      .bind(d.id)
      .run();
    return { kind: 'sent', status: 'failed', responseCode: null, error: 'The webhook is disabled', nextDelayMs: null };
  }

  let responseCode: number | null = null;
  let responseBody: string | null = null;
  let error: string | null = null;
  let latencyMs: number | null = null;
  let retryAfter: number | null = null;
  let verdict: ReturnType<typeof judge> | null = null;
  // Only the resolver's own failure holds the attempt; any other error goes on as before (the claim lapses).
  let lookupFailed = false;
  const resolve: Resolver | undefined =
    e.resolve &&
    ((host) =>
      e.resolve!(host).catch((err: unknown) => {
        lookupFailed = true;
        throw err;
      }));
  const guard = await checkTarget(hook.url, { mode: d.mode, allowLoopback: e.allowLoopback, resolve }).catch(
    (err: unknown) => {
      if (lookupFailed) return null;
      throw err;
    },
  );
  if (!guard) return hold(e, d, claimUntil, hook.url);
  if (!guard.ok) {
    // A name without an address is a DNS failure, not a refused target.
    error = guard.unresolved ? guard.reason : `Refused by the SSRF guard: ${guard.reason}`;
  } else {
    const secrets = [await decryptSecret(e.env as Env, hook.secret_encrypted, `webhooks:${hook.id}`)];
    // The grace is judged on the schedule's clock (tests move it); the signature carries the real time.
    if (hook.previous_secret_encrypted && (hook.previous_secret_expires_at ?? 0) > now)
      secrets.push(await decryptSecret(e.env as Env, hook.previous_secret_encrypted, `webhooks:${hook.id}`));
    const sentAt = new Date();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, e.timeoutMs);
    const started = Date.now();
    try {
      const res = await e.fetch(guard.url.href, {
        method: 'POST',
        redirect: 'manual',
        signal: controller.signal,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'wallet-dashboard-webhooks/1',
          'webhook-id': d.event_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signatures(secrets, d.event_id, sentAt, d.payload),
        },
        body: d.payload,
      });
      responseCode = res.status;
      responseBody = await excerpt(res, RESPONSE_EXCERPT_BYTES);
      latencyMs = Date.now() - started;
      if (timedOut) throw new Error('timeout');
      retryAfter = retryAfterMs(res.headers.get('Retry-After'), Date.now());
      verdict = judge(res.status);
      if (verdict.status === 'failed') error = verdict.error;
    } catch (err) {
      latencyMs = Date.now() - started;
      error = connectionError(err, e.timeoutMs, timedOut);
      if (timedOut) {
        responseCode = null;
        responseBody = null;
      }
      verdict = null;
    } finally {
      clearTimeout(timer);
    }
  }

  const succeeded = verdict?.status === 'succeeded';
  const disableGone = verdict?.status === 'failed' && verdict.disable === 'gone';
  const retry = !succeeded && !disableGone && (verdict === null || (verdict.status === 'failed' && verdict.retry));
  const failingSince = succeeded ? null : (hook.failing_since ?? now);
  const disableFailing = !succeeded && !disableGone && now - failingSince! >= DISABLE_AFTER_MS;
  const disabled: 'gone' | 'failing' | null = disableGone ? 'gone' : disableFailing ? 'failing' : null;
  const delay = retry && !disabled ? nextDelayMs(d.attempt, retryAfter, e.random) : null;
  const nextAt = delay === null ? null : now + delay;
  const nextId = delay === null ? null : newId('whd', nextAt!);

  const db = e.db;
  const stmts: D1PreparedStatement[] = [
    db
      .prepare(
        `UPDATE webhook_deliveries SET status = ?, response_code = ?, response_body = ?, error = ?, latency_ms = ?,
         next_attempt_at = ?, claimed_until = NULL WHERE id = ? AND status = 'pending' AND claimed_until = ?`,
      )
      .bind(succeeded ? 'succeeded' : 'failed', responseCode, responseBody, error, latencyMs, nextAt, d.id, claimUntil),
  ];
  if (nextId)
    stmts.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, payload, created_at)
           SELECT ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ? WHERE changes() = 1`,
        )
        .bind(nextId, d.project_id, d.mode, d.webhook_id, d.event_id, d.topic, d.attempt + 1, d.payload, nextAt),
    );
  stmts.push(
    db
      .prepare(
        `UPDATE webhooks SET last_delivery_at = ?, last_delivery_status = ?, failing_since = ?${
          disabled ? ', enabled = 0, disabled_reason = ?, updated_at = ?, version = version + 1' : ''
        } WHERE id = ?`,
      )
      .bind(now, succeeded ? 'succeeded' : 'failed', failingSince, ...(disabled ? [disabled, now] : []), hook.id),
  );
  if (disabled) {
    // Pending attempts of other events to this webhook end here too.
    stmts.push(
      db
        .prepare(
          "UPDATE webhook_deliveries SET status = 'failed', error = 'The webhook is disabled', claimed_until = NULL WHERE webhook_id = ? AND status = 'pending' AND id != ?",
        )
        .bind(hook.id, d.id),
      db
        .prepare(
          `INSERT INTO notices (id, project_id, mode, kind, webhook_id, reason, created_at)
           SELECT ?, ?, ?, 'webhook_disabled', ?, ?, ?
           WHERE NOT EXISTS (SELECT 1 FROM notices WHERE webhook_id = ? AND dismissed_at IS NULL)`,
        )
        .bind(newId('ntc', now), d.project_id, d.mode, hook.id, disabled, now, hook.id),
    );
  }
  await db.batch(stmts);
  if (nextId) await e.enqueue(nextId, delay!);
  return {
    kind: 'sent',
    status: succeeded ? 'succeeded' : 'failed',
    responseCode,
    error,
    nextDelayMs: delay,
  };
}

/**
 * What a lost queue message or a crashed sender left behind, for the queue again: events never fanned out, and
 * pending attempts overdue by more than `graceMs` whose claim (if any) has lapsed. Run by the Worker's cron.
 */
export async function sweep(
  e: Engine,
  graceMs: number,
  limit = 500,
): Promise<{ events: string[]; deliveries: string[] }> {
  const now = e.now();
  // The trashed projects of this shard as one JSON parameter (D1 binds at most 100).
  const trashed = JSON.stringify(await e.trash.onShard());
  const notTrashed = 'project_id NOT IN (SELECT value FROM json_each(?))';
  const [events, deliveries] = await e.db.batch<{ id: string }>([
    e.db
      .prepare(
        `SELECT id FROM webhook_events WHERE dispatched_at IS NULL AND created_at <= ? AND ${notTrashed} ORDER BY created_at LIMIT ?`,
      )
      .bind(now - graceMs, trashed, limit),
    e.db
      .prepare(
        `SELECT id FROM webhook_deliveries WHERE status = 'pending' AND created_at <= ?
         AND (claimed_until IS NULL OR claimed_until < ?) AND ${notTrashed} ORDER BY created_at LIMIT ?`,
      )
      .bind(now - graceMs, now, trashed, limit),
  ]);
  return { events: events!.results.map((r) => r.id), deliveries: deliveries!.results.map((r) => r.id) };
}
