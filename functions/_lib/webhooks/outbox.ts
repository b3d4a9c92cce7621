import { newId } from '../../../src/shared/api/ids';
import type { Scope } from '../db/core';

/**
 * The outbox (docs/api.md "Webhook delivery"): an event is a row of `webhook_events` written in the same D1 batch as
 * the change that causes it, so a change without its event (or an event without its change) cannot happen. After
 * the batch commits, {@link kickDispatcher} asks the companion Worker (workers/webhook-dispatcher, through the
 * `WEBHOOK_DISPATCHER` service binding) to enqueue it at once; if that call is lost, the Worker's cron finds the row.
 */

/** Thin payloads only: ids and changed fields. */
export const MAX_PAYLOAD_BYTES = 20 * 1024;

export interface OutboxEvent {
  id: string;
  topic: string;
  payload: string;
}

/** The JSON body of an event as Standard Webhooks suggests it: `{ type, timestamp, data }`. */
export function eventPayload(topic: string, data: Record<string, unknown>, now: number): string {
  const body = JSON.stringify({ type: topic, timestamp: new Date(now).toISOString(), data });
  if (new TextEncoder().encode(body).byteLength >= MAX_PAYLOAD_BYTES)
    throw new Error(`webhook payload of ${topic} is over ${MAX_PAYLOAD_BYTES} bytes`);
  return body;
}

/** Collects the events of one API write: a statement for its batch each, then one kick after the commit. */
export class Outbox {
  readonly events: OutboxEvent[] = [];
  constructor(
    private readonly db: D1Database,
    private readonly scope: Scope,
    private readonly now: number,
  ) {}

  /**
   * INSERT of one event. `onlyIfChanged`: written only when the statement just before it in the batch changed one
   * row (a versioned update or a delete that matched nothing leaves no event). `webhookId`: to that webhook only.
   */
  event(
    topic: string,
    data: Record<string, unknown>,
    o: { onlyIfChanged?: boolean; webhookId?: string } = {},
  ): D1PreparedStatement {
    if (!this.scope.mode) throw new Error('events belong to a mode');
    const id = newId('evt', this.now);
    const payload = eventPayload(topic, data, this.now);
    this.events.push({ id, topic, payload });
    return this.db
      .prepare(
        `INSERT INTO webhook_events (id, project_id, mode, topic, payload, webhook_id, created_at)
         SELECT ?, ?, ?, ?, ?, ?, ?${o.onlyIfChanged ? ' WHERE changes() = 1' : ''}`,
      )
      .bind(id, this.scope.projectId, this.scope.mode, topic, payload, o.webhookId ?? null, this.now);
  }

  /**
   * After the batch committed: the dispatcher enqueues the events now (waitUntil; never fails the request). `c` is
   * the request's context: its env, and the shard the events are on.
   */
  kick(c: { env: Env; waitUntil: (p: Promise<unknown>) => void; access: { shard: number | null } | null }): void {
    if (this.events.length)
      c.waitUntil(
        kickDispatcher(
          c.env,
          c.access?.shard ?? null,
          this.events.map((e) => e.id),
        ),
      );
  }
}

/**
 * Asks the dispatcher to enqueue these events (and attempts) of shard `shard` (null: the directory's own tables of
 * an installation from before the shards); without the binding or on error, its cron will.
 */
export async function kickDispatcher(
  env: Env,
  shard: number | null,
  eventIds: string[],
  deliveryIds: string[] = [],
): Promise<void> {
  if (!env.WEBHOOK_DISPATCHER || (!eventIds.length && !deliveryIds.length)) return;
  try {
    // RPC over the service binding: the Worker has no HTTP route that enqueues (docs/security.md).
    await env.WEBHOOK_DISPATCHER.enqueue(eventIds, deliveryIds, shard);
  } catch (err) {
    console.warn(`webhooks: the dispatcher was not reached (its cron will enqueue): ${String(err)}`);
  }
}
