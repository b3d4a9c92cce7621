import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { pagesFetch } from '../pages-stack';
import { addMember, api, newProject, testEnv, token } from './helpers';

/**
 * Plans change only through the payment provider's signed events (docs/api.md "Provider events"; issue 17.1): user
 * tokens never change the plan; events are verified with the `stripe` package (the endpoint secret, 5 minutes of
 * tolerance), remembered by id (a replay changes nothing) and audited with their id. Everything goes through the
 * whole Pages stack (edge middleware, then the API Function), as the provider reaches it.
 */

const SECRET = testEnv.BILLING_WEBHOOK_SECRET!;
const EVENTS = '/api/v1/billing/provider-events';
const crypto = Stripe.createSubtleCryptoProvider();
const nowSeconds = () => Math.floor(Date.now() / 1000);

let seq = 0;
/** A Stripe-shaped event (`evt_…`, `created` now unless given). */
function event(type: string, object: Record<string, unknown>, o: { id?: string; created?: number } = {}) {
  return {
    id: o.id ?? `evt_test_${Date.now()}_${++seq}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: o.created ?? nowSeconds(),
    livemode: false,
    type,
    data: { object },
  };
}

/** Signs a body like the provider (`Stripe-Signature: t=…,v1=…`) with the stripe package. */
const sign = (payload: string, o: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: o.secret ?? SECRET,
    timestamp: o.timestamp ?? nowSeconds(),
    cryptoProvider: crypto,
  });

/** Posts an event through the Pages stack, signed unless `signature` is given (null: no header). */
async function deliver(body: unknown, o: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = o.signature === undefined ? await sign(payload, o) : o.signature;
  const res = await pagesFetch(EVENTS, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'Stripe-Signature': signature }) },
    body: payload,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

const checkoutPaid = (projectId: string, plan: string, extra: Record<string, unknown> = {}) =>
  event('checkout.session.completed', {
    id: `cs_test_${++seq}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    client_reference_id: projectId,
    customer: `cus_${projectId.slice(-8)}`,
    subscription: `sub_${projectId.slice(-8)}`,
    metadata: { plan },
    ...extra,
  });

const planOf = async (p: { id: string; ownerToken: string }) =>
  (await api('GET', `/projects/${p.id}/billing`, p.ownerToken)).body.plan.id as string;
const planAudits = async (p: { id: string; ownerToken: string }) =>
  (await api('GET', `/projects/${p.id}/audit-log?limit=100`, p.ownerToken)).body.data.filter(
    (e: { action: string }) => e.action === 'billing.plan_changed',
  );

describe('PATCH /projects/{projectId}/billing', () => {
  it('is refused for owner and admin tokens: the plan changes only through a confirmed payment', async () => {
    const p = await newProject('patch-plan-owner');
    await addMember(p.id, 'patch-plan-admin', 'admin');
    const version = (await api('GET', `/projects/${p.id}/billing`, p.ownerToken)).body.version;
    for (const who of [p.ownerToken, await token('patch-plan-admin')]) {
      const res = await pagesFetch(`/api/v1/projects/${p.id}/billing`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${who}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ plan: 'scale', version }),
      });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('forbidden');
      expect(body.error.message).toMatch(/only when the payment provider confirms a payment/);
    }
    expect(await planOf(p)).toBe('free');
    expect(await planAudits(p)).toEqual([]);
  });
});

describe('POST /billing/provider-events', () => {
  it('a correctly signed checkout.session.completed changes the plan and audits it with the event id', async () => {
    const p = await newProject('event-checkout');
    const e = checkoutPaid(p.id, 'scale');
    const res = await deliver(e);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ received: true, eventId: e.id, outcome: 'applied', duplicate: false });
    expect(await planOf(p)).toBe('scale');
    const [audit, ...more] = await planAudits(p);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorType: 'provider',
      actorId: 'stripe',
      targetId: p.id,
      details: { plan: 'scale', previousPlan: 'free', eventId: e.id, eventType: 'checkout.session.completed' },
    });
  });

  it('needs no user token, and a user token does not help an unsigned event', async () => {
    const p = await newProject('event-no-token');
    const res = await pagesFetch(EVENTS, {
      method: 'POST',
      headers: { Authorization: `Bearer ${p.ownerToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(checkoutPaid(p.id, 'scale')),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    expect(await planOf(p)).toBe('free');
  });

  const refusals: [string, (payload: string) => Promise<Parameters<typeof deliver>[1]>, string][] = [
    ['a signature made with another secret', async () => ({ secret: 'whsec_someone_else' }), 'no_matching_signature'],
    ['a timestamp older than the 300 s tolerance', async () => ({ timestamp: nowSeconds() - 301 }), 'stale_timestamp'],
    ['no Stripe-Signature header', async () => ({ signature: null }), 'missing_header'],
    ['a malformed header', async () => ({ signature: 'v1=abc' }), 'malformed_header'],
    [
      'a signature of another body',
      async (payload) => ({ signature: await sign(payload.replace('"scale"', '"growth"')) }),
      'no_matching_signature',
    ],
  ];
  it.each(refusals)('refuses %s: 400 invalid_signature, nothing changed', async (_what, options, reason) => {
    const p = await newProject(`event-refused-${reason}`);
    const e = checkoutPaid(p.id, 'scale');
    const payload = JSON.stringify(e);
    const res = await deliver(payload, await options(payload));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_signature', details: { reason } });
    expect(await planOf(p)).toBe('free');
    // Not remembered either: the genuine event, signed now, still applies.
    expect((await deliver(e)).body.outcome).toBe('applied');
    expect(await planOf(p)).toBe('scale');
  });

  it('a replayed event id changes nothing and answers 200 (idempotent), even signed afresh', async () => {
    const p = await newProject('event-replay');
    const upgrade = checkoutPaid(p.id, 'scale');
    expect((await deliver(upgrade)).body.outcome).toBe('applied');
    const cancel = event('customer.subscription.deleted', {
      id: `sub_${p.id.slice(-8)}`,
      object: 'subscription',
      customer: `cus_${p.id.slice(-8)}`,
      status: 'canceled',
    });
    expect((await deliver(cancel)).body.outcome).toBe('applied');
    expect(await planOf(p)).toBe('free');
    // The upgrade again (same id, a new valid signature), then the very same request twice.
    const replay = await deliver(upgrade);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, eventId: upgrade.id, outcome: 'applied', duplicate: true });
    const payload = JSON.stringify(upgrade);
    const header = await sign(payload);
    for (let i = 0; i < 2; i++) expect((await deliver(payload, { signature: header })).body.duplicate).toBe(true);
    expect(await planOf(p)).toBe('free');
    expect((await planAudits(p)).map((a: { details: { plan: string } }) => a.details.plan)).toEqual(['free', 'scale']);
  });

  it('subscription deleted → free; updated to another plan → that plan; an older or foreign event → nothing', async () => {
    const p = await newProject('event-subscription');
    const sub = `sub_${p.id.slice(-8)}`;
    const t = nowSeconds();
    expect((await deliver(checkoutPaid(p.id, 'growth'))).body.outcome).toBe('applied');
    const subscription = (status: string, plan: string, id = sub) => ({
      id,
      object: 'subscription',
      customer: `cus_${p.id.slice(-8)}`,
      status,
      items: { data: [{ price: { lookup_key: plan } }] },
    });
    await deliver(event('customer.subscription.updated', subscription('active', 'scale'), { created: t + 1 }));
    expect(await planOf(p)).toBe('scale');
    // An event created before the last one applied (delivered late), and another subscription's: ignored.
    const late = await deliver(
      event('customer.subscription.updated', subscription('active', 'growth'), { created: t }),
    );
    expect(late.body.outcome).toBe('ignored');
    const foreign = await deliver(
      event('customer.subscription.deleted', subscription('canceled', 'scale', 'sub_other'), { created: t + 2 }),
    );
    expect(foreign.body.outcome).toBe('ignored');
    expect(await planOf(p)).toBe('scale');
    // Past due changes nothing; deleted → free.
    await deliver(event('customer.subscription.updated', subscription('past_due', 'scale'), { created: t + 3 }));
    expect(await planOf(p)).toBe('scale');
    await deliver(event('customer.subscription.deleted', subscription('canceled', 'scale'), { created: t + 4 }));
    expect(await planOf(p)).toBe('free');
    expect((await planAudits(p))[0].details).toMatchObject({ plan: 'free', previousPlan: 'scale' });
  });

  it('invoice events create invoices: one row per provider invoice, its status moving forward only', async () => {
    const p = await newProject('event-invoice');
    await deliver(checkoutPaid(p.id, 'growth'));
    const start = Date.UTC(2026, 10, 1) / 1000;
    const end = Date.UTC(2026, 11, 1) / 1000;
    const invoice = (status: string) => ({
      id: `in_${p.id.slice(-8)}`,
      object: 'invoice',
      number: 'ACME-0042',
      customer: `cus_${p.id.slice(-8)}`,
      currency: 'usd',
      status,
      total: 9900,
      created: start + 60,
      status_transitions: { finalized_at: start + 120 },
      lines: { data: [{ period: { start, end } }] },
      parent: { subscription_details: { subscription: `sub_${p.id.slice(-8)}` } },
    });
    for (const [type, status] of [
      ['invoice.finalized', 'open'],
      ['invoice.paid', 'paid'],
      ['invoice.finalized', 'open'], // a late, older status: the invoice stays paid
    ])
      expect((await deliver(event(type!, invoice(status!)))).body.outcome).toBe('applied');
    const { invoices } = (await api('GET', `/projects/${p.id}/billing`, p.ownerToken)).body;
    expect(invoices).toEqual([
      {
        id: expect.stringMatching(/^ivc_/),
        number: 'ACME-0042',
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        amountUsd: 99,
        status: 'paid',
        issuedAt: new Date((start + 120) * 1000).toISOString(),
      },
    ]);
    // A draft is not an invoice yet.
    expect((await deliver(event('invoice.created', invoice('draft')))).body.outcome).toBe('ignored');
  });

  it('acknowledges unknown event types and events about unknown projects (200), changing nothing', async () => {
    const p = await newProject('event-unknown');
    const other = await deliver(event('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(other.status).toBe(200);
    expect(other.body.outcome).toBe('ignored');
    const nowhere = await deliver(checkoutPaid('pro_01900000-0000-7000-8000-00000000dead', 'scale'));
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.outcome).toBe('unknown_project');
    const noPlan = await deliver(checkoutPaid(p.id, 'enterprise'));
    expect(noPlan.body.outcome).toBe('ignored');
    const unpaid = await deliver(checkoutPaid(p.id, 'scale', { payment_status: 'unpaid' }));
    expect(unpaid.body.outcome).toBe('ignored');
    expect(await planOf(p)).toBe('free');
  });

  it('refuses a body over 256 KB (413) and answers 503 where no endpoint secret is configured', async () => {
    const big = JSON.stringify({ ...checkoutPaid('pro_x', 'scale'), pad: 'x'.repeat(256 * 1024) });
    const res = await deliver(big);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    const payload = JSON.stringify(checkoutPaid('pro_x', 'scale'));
    const off = await handleApi(
      new Request(`https://dash.test${EVENTS}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': await sign(payload) },
        body: payload,
      }),
      { ...testEnv, BILLING_WEBHOOK_SECRET: '' },
      () => {},
    );
    expect(off.status).toBe(503);
  });

  it('is in the OpenAPI document without credentials', async () => {
    const { body: doc } = await api('GET', '/openapi.json', null);
    const op = doc.paths['/api/v1/billing/provider-events'].post;
    expect(op.security).toEqual([]);
    expect(JSON.stringify(op.responses['200'])).toContain('#/components/schemas/ProviderEventResult');
  });
});
