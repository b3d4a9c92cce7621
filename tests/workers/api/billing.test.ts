import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { newId } from '../../../src/shared/api/ids';
import { addMember, api, newProject, testEnv, token } from './helpers';

/**
 * Billing (docs/api.md "Billing"): the plans offered, the invoices recorded, and plan changes through the payment
 * provider's hosted checkout, whose URL the API builds on the configured host only.
 */

const CHECKOUT = {
  BILLING_CHECKOUT_URL: 'https://checkout.payments.test/pay?store=demo',
  BILLING_PROVIDER_HOST: 'checkout.payments.test',
};

/** Calls the API with extra environment variables (the checkout configuration). */
async function call(vars: Partial<Env>, method: string, path: string, auth: string, body?: unknown) {
  const res = await handleApi(
    new Request(`https://dash.test/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${auth}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...testEnv, ...vars },
    () => {},
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

async function addInvoice(projectId: string, month: number, status: string, cents: number) {
  const start = Date.UTC(2026, month, 1);
  const end = Date.UTC(2026, month + 1, 1);
  await testEnv.DB.prepare(
    'INSERT INTO invoices (id, project_id, number, period_start, period_end, amount_cents, status, issued_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(newId('ivc', end), projectId, `INV-2026-${month + 1}`, start, end, cents, status, end + 1000)
    .run();
}

describe('GET /projects/{projectId}/billing', () => {
  it('lists the plans offered and the invoices, newest first, at most 24', async () => {
    const p = await newProject('bill-owner');
    const empty = await api('GET', `/projects/${p.id}/billing`, p.ownerToken);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.plans.map((x: { id: string }) => x.id)).toEqual(['free', 'growth', 'scale']);
    expect(empty.body.plans[1]).toEqual({
      id: 'growth',
      name: 'Growth',
      priceUsd: 99,
      includedOperations: 100_000,
      overagePer1000Usd: 1,
    });
    expect(empty.body.invoices).toEqual([]);

    await addInvoice(p.id, 0, 'paid', 9900);
    await addInvoice(p.id, 1, 'open', 12345);
    const other = await newProject('bill-other');
    await addInvoice(other.id, 2, 'paid', 1);
    const two = await api('GET', `/projects/${p.id}/billing`, p.ownerToken);
    // Amounts in dollars from the stored cents; another project's invoice is not listed.
    expect(two.body.invoices).toEqual([
      expect.objectContaining({ number: 'INV-2026-2', amountUsd: 123.45, status: 'open' }),
      expect.objectContaining({
        number: 'INV-2026-1',
        amountUsd: 99,
        status: 'paid',
        periodStart: '2026-01-01T00:00:00.000Z',
        periodEnd: '2026-02-01T00:00:00.000Z',
        issuedAt: '2026-02-01T00:00:01.000Z',
      }),
    ]);
    expect(two.body.invoices[0].id).toMatch(/^ivc_/);

    for (let m = 2; m < 26; m++) await addInvoice(p.id, m, 'paid', 100);
    const many = await api('GET', `/projects/${p.id}/billing`, p.ownerToken);
    expect(many.body.invoices).toHaveLength(24);
    expect(many.body.invoices[0].periodStart).toBe(new Date(Date.UTC(2026, 25, 1)).toISOString());
    expect(many.body.invoices[23].periodStart).toBe(new Date(Date.UTC(2026, 2, 1)).toISOString());
  });

  it('says whether a hosted checkout is configured, and on which host; an unsafe configuration is off', async () => {
    const p = await newProject('bill-config');
    const path = `/projects/${p.id}/billing`;
    expect((await call({}, 'GET', path, p.ownerToken)).body.checkout).toEqual({ available: false, host: null });
    expect((await call(CHECKOUT, 'GET', path, p.ownerToken)).body.checkout).toEqual({
      available: true,
      host: 'checkout.payments.test',
    });
    for (const bad of [
      { ...CHECKOUT, BILLING_CHECKOUT_URL: 'http://checkout.payments.test/pay' },
      { ...CHECKOUT, BILLING_CHECKOUT_URL: 'https://evil.test/pay' },
      { ...CHECKOUT, BILLING_CHECKOUT_URL: 'https://user:pw@checkout.payments.test/pay' },
      { ...CHECKOUT, BILLING_CHECKOUT_URL: 'not a url' },
      { BILLING_CHECKOUT_URL: CHECKOUT.BILLING_CHECKOUT_URL },
    ])
      expect((await call(bad, 'GET', path, p.ownerToken)).body.checkout, JSON.stringify(bad)).toEqual({
        available: false,
        host: null,
      });
  });
});

describe('the local stand-in exception (BILLING_ALLOW_LOOPBACK)', () => {
  const LOCAL = {
    BILLING_CHECKOUT_URL: 'http://127.0.0.1:8789/pay',
    BILLING_PROVIDER_HOST: '127.0.0.1:8789',
    BILLING_ALLOW_LOOPBACK: 'true',
  };
  /** The billing answer's `checkout` for a dashboard answering on `origin`. */
  async function checkoutOn(origin: string, vars: Partial<Env>, projectId: string, auth: string) {
    const res = await handleApi(
      new Request(`${origin}/api/v1/projects/${projectId}/billing`, { headers: { Authorization: `Bearer ${auth}` } }),
      { ...testEnv, ...vars },
      () => {},
    );
    return ((await res.json()) as { checkout: unknown }).checkout;
  }

  it('allows an http checkout on loopback only with the flag and only for a dashboard served on loopback', async () => {
    const p = await newProject('bill-loopback');
    const on = { available: true, host: '127.0.0.1:8789' };
    const off = { available: false, host: null };
    expect(await checkoutOn('http://127.0.0.1:8788', LOCAL, p.id, p.ownerToken)).toEqual(on);
    expect(await checkoutOn('http://localhost:8788', LOCAL, p.id, p.ownerToken)).toEqual(on);
    // Set by mistake on a deployed dashboard: nothing changes, the http checkout stays off.
    expect(await checkoutOn('https://dash.example.com', LOCAL, p.id, p.ownerToken)).toEqual(off);
    // Without the flag, or for a host that is not loopback, or without the endpoint secret: off.
    const { BILLING_ALLOW_LOOPBACK: _, ...noFlag } = LOCAL;
    expect(await checkoutOn('http://127.0.0.1:8788', noFlag, p.id, p.ownerToken)).toEqual(off);
    for (const bad of [
      { ...LOCAL, BILLING_CHECKOUT_URL: 'http://10.0.0.1:8789/pay', BILLING_PROVIDER_HOST: '10.0.0.1:8789' },
      { ...LOCAL, BILLING_CHECKOUT_URL: 'http://pay.example.com/pay', BILLING_PROVIDER_HOST: 'pay.example.com' },
      { ...LOCAL, BILLING_WEBHOOK_SECRET: '' },
    ])
      expect(await checkoutOn('http://127.0.0.1:8788', bad, p.id, p.ownerToken), JSON.stringify(bad)).toEqual(off);
  });
});

describe('POST /projects/{projectId}/billing/checkout', () => {
  it('answers the hosted checkout URL on the provider host, with the way back to the billing page', async () => {
    const p = await newProject('checkout-owner');
    const res = await call(CHECKOUT, 'POST', `/projects/${p.id}/billing/checkout`, p.ownerToken, {
      plan: 'growth',
      mode: 'test',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ host: 'checkout.payments.test', plan: 'growth' });
    const url = new URL(res.body.url);
    expect(url.origin + url.pathname).toBe('https://checkout.payments.test/pay');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      store: 'demo',
      plan: 'growth',
      client_reference_id: p.id,
      success_url: `https://dash.test/${p.id}/test/settings/billing?payment=success`,
      cancel_url: `https://dash.test/${p.id}/test/settings/billing?payment=canceled`,
    });
    // Who started it is in the audit log; the plan itself changes only when the provider confirms the payment.
    const audit = await api('GET', `/projects/${p.id}/audit-log`, p.ownerToken);
    expect(audit.body.data[0]).toMatchObject({ action: 'billing.checkout_started', details: { plan: 'growth' } });
    expect((await api('GET', `/projects/${p.id}/billing`, p.ownerToken)).body.plan.id).toBe('free');
    // Mode defaults to live.
    const live = await call(CHECKOUT, 'POST', `/projects/${p.id}/billing/checkout`, p.ownerToken, { plan: 'scale' });
    expect(new URL(live.body.url).searchParams.get('success_url')).toContain(`/${p.id}/live/settings/billing`);
  });

  it('takes nothing from the browser but a plan and a mode: no return URL, no other host', async () => {
    const p = await newProject('checkout-redirect');
    const path = `/projects/${p.id}/billing/checkout`;
    for (const body of [
      { plan: 'growth', successUrl: 'https://evil.test/' },
      { plan: 'growth', url: 'https://evil.test/' },
      { plan: 'growth', mode: 'https://evil.test' },
      { plan: 'https://evil.test' },
    ])
      expect((await call(CHECKOUT, 'POST', path, p.ownerToken, body)).status, JSON.stringify(body)).toBe(400);
  });

  it('refuses the current plan and the free plan at the field, and says to contact sales when off', async () => {
    const p = await newProject('checkout-plans');
    const path = `/projects/${p.id}/billing/checkout`;
    await testEnv.DB.prepare("UPDATE projects SET plan = 'growth' WHERE id = ?").bind(p.id).run();
    const same = await call(CHECKOUT, 'POST', path, p.ownerToken, { plan: 'growth' });
    expect(same.status).toBe(400);
    expect(same.body.error.details).toEqual([{ path: 'plan', message: 'This project is already on the Growth plan' }]);
    const free = await call(CHECKOUT, 'POST', path, p.ownerToken, { plan: 'free' });
    expect(free.status).toBe(400);
    expect(free.body.error.details[0].path).toBe('plan');
    const off = await call({}, 'POST', path, p.ownerToken, { plan: 'scale' });
    expect(off.status).toBe(503);
    // Said to the customer: no setting names (docs/api.md has those).
    expect(off.body.error.message).toBe('Plans cannot be bought online here: contact sales to change your plan');
    expect(off.text).not.toMatch(/BILLING_|docs\//);
  });

  it('is for admins and owners only: developers, viewers, keys and strangers are refused', async () => {
    const p = await newProject('checkout-roles');
    const path = `/projects/${p.id}/billing/checkout`;
    for (const role of ['admin', 'developer', 'viewer']) await addMember(p.id, `checkout-${role}`, role);
    const as = async (sub: string) => call(CHECKOUT, 'POST', path, await token(sub), { plan: 'scale' });
    expect((await as('checkout-admin')).status).toBe(200);
    expect((await as('checkout-developer')).status).toBe(403);
    expect((await as('checkout-viewer')).status).toBe(403);
    expect((await as('checkout-stranger')).status).toBe(404);
    expect((await call(CHECKOUT, 'POST', path, p.secretLive, { plan: 'scale' })).status).toBe(403);
    // Nor can they change the plan directly.
    const version = (await api('GET', `/projects/${p.id}/billing`, p.ownerToken)).body.version;
    for (const sub of ['checkout-developer', 'checkout-viewer'])
      expect(
        (await api('PATCH', `/projects/${p.id}/billing`, await token(sub), { plan: 'scale', version })).status,
      ).toBe(403);
  });

  it('is in the OpenAPI document with its body and answer', async () => {
    const { body: doc } = await api('GET', '/openapi.json', null);
    const op = doc.paths['/api/v1/projects/{projectId}/billing/checkout'].post;
    expect(JSON.stringify(op.requestBody)).toContain('#/components/schemas/BillingCheckout');
    expect(JSON.stringify(op.responses)).toContain('#/components/schemas/BillingCheckoutSession');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Billing', 'Plan', 'Invoice']));
  });
});
