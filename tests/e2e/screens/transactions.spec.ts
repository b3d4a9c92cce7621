import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';

const LIST = demoPath('test', '/transactions');

interface Tx {
  id: string;
  status: string;
  transactionHash: string | null;
  accountId: string | null;
  userId: string | null;
  policyId: string | null;
  user: { name: string | null; email: string | null } | null;
  account: { address: string } | null;
  policy: { name: string } | null;
  interactions: { functionName?: string; functionArgs?: string[]; data?: string }[];
}

/** Reads transactions as the signed-in browser user (to pick real ids and hashes to search for). */
async function transactions(page: Page, mode: 'live' | 'test', query = 'limit=100'): Promise<Tx[]> {
  return page.evaluate(
    async ({ path, key }) => {
      const token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      const res = await fetch(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: Tx[] }).data;
    },
    { path: `/projects/${DEMO_PROJECT}/${mode}/transactions?${query}`, key: AUTH_STORAGE_KEY },
  );
}

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test('transactions: list, filter by status and chain, sort, page, URL state, back/forward, detail', async ({
  page,
}) => {
  await page.goto(LIST);
  const rows = await dataRows(page);
  await expect(rows).toHaveCount(25);
  await expect(pagination(page)).toContainText(/1–25 of \d+/);
  expect(page.url()).not.toContain('total=');

  // Status: two values (an `in` filter), the menu stays open between them.
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Confirmed', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Indexed', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*status.*in/);
  await expect(page.getByRole('button', { name: /^Status\s*: Confirmed \+1/ })).toBeVisible();
  const statuses = rows.locator('td:first-child');
  await expect(statuses.first()).toHaveText(/^(Confirmed|Indexed)$/);
  for (const s of await statuses.allInnerTexts()) expect(['Confirmed', 'Indexed']).toContain(s.trim());

  // Chain: only Sepolia (not Base Sepolia).
  await page.getByRole('button', { name: /^Chain/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Sepolia', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*chainId/);
  const chains = rows.locator('td:nth-child(2)');
  await expect(chains.first()).toHaveText('Sepolia');
  for (const c of await chains.allInnerTexts()) expect(c.trim()).toBe('Sepolia');
  const filtered = await pagination(page).locator('p').innerText();

  // Sort oldest first; a reload reproduces the view.
  await page.getByRole('button', { name: /^Created/ }).click();
  await expect(page).toHaveURL(/order=createdAt%3Aasc/);
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(pagination(page).locator('p')).toHaveText(filtered);
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');

  // Back restores the newest-first view, forward the oldest-first one.
  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  await page.goForward();
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');

  // Without the chain filter there is more than one page.
  await page.getByRole('button', { name: 'Clear Chain filter' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pagination(page)).toContainText(/26–50 of \d+/);
  const listUrl = page.url();

  // Enter on a row opens the transaction: the timeline and the call decoded with the contract's ABI.
  const first = (await dataRows(page)).first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/transactions\/tin_[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Transaction', level: 1 })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Status history' });
  await expect(timeline.getByRole('listitem').first()).toContainText('New');
  await expect(timeline.locator('[aria-current="step"]')).toContainText(/Confirmed|Indexed/);
  const calls = page.getByRole('region', { name: 'Calls' });
  await expect(calls.getByText('Decoded from calldata with the contract ABI').first()).toBeVisible();
  await expect(calls.getByText(/^(transfer|approve|transferFrom)\(/).first()).toBeVisible();

  // Back returns to the same page of the list.
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(pagination(page)).toContainText(/26–50 of \d+/);
});

test('transactions: search by hash, filters from links with names, open by id, decoded arguments', async ({ page }) => {
  await page.goto(LIST);
  await dataRows(page);
  const all = await transactions(page, 'test');
  const tx = all.find((t) => t.transactionHash && t.accountId && t.policyId && t.userId && t.account && t.policy)!;
  expect(tx).toBeTruthy();

  // A pasted hash (any case) finds its transaction; the box (not a second chip) shows what is searched.
  const search = page.getByRole('searchbox', { name: /Search transactions/ });
  await search.fill(tx.transactionHash!.toUpperCase().replace('0X', '0x'));
  await search.press('Enter');
  await expect(await dataRows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/transactionHash/);
  await expect(page.getByRole('group', { name: 'Filters' })).not.toContainText('Transaction hash');
  await expect(page.getByText('Searching by a transaction hash')).toBeVisible();

  // The wallet sheet's link (an accountId filter), and policy and user ids from the search box, show names.
  const byWallet = JSON.stringify([{ field: 'accountId', op: 'eq', value: tx.accountId }]);
  await page.goto(`${LIST}?filters=${encodeURIComponent(byWallet)}`);
  await dataRows(page);
  const filters = page.getByRole('group', { name: 'Filters' });
  await expect(filters).toContainText(`Wallet: ${tx.account!.address.slice(0, 6)}…${tx.account!.address.slice(-4)}`);
  await search.fill(tx.policyId!);
  await search.press('Enter');
  await expect(filters).toContainText(`Policy: ${tx.policy!.name}`);
  await page.getByRole('button', { name: 'Clear account filter' }).click();
  await search.fill(tx.userId!);
  await search.press('Enter');
  await expect(filters).toContainText(`User: ${tx.user!.name ?? tx.user!.email}`);
  await dataRows(page);

  // A transaction id opens its page; the decoded arguments are the ones the app sent.
  await search.fill(tx.id);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/transactions/${tx.id}$`));
  const call = tx.interactions[0]!;
  const calls = page.getByRole('region', { name: 'Calls' });
  await expect(calls.getByText(`${call.functionName}(`).first()).toBeVisible();
  await expect(calls.getByText(call.functionArgs![1]!, { exact: true }).first()).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByText(tx.transactionHash!, { exact: true })).toBeVisible();
  await expect(details.getByRole('link', { name: tx.policy!.name })).toBeVisible();
});

test('transactions: a bad filters parameter shows the default view with a notice; unknown and foreign ids are not found', async ({
  page,
}) => {
  await page.goto(`${LIST}?filters=garbage`);
  await expect(page.getByRole('status').filter({ hasText: 'Part of this link was not valid' })).toBeVisible();
  await expect(await dataRows(page)).toHaveCount(25);
  await expect(page).not.toHaveURL(/filters=garbage/);

  await page.goto(`${LIST}/tin_01900000-0000-7000-8000-000000000bad`);
  await expect(page.getByText('No transaction with this id here')).toBeVisible();

  // A transaction of live mode is not one of test mode.
  const [live] = await transactions(page, 'live', 'limit=1');
  await page.goto(`${LIST}/${live!.id}`);
  await expect(page.getByText('No transaction with this id here')).toBeVisible();
});

test('transactions: the list is accessible in light and dark', async ({ page }) => {
  // Ten rows carry every kind of cell (axe's time grows with the rows, not what it finds).
  await page.goto(`${LIST}?limit=10`);
  await dataRows(page);
  await expectAccessible(page);
});

test('transactions: the detail of a failed transaction is accessible in light and dark', async ({ page }) => {
  await page.goto(LIST);
  await dataRows(page);
  const [reverted] = await transactions(
    page,
    'test',
    `limit=1&filters=${encodeURIComponent(JSON.stringify([{ field: 'status', op: 'eq', value: 'reverted' }]))}`,
  );
  await page.goto(`${LIST}/${reverted!.id}`);
  await expect(page.getByRole('region', { name: 'Error' })).toContainText('Why it failed');
  await expect(page.getByText('Decoded from calldata with the contract ABI').first()).toBeVisible();
  await expectAccessible(page);
});

test('transactions: the detail’s links (user, wallet, gas policy, contract) look like links', async ({ page }) => {
  await page.goto(LIST);
  await dataRows(page);
  const rows = await transactions(page, 'test', 'limit=100');
  const t = rows.find((x) => x.userId && x.accountId && x.policyId)!;
  await page.goto(`${LIST}/${t.id}`);
  const details = page.locator('dl').first();
  await expect(details.getByRole('link').first()).toBeVisible();
  const bodyColor = await page.evaluate(() => getComputedStyle(document.body).color);
  for (const link of await details.getByRole('link').all()) {
    // The explorer link is an icon with its own style; the text links carry the shared link style.
    if (!(await link.innerText()).trim()) continue;
    const style = await link.evaluate((el) => {
      const s = getComputedStyle(el);
      return { underline: s.textDecorationLine, color: s.color };
    });
    expect(style.underline).toContain('underline');
    expect(style.color).not.toBe(bodyColor);
  }
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('transactions: the viewer reads the same screens, without errors', async ({ page }) => {
    await page.goto(LIST);
    await (await dataRows(page)).first().click();
    await expect(page).toHaveURL(/\/transactions\/tin_/);
    await expect(page.getByRole('list', { name: 'Status history' })).toBeVisible();
    await expect(page.getByText('Decoded from calldata with the contract ABI').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: /delete|create|edit|cancel/i })).toHaveCount(0);
  });
});
