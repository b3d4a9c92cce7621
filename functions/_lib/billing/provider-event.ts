import { z } from 'zod';
import { INVOICE_STATUSES, PLANS, type PlanId } from '../../../src/shared/api/billing';
import { ApiError } from '../api/request-response';

/** How old a signed event may be (seconds; Stripe's own default): older ones are refused as possible replays. */
export const EVENT_TOLERANCE_SECONDS = 300;

/** A verified provider event, reduced to what the dashboard acts on. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The provider's `created`, in ms. */
  createdAt: number;
  object: Record<string, unknown>;
}

type Stripe = typeof import('stripe').default;
let stripe: Promise<{ Stripe: Stripe; crypto: ReturnType<Stripe['createSubtleCryptoProvider']> }> | null = null;

/** The provider's SDK with Web Crypto, loaded with the first event (no other request pays for it). */
function sdk() {
  return (stripe ??= import('stripe').then(({ default: Stripe }) => ({
    Stripe,
    crypto: Stripe.createSubtleCryptoProvider(),
  })));
}

/** Why a signature did not verify, from the SDK's message (details.reason of the 400). */
function reasonOf(message: string): string {
  if (/tolerance/i.test(message)) return 'stale_timestamp';
  if (/no stripe-signature header/i.test(message)) return 'missing_header';
  if (/unable to extract|expected scheme/i.test(message)) return 'malformed_header';
  return 'no_matching_signature';
}

/**
 * Verifies a provider event with the provider's own library (`stripe.webhooks.constructEventAsync`, Web Crypto):
 * HMAC-SHA256 of `timestamp.body` with the endpoint secret, compared in constant time, and the timestamp at most
 * EVENT_TOLERANCE_SECONDS old at `now`. Anything else is a 400 `invalid_signature` with the reason.
 */
export async function verifyProviderEvent(
  body: string,
  header: string | null,
  secret: string,
  now: number,
): Promise<ProviderEvent> {
  const { Stripe, crypto } = await sdk();
  let event: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  try {
    event = (await Stripe.webhooks.constructEventAsync(
      body,
      header ?? '',
      secret,
      EVENT_TOLERANCE_SECONDS,
      crypto,
      now,
    )) as typeof event;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const reason = reasonOf(message);
    throw new ApiError(
      'invalid_signature',
      reason === 'stale_timestamp'
        ? `The event's signature is older than ${EVENT_TOLERANCE_SECONDS} seconds: refused as a possible replay`
        : reason === 'missing_header'
          ? 'The event carries no Stripe-Signature header'
          : reason === 'malformed_header'
            ? 'The Stripe-Signature header is malformed'
            : 'No signature of the event matches its body and the endpoint secret',
      { reason },
    );
  }
  const shape = z.object({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(255),
    created: z.number().int().nonnegative(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  });
  const parsed = shape.safeParse(event);
  if (!parsed.success) throw new ApiError('bad_request', 'The event has no id, type, created time or data object');
  return {
    id: parsed.data.id,
    type: parsed.data.type,
    createdAt: parsed.data.created * 1000,
    object: parsed.data.data.object,
  };
}

// --- What an event means for the dashboard -------------------------------------------------------------------

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : null);
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** An expandable reference: the id, or the expanded object's id. */
const ref = (v: unknown): string | null => str(v) ?? str(rec(v).id);

/** A paid plan id, or null. */
function paidPlan(v: unknown): PlanId | null {
  const id = str(v);
  return id && id in PLANS && PLANS[id as PlanId].priceUsd > 0 ? (id as PlanId) : null;
}

/** The plan a subscription is for: `metadata.plan`, else its first price's lookup key or `metadata.plan`. */
function subscriptionPlan(sub: Record<string, unknown>): PlanId | null {
  const price = rec(rec((rec(sub.items).data as unknown[] | undefined)?.[0]).price);
  return paidPlan(rec(sub.metadata).plan) ?? paidPlan(price.lookup_key) ?? paidPlan(rec(price.metadata).plan);
}

/** How the event finds its project: the project id it names, else the subscription or customer it is about. */
export interface ProjectHint {
  projectId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
}

export type Effect =
  /** A paid checkout: the plan, and the customer and subscription to remember. */
  | { kind: 'checkout_paid'; hint: ProjectHint; plan: PlanId }
  /** The subscription now is (or is no longer) for this plan; `free` when it ended. */
  | { kind: 'subscription'; hint: ProjectHint; plan: PlanId | 'free'; status: string; ended: boolean }
  | { kind: 'invoice'; hint: ProjectHint; invoice: ProviderInvoice }
  | { kind: 'ignored'; why: string };

export interface ProviderInvoice {
  providerId: string;
  number: string;
  periodStart: number;
  periodEnd: number;
  amountCents: number;
  status: (typeof INVOICE_STATUSES)[number];
  issuedAt: number;
}

const ACTIVE = new Set(['active', 'trialing']);
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** A subscription's project: `metadata.project_id`, else by the subscription and customer recorded at checkout. */
function subscriptionHint(sub: Record<string, unknown>): ProjectHint {
  return {
    projectId: str(rec(sub.metadata).project_id),
    subscriptionId: str(sub.id),
    customerId: ref(sub.customer),
  };
}

function invoiceOf(inv: Record<string, unknown>): ProviderInvoice | null {
  const status = str(inv.status);
  if (!status || !(INVOICE_STATUSES as readonly string[]).includes(status)) return null; // drafts and unknowns
  if (str(inv.currency) && str(inv.currency) !== 'usd') return null;
  const line = rec(rec((rec(inv.lines).data as unknown[] | undefined)?.[0]).period);
  const start = num(line.start) ?? num(inv.period_start);
  const end = num(line.end) ?? num(inv.period_end);
  const amount = num(inv.total) ?? num(inv.amount_due);
  const issued = num(rec(inv.status_transitions).finalized_at) ?? num(inv.created);
  const id = str(inv.id);
  if (!id || start === null || end === null || amount === null || amount < 0 || issued === null || end < start)
    return null;
  return {
    providerId: id,
    number: str(inv.number) ?? id,
    periodStart: start * 1000,
    periodEnd: end * 1000,
    amountCents: Math.round(amount),
    status: status as ProviderInvoice['status'],
    issuedAt: issued * 1000,
  };
}

/**
 * What a verified event asks for (Stripe's event types and objects; docs/api.md "Provider events"). Unknown types
 * and events that change nothing (an unpaid checkout, a past-due subscription, a draft invoice) are `ignored`.
 */
export function effectOf(event: ProviderEvent): Effect {
  const o = event.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const paid = o.payment_status === 'paid' || o.payment_status === 'no_payment_required';
      if (!paid) return { kind: 'ignored', why: 'checkout not paid (yet)' };
      const plan = paidPlan(rec(o.metadata).plan);
      if (!plan) return { kind: 'ignored', why: 'checkout names no paid plan' };
      return {
        kind: 'checkout_paid',
        plan,
        hint: {
          projectId: str(o.client_reference_id) ?? str(rec(o.metadata).project_id),
          subscriptionId: ref(o.subscription),
          customerId: ref(o.customer),
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const status = str(o.status) ?? '';
      const ended = event.type === 'customer.subscription.deleted' || ENDED.has(status);
      if (ended) return { kind: 'subscription', hint: subscriptionHint(o), plan: 'free', status, ended };
      if (!ACTIVE.has(status)) return { kind: 'ignored', why: `subscription ${status || 'without status'}` };
      const plan = subscriptionPlan(o);
      if (!plan) return { kind: 'ignored', why: 'subscription names no paid plan' };
      return { kind: 'subscription', hint: subscriptionHint(o), plan, status, ended };
    }
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible':
    case 'invoice.updated': {
      const invoice = invoiceOf(o);
      if (!invoice) return { kind: 'ignored', why: 'invoice without a recordable status, period or amount' };
      const details = rec(rec(o.parent).subscription_details);
      return {
        kind: 'invoice',
        invoice,
        hint: {
          projectId: str(rec(details.metadata).project_id) ?? str(rec(o.metadata).project_id),
          subscriptionId: ref(details.subscription) ?? ref(o.subscription),
          customerId: ref(o.customer),
        },
      };
    }
    default:
      return { kind: 'ignored', why: 'event type not used' };
  }
}
