import type { Page } from '@playwright/test';
import { test, expect, HOME_URL } from '../fixtures';
import { E2E } from '../ports';
import { DEMO_PROJECT, demoPath, expectAccessible } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';
import { signIn } from '../auth/helpers';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';

/** The e2e stack's payment provider: the stand-in of dev/payment-provider (scripts/lib/stack.ts), a real server. */
const PROVIDER = E2E.paymentsURL;
const BILLING = demoPath('test', '/settings/billing');
const billingOf = (projectId: string) => `/${projectId}/test/settings/billing`;

test('billing: plan, usage meter, monthly chart and invoices of the demo project; accessible in light and dark', async ({
  page,
}) => {
  await page.goto(BILLING);
  const plan = page.getByRole('region', { name: 'Plan', exact: true });
  await expect(plan.getByTestId('plan-name')).toHaveText('Growth');
  await expect(plan).toContainText('$99.00 a month');
  await expect(plan).toContainText('100,000 operations a month');
  const meter = page.getByRole('meter', { name: 'Operations' });
  await expect(meter).toHaveAttribute('aria-valuemax', '100000');
  const used = Number(await meter.getAttribute('aria-valuenow'));
  expect(used).toBeGreaterThan(0);
  await expect(page.getByTestId('overage')).toHaveText('None');

  // The analytics screens' chart (uPlot) with one point per month of the last year.
  const chart = page.getByRole('figure', { name: 'Monthly operations' });
  await expect(chart.locator('[data-drawn="12"]')).toBeAttached();
  await chart.getByRole('button', { name: 'Table' }).click();
  await expect(chart.getByRole('region', { name: 'Monthly operations: table' }).getByRole('row')).toHaveCount(13);
  // One row per month, labelled as a month ("Nov 2026"), not as the day it is dated on.
  await expect(chart.getByRole('columnheader', { name: 'Month (UTC)' })).toBeVisible();
  await expect(chart.getByRole('region', { name: 'Monthly operations: table' }).getByRole('row').nth(1)).toContainText(
    /^[A-Z][a-z]{2} \d{4}/,
  );
  await chart.getByRole('button', { name: 'Chart' }).click();

  // The seeded invoices, newest (still open) first.
  const invoices = page.getByRole('region', { name: 'Invoices' }).getByRole('table');
  const rows = invoices.getByRole('row');
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  await expect(rows.nth(1)).toContainText('Open');
  await expect(rows.nth(1)).toContainText('$99.00');
  await expect(rows.nth(2)).toContainText('Paid');

  await expectAccessible(page);
});

test('billing: the whole upgrade through the provider stand-in: choose → checkout → Pay → back → pending → plan shown; cancel and downgrade', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A project of this test's own (Free), so the demo project's plan stays as other tests read it.
  const projectId = await ownProject(page, 'Billing loop');
  await page.goto(billingOf(projectId));
  // A first load of a new project's page (the shared machine can be slow): more than the default 5 s.
  await expect(page.getByTestId('plan-name')).toHaveText('Free', { timeout: 15_000 });
  const change = page.getByRole('region', { name: 'Change plan' });
  await change.getByRole('radio', { name: /Scale/ }).check();
  await change.getByRole('button', { name: 'Continue to checkout' }).click();

  // The hosted checkout, built by the API on the provider's host.
  await page.waitForURL((u) => u.origin === PROVIDER && u.pathname === '/pay');
  const checkout = new URL(page.url());
  expect(checkout.searchParams.get('plan')).toBe('scale');
  expect(checkout.searchParams.get('client_reference_id')).toBe(projectId);
  expect(checkout.searchParams.get('success_url')).toBe(`${E2E.baseURL}${billingOf(projectId)}?payment=success`);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  // The provider keeps this payment's events until the pending state has been looked at (a test hook of the stand-in).
  expect((await page.request.post(`${PROVIDER}/__test/hold`)).status()).toBe(204);
  await page.getByRole('button', { name: 'Pay $499.00' }).click();

  // Back on the billing page before the signed event arrived: pending, with no second checkout, and no reload needed.
  await page.waitForURL((u) => u.origin === E2E.baseURL && u.pathname === billingOf(projectId));
  const pending = page.getByTestId('payment-pending');
  await expect(pending).toContainText('Waiting for the payment provider to confirm it');
  await expect(pending).toContainText('the Scale plan');
  await expect(page.getByTestId('plan-name')).toHaveText('Free');
  await expect(page).toHaveURL((u) => u.search === '');
  await expect(change.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
  expect((await page.request.post(`${PROVIDER}/__test/release`)).status()).toBe(204);
  // The event arrives (signed by the stand-in with the stripe package): the plan shows, the pending state ends.
  await expect(page.getByTestId('plan-name')).toHaveText('Scale', { timeout: 15_000 });
  await expect(pending).toHaveCount(0);
  await expect(page.getByText('Payment confirmed: this project is on the Scale plan')).toBeVisible();
  // The invoice came from the same events.
  const invoice = page.getByRole('region', { name: 'Invoices' }).getByRole('row').nth(1);
  await expect(invoice).toContainText('LOCAL-');
  await expect(invoice).toContainText('$499.00');
  await expect(invoice).toContainText('Paid');
  // Audited as the provider's, with its event id.
  const audit = await apiAsUser(page, 'GET', `/projects/${projectId}/audit-log`);
  expect(audit.body.data.find((e: { action: string }) => e.action === 'billing.plan_changed')).toMatchObject({
    actorType: 'provider',
    details: { plan: 'scale', previousPlan: 'free', eventId: expect.stringMatching(/^evt_local_/) },
  });
  // A reload shows no pending state again.
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Scale');
  await expect(pending).toHaveCount(0);

  // Canceled at the checkout: back with payment=canceled, nothing changed.
  await change.getByRole('radio', { name: /Growth/ }).check();
  await change.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL((u) => u.origin === PROVIDER);
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page.getByText('Checkout canceled: your plan has not changed')).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === billingOf(projectId) && u.search === '');
  await expect(page.getByTestId('plan-name')).toHaveText('Scale');
  await expect(pending).toHaveCount(0);

  // Canceling the subscription at the provider (customer.subscription.deleted) moves the project back to Free.
  await page.goto(`${PROVIDER}/subscriptions`);
  await page
    .getByRole('row')
    .filter({ hasText: projectId })
    .getByRole('button', { name: 'Cancel subscription' })
    .click();
  await page.goto(billingOf(projectId));
  await expect
    .poll(async () => (await apiAsUser(page, 'GET', `/projects/${projectId}/billing`)).body?.plan.id, {
      timeout: 15_000,
    })
    .toBe('free');
});

test('billing: the provider refuses a checkout link that would send the browser elsewhere', async ({ page }) => {
  const res = await page.goto(
    `${PROVIDER}/pay?plan=scale&client_reference_id=${DEMO_PROJECT}&success_url=https://evil.example/&cancel_url=https://evil.example/`,
  );
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
});

test('billing: without a payment provider the page says to contact sales, and names no setting', async ({ page }) => {
  // This stack has a provider; the answer is changed on its way to the page to show the other state.
  await page.route('**/api/v1/projects/*/billing', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, checkout: { available: false, host: null } } });
  });
  await page.goto(BILLING);
  const change = page.getByRole('region', { name: 'Change plan' });
  await expect(change.getByTestId('checkout-unavailable')).toContainText('Contact sales to change your plan');
  await expect(change.getByRole('button', { name: 'Continue to checkout' })).toHaveCount(0);
  await expect(change.getByRole('radio')).toHaveCount(0);
  // No operator text anywhere on the page: no variable names, files or docs.
  await expect(page.locator('main')).not.toContainText(/BILLING_|docs\/|\.md\b|environment variable|wrangler/i);
  await expectAccessible(page);
});

test('billing: screenshots at 1280 and 390 px, light and dark (the checkout form and the pending state; axe runs in the tests above)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const projectId = await ownProject(page, 'Billing shots');
  await page.goto(billingOf(projectId));
  // A first load of a new project's page (the shared machine can be slow): more than the default 5 s.
  await expect(page.getByTestId('plan-name')).toHaveText('Free', { timeout: 15_000 });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`billing-${width}-${scheme}.png`), fullPage: true });
    }
  // The pending state, as the page shows it between the provider's redirect and its event.
  await page.evaluate((id) => sessionStorage.setItem(`dashboard:billing-checkout:${id}`, 'growth'), projectId);
  await page.goto(`${billingOf(projectId)}?payment=success`);
  await expect(page.getByTestId('payment-pending')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`billing-pending-390-${scheme}.png`), fullPage: true });
  }
});

test('billing: an unknown project is not found', async ({ page }) => {
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/settings/billing');
  await expect(page.getByText('No such project')).toBeVisible();
});

/** A developer or a viewer sees the plan and usage, no plan controls, and the API refuses them. */
async function expectNoBillingControls(page: Page) {
  await page.goto(BILLING);
  await expect(page.getByTestId('plan-name')).toHaveText('Growth');
  await expect(page.getByText('Admins and owners of this project change its plan.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Change plan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  const checkout = await apiAsUser(page, 'POST', `/projects/${DEMO_PROJECT}/billing/checkout`, { plan: 'scale' });
  expect(checkout.status).toBe(403);
  const { body } = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/billing`);
  const patch = await apiAsUser(page, 'PATCH', `/projects/${DEMO_PROJECT}/billing`, {
    plan: 'scale',
    version: body.version,
  });
  expect(patch.status).toBe(403);
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('billing: read only, and the API refuses plan changes', async ({ page }) => {
    await expectNoBillingControls(page);
  });
});

test.describe('as a developer', () => {
  test.use({ session: null });
  test('billing: read only, and the API refuses plan changes', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.developer.email, DEMO_ACCOUNTS.developer.password);
    await expect(page).toHaveURL(HOME_URL);
    await expectNoBillingControls(page);
  });
});
