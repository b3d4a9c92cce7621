import { test, expect } from '../fixtures';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';
import { apiAsUser } from './member-helpers';

const WALLETS = demoPath('test', '/wallets');

test('wallets: list, filter, sort, page, URL state, back/forward, detail', async ({ page }) => {
  await page.goto(WALLETS);
  const rows = await dataRows(page);
  await expect(rows).toHaveCount(25);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('1–25 of 50');
  // The count stays out of the URL (and out of every link built from it).
  expect(page.url()).not.toContain('total=');

  // Filter by chain: every row is on that chain, and the filter is in the URL exactly as the API takes it.
  await page.getByRole('button', { name: /^Chain/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Sepolia', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*chainId/);
  await expect(rows.first()).toContainText('Sepolia');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Sepolia');
  const filtered = await page.getByRole('navigation', { name: 'Pagination' }).locator('p').innerText();

  // Sort oldest first.
  await page.getByRole('button', { name: /^Created/ }).click();
  await expect(page).toHaveURL(/order=createdAt%3Aasc/);
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');

  // A reload reproduces the view.
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('navigation', { name: 'Pagination' }).locator('p')).toHaveText(filtered);

  // Back restores the unsorted view, forward the sorted one.
  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  await page.goForward();
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');

  // Clearing the filter and paging.
  await page.getByRole('button', { name: 'Clear Chain filter' }).click();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('1–25 of 50');
  // Page 2 sends the total page 1 counted (remembered for this tab), so the API does not count again.
  const [nextRequest] = await Promise.all([
    page.waitForRequest((r) => /\/wallets\?page=2&/.test(r.url())),
    page.getByRole('button', { name: 'Next page' }).click(),
  ]);
  expect(new URL(nextRequest.url()).searchParams.get('total')).toBe('50');
  await expect(page).toHaveURL(/page=2/);
  expect(page.url()).not.toContain('total=');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('26–50 of 50');

  // Enter on a focused row opens the detail sheet; Escape closes it and the URL follows.
  const first = (await dataRows(page)).first();
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByText('Account type')).toBeVisible();
  await expect(page).toHaveURL(/wallet=acc_/);
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/wallet=/);
});

test('the mode toggle keeps the sort and page size, not the filters, page or open wallet of this mode', async ({
  page,
}) => {
  const sepolia = encodeURIComponent(JSON.stringify([{ field: 'chainId', op: 'in', value: [11155111] }]));
  await page.goto(`${WALLETS}?filters=${sepolia}&order=createdAt%3Aasc&limit=10&page=2`);
  await dataRows(page);
  const mode = page.getByRole('group', { name: 'Mode' });
  await mode.getByRole('link', { name: 'Live' }).click();
  await expect(page).toHaveURL(`${demoPath('live', '/wallets')}?order=createdAt%3Aasc&limit=10`);
  await dataRows(page);

  // A view changed on the page (no reload) is what the toggle reads.
  await page.getByRole('button', { name: /^Chain/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Base', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=/);
  await mode.getByRole('link', { name: 'Test' }).click();
  await expect(page).toHaveURL(`${WALLETS}?order=createdAt%3Aasc&limit=10`);
});

// Live mode, so the counts the other wallet tests see (test mode) do not change while this one runs.
test('wallets: search by address, delete with toasts', async ({ page }) => {
  await page.goto(demoPath('live', '/wallets'));
  await dataRows(page);
  const created = await apiAsUser(page, 'POST', `/projects/${DEMO_PROJECT}/live/wallets`, {
    address: `0x${'e2'.repeat(19)}${Date.now().toString(16).slice(-2)}`,
    chainId: 1,
    accountType: 'Smart Account',
  });
  expect(created.status).toBe(201);
  const wallet = created.body as { id: string; address: string };

  const search = page.getByRole('searchbox', { name: /Search wallets/ });
  await search.fill(wallet.address.toLowerCase());
  await expect(page.getByText('Searching by an address')).toBeVisible();
  await search.press('Enter');
  const rows = await dataRows(page);
  await expect(rows).toHaveCount(1);
  await rows.first().click();

  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText(wallet.address);
  await sheet.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete wallet' }).click();
  await expect(page.getByText('Wallet deleted')).toBeVisible();
  await expect(page.getByText('No results for these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await dataRows(page);
});

test('wallets: a bad URL parameter shows the default view with a notice; an unknown wallet is not found', async ({
  page,
}) => {
  await page.goto(`${WALLETS}?limit=abc&order=nope:up`);
  await expect(page.getByRole('status').filter({ hasText: 'Part of this link was not valid' })).toBeVisible();
  await expect(await dataRows(page)).toHaveCount(25);
  await expect(page).not.toHaveURL(/limit=abc/);

  await page.goto(`${WALLETS}?wallet=acc_01900000-0000-7000-8000-000000000bad`);
  await expect(page.getByRole('dialog').getByText('No wallet with this id here')).toBeVisible();
});

test('wallets: accessible in light and dark, with rows and with the sheet open', async ({ page }) => {
  test.slow(); // axe runs four times, in two colour schemes each
  await page.goto(WALLETS);
  await dataRows(page);
  await expectAccessible(page);
  await (await dataRows(page)).first().click();
  await expect(page.getByRole('dialog').getByText('Account type')).toBeVisible();
  await expectAccessible(page);
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('wallets: no write controls', async ({ page }) => {
    await page.goto(WALLETS);
    await (await dataRows(page)).first().click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByText('Account type')).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'View transactions' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});
