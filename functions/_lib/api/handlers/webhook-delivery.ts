import { newId } from '../../../../src/shared/api/ids';
import { listOf } from '../../../../src/shared/api/common';
import {
  eventLogDetailSchema,
  eventLogItemSchema,
  eventLogListSpec,
  webhookReplayResponseSchema,
  webhookReplaySchema,
  webhookResendResponseSchema,
  webhookTestResponseSchema,
  webhookWithSecretSchema,
} from '../../../../src/shared/api/webhooks';
import { noticeListSchema } from '../../../../src/shared/api/notices';
import { auditStmt } from '../../db/audit';
import { getRow, listRows, parseJson, type Row, type TableDef } from '../../db/core';
import { defineRoute, modeOf, scopeOf, type ApiContext, type ApiRoute } from '../context';
import { encryptSecret, secretHint } from '../crypto';
import { ApiError, isoStrict, json, notFound } from '../request-response';
import { mustGet } from '../route-builders';
import { auditFor } from '../write-commits';
import { kickDispatcher, Outbox } from '../../webhooks/outbox';
import { newWebhookSecret } from '../../webhooks/secrets';
import { attachDeliveryStats } from '../../webhooks/stats';
import { webhookToApi } from './webhooks';
import { limitAction, spendBudget } from '../rate-limit';

/**
 * The delivery engine's API (docs/api.md "Webhook delivery"): secret rotation, test events, resend and replay,
 * the event log and the notices of webhooks the engine turned off. The engine itself is workers/webhook-dispatcher.
 */

const W = '/projects/:projectId/:mode/webhooks/:id';
const L = '/projects/:projectId/:mode/event-log';
/** Rotation grace: the previous secret still signs (a second signature) this long. */
export const ROTATION_GRACE_MS = 24 * 3600_000;
/** At most this many events per replay (narrow the window for more). */
export const MAX_REPLAY = 1000;

/** Replays per webhook per minute. */
export const REPLAYS_PER_MINUTE = 1;
/** Test events and resends per webhook per minute (together). */
export const SENDS_PER_MINUTE = 10;
/** Deliveries the test, resend and replay actions of one project may queue per hour (all its webhooks, both modes). */
export const MANUAL_SENDS_PER_HOUR = 3000;

/**
 * The limits of the actions that send on demand (docs/api.md "Rate limits"), counted across isolates by the rate
 * limiter's Durable Object: per webhook (`kind`), then `cost` deliveries of the project's hourly budget.
 */
async function limitSends(c: ApiContext<':id'>, hookId: string, kind: 'replay' | 'send', cost: number): Promise<void> {
  if (kind === 'replay')
    await limitAction(c.env, `webhook-replay:${hookId}`, REPLAYS_PER_MINUTE, 60_000, 'to replay this webhook');
  else await limitAction(c.env, `webhook-send:${hookId}`, SENDS_PER_MINUTE, 60_000, 'to test or resend this webhook');
  const raw = c.env.WEBHOOK_SENDS_PER_HOUR;
  const budget = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : MANUAL_SENDS_PER_HOUR;
  await spendBudget(c.env, `webhook-budget:${c.access!.projectId}`, cost, budget, 3600_000, (retry, remaining) =>
    cost > 1
      ? `This replay would send ${cost} events; the project may send ${remaining} more by test, resend and replay this hour: narrow the window or retry in ${Math.ceil(retry / 60)} min`
      : `The project sent its ${budget} test, resend and replay deliveries of this hour: retry in ${Math.ceil(retry / 60)} min`,
  );
}

const EVENTS: TableDef = { table: 'webhook_events', columns: { createdAt: 'created_at', topic: 'topic' } };

async function enabledWebhook(c: ApiContext<':id'>): Promise<Row> {
  const hook = await mustGet(c, 'webhooks', c.params.id, 'Webhook');
  if (hook.enabled !== 1) throw new ApiError('conflict', 'The webhook is disabled: enable it first');
  return hook;
}

/** Webhooks by the status of their latest attempt of each event. */
async function deliveryCounts(db: D1Database, eventIds: string[]) {
  const counts = new Map(eventIds.map((id) => [id, { succeeded: 0, failed: 0, pending: 0 }]));
  if (!eventIds.length) return counts;
  const { results } = await db
    .prepare(
      `SELECT event_id, status, COUNT(*) AS n FROM webhook_deliveries d
       WHERE event_id IN (SELECT value FROM json_each(?))
       AND attempt = (SELECT MAX(attempt) FROM webhook_deliveries x WHERE x.event_id = d.event_id AND x.webhook_id = d.webhook_id)
       GROUP BY event_id, status`,
    )
    .bind(JSON.stringify(eventIds))
    .all<{ event_id: string; status: 'succeeded' | 'failed' | 'pending'; n: number }>();
  for (const r of results) {
    const c = counts.get(r.event_id);
    if (c) c[r.status] = r.n;
  }
  return counts;
}

function eventToApi(r: Row, deliveries: { succeeded: number; failed: number; pending: number }) {
  return {
    id: r.id,
    topic: r.topic,
    payload: parseJson(r.payload, {}),
    createdAt: isoStrict(r.created_at as number),
    deliveries,
  };
}

export const webhookDeliveryRoutes: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: `${W}/rotate-secret`,
    scope: 'mode',
    permission: 'write_data',
    collection: 'webhooks',
    tag: 'Webhooks',
    summary: 'Rotate the signing secret (the new one is in this response only; the old one signs too for 24 h)',
    response: webhookWithSecretSchema,
    status: 200,
    handler: async (c) => {
      const id = c.params.id;
      await mustGet(c, 'webhooks', id, 'Webhook');
      const secret = newWebhookSecret();
      const s = scopeOf(c);
      const db = c.db;
      const [res] = await db.batch([
        db
          .prepare(
            `UPDATE webhooks SET previous_secret_encrypted = secret_encrypted, previous_secret_expires_at = ?,
             secret_encrypted = ?, secret_hint = ?, updated_at = ?, version = version + 1
             WHERE id = ? AND project_id = ? AND mode = ? RETURNING *`,
          )
          .bind(
            c.now + ROTATION_GRACE_MS,
            await encryptSecret(c.env, secret, `webhooks:${id}`),
            secretHint(secret),
            c.now,
            id,
            s.projectId,
            s.mode,
          ),
        auditStmt(db, auditFor(c, 'webhook.secret_rotated', 'webhooks', id), true),
      ]);
      const row = res!.results[0] as Row | undefined;
      if (!row) throw notFound('Webhook');
      await attachDeliveryStats(c, [row]);
      return json({ ...webhookToApi(row, c), secret });
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${W}/test`,
    scope: 'mode',
    permission: 'write_data',
    collection: 'webhooks',
    tag: 'Webhooks',
    summary: 'Send a `test` event to this webhook only',
    response: webhookTestResponseSchema,
    status: 202,
    handler: async (c) => {
      const hook = await mustGet(c, 'webhooks', c.params.id, 'Webhook');
      await limitSends(c, hook.id as string, 'send', 1);
      const outbox = new Outbox(c.db, scopeOf(c), c.now);
      const insert = outbox.event('test', { webhookId: hook.id }, { webhookId: hook.id as string });
      await c.db.batch([insert, auditStmt(c.db, auditFor(c, 'webhook.tested', 'webhooks', hook.id as string))]);
      outbox.kick(c);
      return json({ eventId: outbox.events[0]!.id }, 202);
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${W}/deliveries/:deliveryId/resend`,
    scope: 'mode',
    permission: 'write_data',
    collection: 'webhooks',
    tag: 'Webhooks',
    summary: 'Send the event of a delivery again now (a new attempt; a scheduled retry is brought forward instead)',
    response: webhookResendResponseSchema,
    status: 202,
    handler: async (c) => {
      const hook = await enabledWebhook(c);
      const d = await c.db
        .prepare('SELECT * FROM webhook_deliveries WHERE id = ? AND webhook_id = ? AND project_id = ? AND mode = ?')
        .bind(c.params.deliveryId, hook.id, c.access!.projectId, modeOf(c))
        .first<Row>();
      if (!d) throw notFound('Delivery');
      await limitSends(c, hook.id as string, 'send', 1);
      const db = c.db;
      const id = newId('whd', c.now);
      // A pending attempt of this event (a scheduled retry) is made due now; otherwise a new attempt after the last.
      const [due, inserted] = await db.batch<{ id: string }>([
        db
          .prepare(
            `UPDATE webhook_deliveries SET created_at = ?1 WHERE event_id = ?2 AND webhook_id = ?3 AND status = 'pending'
             AND (claimed_until IS NULL OR claimed_until < ?1) RETURNING id`,
          )
          .bind(c.now, d.event_id, hook.id),
        db
          .prepare(
            `INSERT OR IGNORE INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, payload, created_at)
             SELECT ?1, project_id, mode, webhook_id, event_id, topic,
               (SELECT MAX(attempt) + 1 FROM webhook_deliveries WHERE event_id = ?2 AND webhook_id = ?3), 'pending', payload, ?5
             FROM webhook_deliveries WHERE id = ?4
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries WHERE event_id = ?2 AND webhook_id = ?3 AND status = 'pending')
             RETURNING id`,
          )
          .bind(id, d.event_id, hook.id, d.id, c.now),
        auditStmt(db, auditFor(c, 'webhook.delivery_resent', 'webhooks', hook.id as string, { deliveryId: d.id })),
      ]);
      const deliveryId = inserted!.results[0]?.id ?? due!.results[0]?.id;
      if (!deliveryId) throw new ApiError('conflict', 'This event is being sent right now: try again in a moment');
      c.waitUntil(kickDispatcher(c.env, c.access!.shard, [], [deliveryId]));
      return json({ deliveryId }, 202);
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${W}/replay`,
    scope: 'mode',
    permission: 'write_data',
    collection: 'webhooks',
    tag: 'Webhooks',
    summary: `Send again now every event of a time window whose latest finished attempt to this webhook failed (at most ${MAX_REPLAY}; a scheduled retry is brought forward)`,
    body: webhookReplaySchema,
    response: webhookReplayResponseSchema,
    status: 202,
    handler: async (c) => {
      const b = c.body;
      const hook = await enabledWebhook(c);
      const db = c.db;
      // The latest finished attempt of each event failed; a scheduled retry (pending) is brought forward instead of
      // a new attempt beside it.
      const { results } = await db
        .prepare(
          `SELECT d.id, e.created_at, (SELECT p.id FROM webhook_deliveries p WHERE p.event_id = d.event_id AND p.webhook_id = ?1
             AND p.status = 'pending') AS pending_id
           FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
           WHERE d.webhook_id = ?1 AND e.project_id = ?2 AND e.mode = ?3 AND e.created_at >= ?4 AND e.created_at <= ?5
           AND d.status = 'failed'
           AND d.attempt = (SELECT MAX(attempt) FROM webhook_deliveries x
             WHERE x.event_id = d.event_id AND x.webhook_id = ?1 AND x.status != 'pending')
           ORDER BY e.created_at LIMIT ?6`,
        )
        .bind(hook.id, c.access!.projectId, modeOf(c), Date.parse(b.from), Date.parse(b.to), MAX_REPLAY)
        .all<{ id: string; created_at: number; pending_id: string | null }>();
      // The URL changed after some of these events: they would go to a receiver that never had them. Paused until
      // the user confirms (nothing counted, nothing written).
      const changedAt = hook.url_changed_at as number | null;
      const before = changedAt ? results.filter((r) => r.created_at < changedAt).length : 0;
      if (before && !b.confirmUrlChange)
        throw new ApiError(
          'conflict',
          `The webhook's URL changed on ${isoStrict(changedAt!)}: ${before} of these events were created before, for the old URL. Confirm to send them to ${hook.url as string}`,
          { reason: 'url_changed', urlChangedAt: isoStrict(changedAt!), eventsBefore: before, url: hook.url },
        );
      await limitSends(c, hook.id as string, 'replay', results.length);
      const ids = results.map((r) => r.pending_id ?? newId('whd', c.now));
      const writes = results.map((r, i) =>
        r.pending_id
          ? db
              .prepare(
                `UPDATE webhook_deliveries SET created_at = ?1 WHERE id = ?2 AND status = 'pending'
                 AND (claimed_until IS NULL OR claimed_until < ?1)`,
              )
              .bind(c.now, r.pending_id)
          : db
              .prepare(
                `INSERT OR IGNORE INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, payload, created_at)
                 SELECT ?, project_id, mode, webhook_id, event_id, topic, attempt + 1, 'pending', payload, ? FROM webhook_deliveries WHERE id = ?`,
              )
              .bind(ids[i], c.now, r.id),
      );
      const done = await db.batch([
        ...writes,
        auditStmt(
          db,
          auditFor(c, 'webhook.replayed', 'webhooks', hook.id as string, {
            from: b.from,
            to: b.to,
            ...(before ? { confirmedUrlChange: true, eventsBeforeUrlChange: before } : {}),
          }),
        ),
      ]);
      const queued = ids.filter((_, i) => (done[i]!.meta.changes ?? 0) > 0);
      c.waitUntil(kickDispatcher(c.env, c.access!.shard, [], queued));
      return json({ queued: queued.length }, 202);
    },
  }),
  defineRoute({
    method: 'GET',
    path: L,
    scope: 'mode',
    permission: 'read',
    collection: 'webhooks',
    tag: 'Webhooks',
    summary: 'The event log: every webhook event of this mode, with how its deliveries went',
    list: eventLogListSpec,
    table: EVENTS,
    response: listOf(eventLogItemSchema),
    handler: async (c) => {
      const q = c.query;
      const { rows, total } = await listRows<Row>(c.db, EVENTS, eventLogListSpec, scopeOf(c), q);
      const counts = await deliveryCounts(
        c.db,
        rows.map((r) => r.id as string),
      );
      const data = rows.map((r) => eventToApi(r, counts.get(r.id as string)!));
      return json({ data, page: q.page, limit: q.limit, total });
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${L}/:id`,
    scope: 'mode',
    permission: 'read',
    collection: 'webhooks',
    tag: 'Webhooks',
    summary: 'One event of the log with every attempt to deliver it',
    response: eventLogDetailSchema,
    handler: async (c) => {
      const ev = await getRow<Row>(c.db, 'webhook_events', scopeOf(c), c.params.id);
      if (!ev) throw notFound('Event');
      const [counts, attempts] = await Promise.all([
        deliveryCounts(c.db, [ev.id as string]),
        c.db
          .prepare(
            `SELECT d.id, d.webhook_id, w.url, d.attempt, d.status, d.response_code, d.created_at
           FROM webhook_deliveries d LEFT JOIN webhooks w ON w.id = d.webhook_id
           WHERE d.event_id = ? AND d.project_id = ? ORDER BY d.created_at, d.attempt LIMIT 500`,
          )
          .bind(ev.id, c.access!.projectId)
          .all<Row>(),
      ]);
      return json({
        ...eventToApi(ev, counts.get(ev.id as string)!),
        attempts: attempts.results.map((a) => ({
          deliveryId: a.id,
          webhookId: a.webhook_id,
          webhookUrl: a.url ?? null,
          attempt: a.attempt,
          status: a.status,
          responseCode: a.response_code ?? null,
          createdAt: isoStrict(a.created_at as number),
        })),
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/projects/:projectId/notices',
    scope: 'project',
    permission: 'manage_project',
    tag: 'Webhooks',
    summary:
      'Notices for owners and admins: webhooks the delivery engine turned off, usage thresholds crossed (dismissed ones are not listed)',
    response: noticeListSchema,
    handler: async (c) => {
      const { results } = await c.db
        .prepare(
          `SELECT n.id, n.kind, n.mode, n.webhook_id, n.reason, n.alert_key, n.data, n.created_at, w.url FROM notices n
         LEFT JOIN webhooks w ON w.id = n.webhook_id
         WHERE n.project_id = ? AND n.dismissed_at IS NULL ORDER BY n.created_at DESC LIMIT 100`,
        )
        .bind(c.access!.projectId)
        .all<Row>();
      return json({ data: results.map(noticeToApi) });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/projects/:projectId/notices/:id/dismiss',
    scope: 'project',
    permission: 'manage_project',
    tag: 'Webhooks',
    summary: 'Dismiss a notice',
    status: 204,
    handler: async (c) => {
      const res = await c.db
        .prepare('UPDATE notices SET dismissed_at = ? WHERE id = ? AND project_id = ? AND dismissed_at IS NULL')
        .bind(c.now, c.params.id, c.access!.projectId)
        .run();
      if (!res.meta.changes) throw notFound('Notice');
      return new Response(null, { status: 204 });
    },
  }),
];

/** A notice row in the API's shape: a disabled webhook, or a crossed usage threshold (`alert_key` = meter:period:percent). */
function noticeToApi(n: Row) {
  const base = { id: n.id, mode: n.mode, createdAt: isoStrict(n.created_at as number) };
  if (n.kind === 'usage_threshold') {
    const [meter, period, threshold] = String(n.alert_key).split(':');
    const d = parseJson<{ used?: number; limit?: number }>(n.data, {});
    return {
      ...base,
      kind: n.kind,
      meter,
      threshold: Number(threshold),
      period,
      used: d.used ?? 0,
      limit: d.limit ?? 0,
    };
  }
  return { ...base, kind: n.kind, webhookId: n.webhook_id, webhookUrl: n.url ?? null, reason: n.reason };
}
