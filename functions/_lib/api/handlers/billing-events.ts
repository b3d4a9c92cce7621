import { providerEventResultSchema, type ProviderEventResult } from '../../../../src/shared/api/billing';
import { newId } from '../../../../src/shared/api/ids';
import { PROVIDER_EVENTS_PATH, PROVIDER_SIGNATURE_HEADER } from '../../../../src/shared/billing';
import {
  effectOf,
  verifyProviderEvent,
  type Effect,
  type ProjectHint,
  type ProviderEvent,
} from '../../billing/provider-event';
import { auditStmt, type AuditEntry } from '../../db/audit';
import { defineRoute, type ApiRoute } from '../context';
import { ApiError, json, readCapped } from '../request-response';

/** A provider event is small (Stripe's are a few KB): anything over this is refused unread (413). */
export const MAX_EVENT_BYTES = 256 * 1024;
/** Event ids are remembered this long (a signature is only good for 5 minutes; Stripe retries for 3 days). */
const EVENT_RETENTION_MS = 90 * 86_400_000;
const ACTOR: AuditEntry['actor'] = { type: 'provider', id: 'stripe' };

type Outcome = ProviderEventResult['outcome'];

interface ProjectBilling {
  id: string;
  plan: string;
  subscription_id: string | null;
  customer_id: string | null;
  event_created_at: number | null;
}

const PROJECT_BILLING = `SELECT p.id, p.plan, s.subscription_id, s.customer_id, s.event_created_at
  FROM projects p LEFT JOIN billing_subscriptions s ON s.project_id = p.id`;

/** The project an event is about: the id it names, else the subscription or customer recorded at checkout. */
async function findProject(db: D1Database, hint: ProjectHint): Promise<ProjectBilling | null> {
  if (hint.projectId)
    return db.prepare(`${PROJECT_BILLING} WHERE p.id = ?`).bind(hint.projectId).first<ProjectBilling>();
  if (hint.subscriptionId) {
    const bySub = await db
      .prepare(`${PROJECT_BILLING} WHERE s.subscription_id = ? LIMIT 1`)
      .bind(hint.subscriptionId)
      .first<ProjectBilling>();
    if (bySub) return bySub;
  }
  if (hint.customerId)
    return db
      .prepare(`${PROJECT_BILLING} WHERE s.customer_id = ? LIMIT 1`)
      .bind(hint.customerId)
      .first<ProjectBilling>();
  return null;
}

/** Whether an event must be skipped for its project: older than the last applied one, or another subscription's. */
function stale(effect: Effect, project: ProjectBilling, event: ProviderEvent): string | null {
  if (effect.kind === 'invoice' || effect.kind === 'ignored') return null;
  if (project.event_created_at !== null && event.createdAt < project.event_created_at)
    return 'older than the last event applied to the plan';
  if (
    effect.kind === 'subscription' &&
    project.subscription_id &&
    effect.hint.subscriptionId &&
    project.subscription_id !== effect.hint.subscriptionId
  )
    return "not the project's current subscription";
  return null;
}

/**
 * Applies one verified event in one D1 transaction: its id recorded (a replay is a conflict on it), then the plan
 * (audited with the event id, only when it changed), the subscription it belongs to, or the invoice.
 */
async function applyEvent(db: D1Database, event: ProviderEvent, now: number): Promise<ProviderEventResult> {
  const answer = (outcome: Outcome, duplicate = false): ProviderEventResult => ({
    received: true,
    eventId: event.id,
    outcome,
    duplicate,
  });
  const seen = await db
    .prepare('SELECT outcome FROM billing_events WHERE id = ?')
    .bind(event.id)
    .first<{ outcome: Outcome }>();
  if (seen) return answer(seen.outcome, true);

  const record = (projectId: string | null, outcome: Outcome) =>
    db
      .prepare(
        'INSERT INTO billing_events (id, type, project_id, outcome, created_at, received_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .bind(event.id, event.type, projectId, outcome, event.createdAt, now);
  const sweep = db
    .prepare(
      'DELETE FROM billing_events WHERE rowid IN (SELECT rowid FROM billing_events WHERE received_at < ? ORDER BY received_at LIMIT 100)',
    )
    .bind(now - EVENT_RETENTION_MS);
  const commit = async (stmts: D1PreparedStatement[], outcome: Outcome) => {
    try {
      await db.batch([...stmts, sweep]);
    } catch (e) {
      // The same event taken at the same moment by another request: that one applied it.
      if (/UNIQUE constraint failed: billing_events\.id/.test(String(e))) return answer(outcome, true);
      throw e;
    }
    return answer(outcome);
  };

  const effect = effectOf(event);
  if (effect.kind === 'ignored') return commit([record(null, 'ignored')], 'ignored');
  const project = await findProject(db, effect.hint);
  if (!project) {
    console.warn(`billing: provider event ${event.id} (${event.type}) is about no known project; acknowledged`);
    return commit([record(effect.hint.projectId, 'unknown_project')], 'unknown_project');
  }
  const skip = stale(effect, project, event);
  if (skip) return commit([record(project.id, 'ignored')], 'ignored');

  if (effect.kind === 'invoice') {
    const i = effect.invoice;
    // One row per provider invoice; a late `open` never takes a settled invoice back.
    const upsert = db
      .prepare(
        `INSERT INTO invoices (id, project_id, number, period_start, period_end, amount_cents, status, issued_at, provider_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (provider_id) WHERE provider_id IS NOT NULL DO UPDATE SET
           number = excluded.number, period_start = excluded.period_start, period_end = excluded.period_end,
           amount_cents = excluded.amount_cents, issued_at = excluded.issued_at,
           status = CASE WHEN excluded.status = 'open' AND invoices.status <> 'open' THEN invoices.status ELSE excluded.status END
         WHERE invoices.project_id = excluded.project_id`,
      )
      .bind(
        newId('ivc', i.periodEnd),
        project.id,
        i.number,
        i.periodStart,
        i.periodEnd,
        i.amountCents,
        i.status,
        i.issuedAt,
        i.providerId,
      );
    return commit([record(project.id, 'applied'), upsert], 'applied');
  }

  const plan = effect.plan;
  const status = effect.kind === 'checkout_paid' ? 'active' : effect.status;
  return commit(
    [
      record(project.id, 'applied'),
      db
        .prepare('UPDATE projects SET plan = ?, updated_at = ?, version = version + 1 WHERE id = ? AND plan <> ?')
        .bind(plan, now, project.id, plan),
      // Right after the UPDATE: written only when it changed the plan.
      auditStmt(
        db,
        {
          projectId: project.id,
          mode: null,
          actor: ACTOR,
          action: 'billing.plan_changed',
          targetType: 'projects',
          targetId: project.id,
          details: { plan, previousPlan: project.plan, eventId: event.id, eventType: event.type },
          now,
        },
        true,
      ),
      db
        .prepare(
          `INSERT INTO billing_subscriptions (project_id, customer_id, subscription_id, status, event_created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (project_id) DO UPDATE SET
             customer_id = COALESCE(excluded.customer_id, customer_id),
             subscription_id = COALESCE(excluded.subscription_id, subscription_id),
             status = excluded.status, event_created_at = excluded.event_created_at, updated_at = excluded.updated_at`,
        )
        .bind(project.id, effect.hint.customerId, effect.hint.subscriptionId, status, event.createdAt, now),
    ],
    'applied',
  );
}

export const billingEventRoutes: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: PROVIDER_EVENTS_PATH,
    scope: 'public',
    permission: 'read',
    tag: 'Billing',
    summary:
      "The payment provider's signed events (Stripe webhooks; `Stripe-Signature` checked with the endpoint secret, at most 5 minutes old, 256 KB): a paid checkout or a subscription change sets the plan, invoice events record invoices; a replayed event id changes nothing",
    status: 200,
    response: providerEventResultSchema,
    handler: async (c) => {
      const secret = c.env.BILLING_WEBHOOK_SECRET?.trim();
      if (!secret) throw new ApiError('unavailable', 'This dashboard takes no payment-provider events');
      const body = await readCapped(c.request, MAX_EVENT_BYTES);
      const event = await verifyProviderEvent(body, c.request.headers.get(PROVIDER_SIGNATURE_HEADER), secret, c.now);
      return json(await applyEvent(c.directory, event, c.now));
    },
  }),
];
