import { test, expect } from '../fixtures';
import { E2E } from '../ports';
import { demoPath, expectAccessible } from './helpers';
import { apiAsUser } from './member-helpers';

/**
 * Usage alerts on the billing page (docs/api.md "Usage alerts and spend caps"): an owner edits the thresholds and the
 * gas budget (the API's refusals at their fields), live operations cross a threshold, the notice shows on the
 * overview and the billing page and is dismissed, the owner gets the email; a policy's spend cap in its editor.
 */
test('usage alerts: edit thresholds and budget, cross one, see and dismiss the notice, get the email; a policy cap', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Alerts flow ${Date.now()}`;
  await page.goto('/');
  const created = await apiAsUser(page, 'POST', '/projects', { name });
  expect(created.status).toBe(201);
  const projectId = created.body.id as string;
  await page.goto(`/${projectId}/live/settings/billing`);
  const card = page.getByRole('region', { name: 'Usage alerts' });
  await expect(card.getByLabel('Threshold 1 (%)')).toHaveValue('50', { timeout: 15_000 });
  await expect(card.getByLabel('Threshold 3 (%)')).toHaveValue('100');

  // Bad input: the API's messages at the fields, nothing saved.
  await card.getByLabel('Threshold 1 (%)').fill('150');
  await card.getByLabel('Monthly gas budget (USD)').fill('-4');
  await card.getByRole('button', { name: 'Save alerts' }).click();
  await expect(card.getByText('Each threshold is a whole percent from 1 to 100')).toBeVisible();
  await expect(card.getByText('Give an amount above 0')).toBeVisible();
  await expect(card.getByText('Unsaved changes')).toBeVisible();

  // 1 % of the Free plan's 1,000 operations; the third threshold removed, one added; a budget of $20.
  await card.getByLabel('Threshold 1 (%)').fill('1');
  await card.getByRole('button', { name: 'Remove threshold 100 %' }).click();
  await card.getByRole('button', { name: 'Add threshold' }).click();
  await card.getByLabel('Threshold 3 (%)').fill('95');
  await card.getByLabel('Monthly gas budget (USD)').fill('20');
  await card.getByRole('button', { name: 'Save alerts' }).click();
  await expect(card.getByText('All changes saved')).toBeVisible();
  await expect(card.getByText('No threshold has been reached this period.')).toBeVisible();
  await page.reload();
  await expect(card.getByLabel('Threshold 1 (%)')).toHaveValue('1', { timeout: 15_000 });
  await expect(card.getByLabel('Threshold 3 (%)')).toHaveValue('95');
  await expect(card.getByLabel('Monthly gas budget (USD)')).toHaveValue('20');

  // Ten live operations cross 1 %.
  const base = `/projects/${projectId}/live`;
  const wallet = await apiAsUser(page, 'POST', `${base}/wallets`, {
    address: '0x00000000000000000000000000000000000a1e27',
    chainId: 1,
    accountType: 'Smart Account',
  });
  expect(wallet.status).toBe(201);
  const policy = await apiAsUser(page, 'POST', `${base}/policies`, { name: 'Capped gas', chainId: 1 });
  expect(policy.status).toBe(201);
  for (let i = 0; i < 10; i++) {
    const tx = await apiAsUser(page, 'POST', `${base}/transactions`, {
      chainId: 1,
      accountId: wallet.body.id,
      interactions: [{ to: '0x0000000000000000000000000000000000000077', value: '0' }],
      ...(i === 0 ? { policyId: policy.body.id } : {}),
    });
    expect(tx.status).toBe(201);
    if (i === 0)
      await apiAsUser(page, 'POST', `${base}/transactions/${tx.body.id}/status`, { status: 'sent', costUsd: 3 });
  }

  // The overview shows both notices (1 % of the operations, and $3 is past 1 % of the $20 budget) with a way to the
  // billing page; dismissed, they stay gone.
  await page.goto(`/${projectId}/live`);
  const notices = page.getByTestId('usage-notice');
  await expect(notices).toHaveCount(2, { timeout: 15_000 });
  const ops = notices.filter({ hasText: '1 % of the included operations reached.' });
  await expect(ops).toContainText('10 of 1,000 included operations used in');
  await expect(notices.filter({ hasText: '1 % of the monthly gas budget reached.' })).toContainText(
    '$3.00 of the $20.00 monthly gas budget sponsored in',
  );
  await ops.getByRole('link', { name: 'Billing and alerts' }).click();
  await expect(page).toHaveURL(new RegExp(`/${projectId}/live/settings/billing$`));
  await expect(page.getByTestId('alerts-reached')).toHaveText(
    'Reached this period: 1 % of the included operations; 1 % of the gas budget.',
  );
  await expect(page.getByTestId('gas-spent')).toHaveText('$3.00 of $20.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Dismiss the notice about 1 % of the included operations' }).click();
  await expect(page.getByTestId('usage-notice')).toHaveCount(1);
  await page.getByRole('button', { name: 'Dismiss the notice about 1 % of the monthly gas budget' }).click();
  await expect(page.getByTestId('usage-notice')).toHaveCount(0);
  await page.reload();
  await expect(card.getByLabel('Threshold 1 (%)')).toHaveValue('1', { timeout: 15_000 });
  await expect(page.getByTestId('usage-notice')).toHaveCount(0);

  // The owner's emails, one per threshold, through the dashboard's mail sender (the local SMTP inbox).
  const inbox = await (await fetch(`${E2E.smtpInboxURL}/api/messages?to=demo%40example.com`)).json();
  const mails = (inbox as { messages: { subject: string }[] }).messages.filter((m) => m.subject.startsWith(name));
  expect(mails.map((m) => m.subject).sort()).toEqual([
    `${name} reached 1 % of its included operations`,
    `${name} reached 1 % of its monthly gas budget`,
  ]);

  // The policy's cap in its editor, with this month's spend against it; past it, sponsorship is refused.
  await page.goto(`/${projectId}/live/policies/${policy.body.id}`);
  const cap = page.getByLabel('Monthly spend cap (USD)');
  await cap.fill('two');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Give an amount in USD')).toBeVisible();
  await cap.fill('2');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('policy-spend-this-month')).toContainText('$3.00 spent this month of $2.00');
  await expect(page.getByTestId('policy-spend-this-month')).toContainText('The cap is reached');
  const refused = await apiAsUser(page, 'POST', `${base}/transactions`, {
    chainId: 1,
    accountId: wallet.body.id,
    interactions: [{ to: '0x0000000000000000000000000000000000000077', value: '0' }],
    policyId: policy.body.id,
    // A capped policy reserves each sponsorship's maximum cost (docs/api.md "Usage alerts and spend caps").
    maxCostUsd: 0.5,
  });
  expect(refused.status).toBe(409);
  expect(refused.body.error.code).toBe('policy_spend_cap_reached');
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('usage alerts: read only', async ({ page }) => {
    await page.goto(demoPath('live', '/settings/billing'));
    const card = page.getByRole('region', { name: 'Usage alerts' });
    await expect(card.getByText('Admins and owners of this project change its alerts.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(card.getByLabel('Threshold 1 (%)')).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Save alerts' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Add threshold' })).toHaveCount(0);
  });
});
