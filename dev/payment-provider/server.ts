import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PLANS, type PlanId } from '../../src/shared/api/billing.ts';
import { PROVIDER_EVENTS_PATH, PROVIDER_SIGNATURE_HEADER } from '../../src/shared/billing.ts';
import { checkoutPage, errorPage, subscriptionsPage, type SubscriptionView } from './page.ts';

export interface PaymentProviderOptions {
  /** Port on 127.0.0.1 (0: any free one). */
  port: number;
  /** The dashboard the events go to (its origin; the only place the checkout sends the browser back to). */
  dashboardUrl: string;
  /** The endpoint secret the events are signed with (the dashboard's BILLING_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** How long after "Pay" the events go out (ms). */
  eventDelayMs?: number;
  /** Log each event and its answer (npm start). */
  log?: boolean;
  /**
   * Test stacks only: `POST /__test/hold` keeps the events of the next payments until `POST /__test/release`, so a
   * test sees the dashboard's pending state for as long as it needs (no Origin needed; loopback Host still is).
   */
  testHooks?: boolean;
}

/** One event as sent, and the dashboard's answer. */
export interface SentEvent {
  id: string;
  type: string;
  status: number | null;
  answer: string;
}

const MAX_FORM = 16 * 1024;
const PROJECT_ID = /^pro_[0-9a-f-]{36}$/;
const idOf = (prefix: string) => `${prefix}_local_${randomUUID().replaceAll('-', '')}`;
const isPaid = (plan: string): plan is PlanId => plan in PLANS && PLANS[plan as PlanId].priceUsd > 0;

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_FORM) return null;
    chunks.push(c as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

/**
 * The payment provider stand-in (docs/api.md "Provider events"): `GET /pay` is the hosted checkout the dashboard
 * links to (`plan`, `client_reference_id`, `success_url`, `cancel_url`); "Pay" redirects back to the success URL and
 * then sends `invoice.finalized`, `invoice.paid` and `checkout.session.completed`, each signed with the `stripe`
 * package's `webhooks.generateTestHeaderString` (the real `Stripe-Signature` scheme), to the dashboard's
 * provider-event endpoint, retrying a refused delivery a few times. `/subscriptions` lists what it sold, with
 * "Cancel subscription" (`customer.subscription.deleted`).
 *
 * It answers only a loopback `Host` with its port (no DNS rebinding), takes form posts only from its own pages
 * (`Origin`), and sends the browser back only to the dashboard's origin (no open redirect).
 */
export async function createPaymentProvider(o: PaymentProviderOptions) {
  const dashboard = new URL(o.dashboardUrl);
  const delay = o.eventDelayMs ?? 0;
  const subscriptions: (SubscriptionView & { customer: string; plan: PlanId })[] = [];
  const sent: SentEvent[] = [];
  const pending = new Set<Promise<void>>();
  let invoiceNumber = 0;
  let port = 0;
  let held: (() => void)[] | null = null;

  /** Signs one event like the provider and posts it; 3 attempts (0.5 s, 1 s apart) when refused or unreachable. */
  async function deliver(type: string, object: Record<string, unknown>) {
    const event = {
      id: idOf('evt'),
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const record: SentEvent = { id: event.id, type, status: null, answer: '' };
    sent.push(record);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 500 * attempt));
      try {
        const res = await fetch(new URL(`/api/v1${PROVIDER_EVENTS_PATH}`, dashboard), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            [PROVIDER_SIGNATURE_HEADER]: Stripe.webhooks.generateTestHeaderString({ payload, secret: o.webhookSecret }),
          },
          body: payload,
        });
        record.status = res.status;
        record.answer = await res.text();
        if (o.log) console.log(`payment-provider: ${type} ${event.id} → ${res.status}`);
        if (res.ok || res.status === 400) return;
      } catch (e) {
        record.answer = (e as Error).message;
        if (o.log) console.error(`payment-provider: ${type} ${event.id} not delivered: ${record.answer}`);
      }
    }
  }

  /** The events of one paid checkout, in the order Stripe usually sends them (the invoice first, then the session). */
  function paid(projectId: string, plan: PlanId) {
    const customer = `cus_local_${projectId.slice(-12)}`;
    const sub = idOf('sub');
    const cents = Math.round(PLANS[plan].priceUsd * 100);
    subscriptions.push({ id: sub, projectId, planName: PLANS[plan].name, status: 'active', customer, plan });
    const now = Math.floor(Date.now() / 1000);
    const end = Math.floor(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1) / 1000);
    const metadata = { project_id: projectId, plan };
    const number = `LOCAL-${String(++invoiceNumber).padStart(4, '0')}`;
    const invoice = (status: 'open' | 'paid') => ({
      id: `in_local_${sub.slice(-16)}`,
      object: 'invoice',
      number,
      customer,
      currency: 'usd',
      status,
      total: cents,
      amount_due: cents,
      amount_paid: status === 'paid' ? cents : 0,
      created: now,
      period_start: now,
      period_end: end,
      status_transitions: { finalized_at: now, paid_at: status === 'paid' ? now : null },
      lines: { data: [{ period: { start: now, end } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata } },
    });
    const work = (async () => {
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (held) await new Promise<void>((r) => held!.push(r));
      await deliver('invoice.finalized', invoice('open'));
      await deliver('invoice.paid', invoice('paid'));
      await deliver('checkout.session.completed', {
        id: idOf('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: projectId,
        customer,
        subscription: sub,
        amount_total: cents,
        currency: 'usd',
        metadata,
      });
    })();
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  /** A return URL the checkout may send the browser to: on the dashboard's origin, nowhere else. */
  const backTo = (raw: string | null) => {
    if (!raw || !URL.canParse(raw)) return null;
    const url = new URL(raw);
    return url.origin === dashboard.origin && !url.username && !url.password ? url.href : null;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${dashboard.origin}; frame-ancestors 'none'`,
        'X-Content-Type-Options': 'nosniff',
        // same-origin: the form posts carry their Origin (checked above); nothing leaves for the dashboard.
        'Referrer-Policy': 'same-origin',
        ...headers,
      });
      res.end(body);
    };
    const self = `127.0.0.1:${port}`;
    if (![self, `localhost:${port}`, `[::1]:${port}`].includes(req.headers.host ?? ''))
      return send(403, errorPage('This local server answers only on its loopback address.'));
    const url = new URL(req.url ?? '/', `http://${self}`);
    if (o.testHooks && req.method === 'POST' && url.pathname === '/__test/hold') {
      held ??= [];
      return send(204, '');
    }
    if (o.testHooks && req.method === 'POST' && url.pathname === '/__test/release') {
      for (const go of held ?? []) go();
      held = null;
      return send(204, '');
    }
    if (req.method === 'POST' && req.headers.origin !== `http://${req.headers.host}`)
      return send(403, errorPage('Payments are taken only from this checkout page.'));

    if (req.method === 'GET' && url.pathname === '/pay') {
      const q = url.searchParams;
      const plan = q.get('plan') ?? '';
      const projectId = q.get('client_reference_id') ?? '';
      const success = backTo(q.get('success_url'));
      const cancel = backTo(q.get('cancel_url'));
      if (!isPaid(plan) || !PROJECT_ID.test(projectId) || !success || !cancel)
        return send(400, errorPage('This checkout link is incomplete or does not come from the dashboard.'));
      return send(
        200,
        checkoutPage({
          planName: PLANS[plan].name,
          priceUsd: PLANS[plan].priceUsd,
          projectId,
          fields: { plan, client_reference_id: projectId, success_url: success },
          cancelUrl: cancel,
        }),
      );
    }
    if (req.method === 'POST' && url.pathname === '/pay') {
      void readForm(req).then((form) => {
        const plan = form?.get('plan') ?? '';
        const projectId = form?.get('client_reference_id') ?? '';
        const success = backTo(form?.get('success_url') ?? null);
        if (!isPaid(plan) || !PROJECT_ID.test(projectId) || !success)
          return send(400, errorPage('This payment is incomplete.'));
        paid(projectId, plan);
        send(303, '', { Location: success });
      });
      return;
    }
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/subscriptions'))
      return send(200, subscriptionsPage(subscriptions));
    if (req.method === 'POST' && url.pathname === '/subscriptions/cancel') {
      void readForm(req).then((form) => {
        const sub = subscriptions.find((s) => s.id === form?.get('subscription') && s.status === 'active');
        if (!sub) return send(404, errorPage('No such active subscription.'));
        sub.status = 'canceled';
        const work = deliver('customer.subscription.deleted', {
          id: sub.id,
          object: 'subscription',
          customer: sub.customer,
          status: 'canceled',
          metadata: { project_id: sub.projectId, plan: sub.plan },
          items: { data: [{ price: { lookup_key: sub.plan } }] },
        });
        pending.add(work);
        void work.finally(() => pending.delete(work));
        send(303, '', { Location: '/subscriptions' });
      });
      return;
    }
    send(404, errorPage('Not found.'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** Events sent so far, with the dashboard's answers. */
    sent: () => [...sent],
    /** Waits for every event still on its way. */
    settled: () => Promise.all([...pending]).then(() => undefined),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type PaymentProvider = Awaited<ReturnType<typeof createPaymentProvider>>;
