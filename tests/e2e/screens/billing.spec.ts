import type { Page } from '@playwright/test';
import { test, expect, HOME_URL } from '../fixtures';
import { DEMO_PROJECT, VIEWER_STORAGE_STATE, demoPath, expectAccessible } from './helpers';
import { apiAsUser } from './member-helpers';
import { SIGNED_OUT, signIn } from '../auth/helpers';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';

/** The e2e stack's payment provider (scripts/lib/stack.ts): a reserved `.test` host the tests answer themselves. */
const PROVIDER = 'https://checkout.payments.test';
const BILLING = demoPath('test', '/settings/billing');

/** Answers the hosted checkout page in place of the (non-existent) provider. */
async function fakeProvider(page: Page) {
  await page.route(`${PROVIDER}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Test checkout</h1>' }),
  );
}

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

test('billing: change plan through the hosted checkout on the provider host; back with payment=success and payment=canceled, each toast once', async ({
  page,
}) => {
  await fakeProvider(page);
  await page.goto(BILLING);
  const change = page.getByRole('region', { name: 'Change plan' });
  // The current plan is not offered; Scale is.
  await expect(change.getByRole('radio', { name: /Growth/ })).toHaveCount(0);
  await change.getByRole('radio', { name: /Scale/ }).check();
  await expect(change).toContainText('You pay on checkout.payments.test');
  await change.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL((u) => u.origin === PROVIDER);
  const checkout = new URL(page.url());
  expect(checkout.origin + checkout.pathname).toBe(`${PROVIDER}/pay`);
  expect(checkout.searchParams.get('plan')).toBe('scale');
  expect(checkout.searchParams.get('client_reference_id')).toBe(DEMO_PROJECT);
  const success = checkout.searchParams.get('success_url')!;
  const cancel = checkout.searchParams.get('cancel_url')!;
  expect(new URL(success).pathname + new URL(success).search).toBe(`${BILLING}?payment=success`);
  expect(new URL(cancel).pathname + new URL(cancel).search).toBe(`${BILLING}?payment=canceled`);

  // The provider sends the user back: the toast shows once and the parameter leaves the URL (history replace).
  await page.goto(success);
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === BILLING && u.search === '');
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Growth');
  await expect(page.getByText('Payment received')).toHaveCount(0);
  // Back goes to the provider's page (the billing entry with the parameter was replaced), forward shows no toast.
  await page.goBack();
  await expect(page).toHaveURL((u) => u.origin === PROVIDER);
  await page.goForward();
  await expect(page.getByTestId('plan-name')).toHaveText('Growth');
  await expect(page).toHaveURL((u) => u.pathname === BILLING && u.search === '');
  await expect(page.getByText('Payment received')).toHaveCount(0);

  await page.goto(cancel);
  await expect(page.getByText('Checkout canceled: your plan has not changed')).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === BILLING && u.search === '');
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Growth');
  await expect(page.getByText('Checkout canceled')).toHaveCount(0);

  // The plan itself changes only when the provider confirms the payment; the start is in the audit log.
  const audit = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/audit-log`);
  expect(audit.body.data.some((e: { action: string }) => e.action === 'billing.checkout_started')).toBe(true);
});

test('billing: without a payment provider the page says exactly how to configure it', async ({ page }) => {
  // This stack has a provider; the answer is changed on its way to the page to show the other state.
  await page.route('**/api/v1/projects/*/billing', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, checkout: { available: false, host: null } } });
  });
  await page.goto(BILLING);
  const change = page.getByRole('region', { name: 'Change plan' });
  const setup = change.getByTestId('checkout-setup');
  await expect(setup).toContainText('none is configured');
  await expect(setup.getByText('BILLING_CHECKOUT_URL', { exact: true })).toBeVisible();
  await expect(setup.getByText('BILLING_PROVIDER_HOST', { exact: true })).toBeVisible();
  await expect(setup).toContainText('docs/api.md');
  await expect(change.getByRole('button', { name: 'Continue to checkout' })).toHaveCount(0);
  await expect(change.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page);
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
  test.use({ storageState: VIEWER_STORAGE_STATE });
  test('billing: read only, and the API refuses plan changes', async ({ page }) => {
    await expectNoBillingControls(page);
  });
});

test.describe('as a developer', () => {
  test.use({ storageState: SIGNED_OUT });
  test('billing: read only, and the API refuses plan changes', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.developer.email, DEMO_ACCOUNTS.developer.password);
    await expect(page).toHaveURL(HOME_URL);
    await expectNoBillingControls(page);
  });
});
