import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';
import { apiAsUser as apiRequest } from './member-helpers';

const LIST = demoPath('test', '/policies');
const UNKNOWN = `${LIST}/pol_01900000-0000-7000-8000-000000000bad`;

/** Calls the API as the signed-in browser user (to check what the server holds after a write or a refusal). */
/** The data API of the demo project's test mode, as the signed-in user. */
const apiAsUser = (page: Page, method: string, path: string) =>
  apiRequest(page, method, `/projects/${DEMO_PROJECT}/test${path}`);

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('policies: list, filter by chain, sort by name, page, URL state, back/forward, detail tabs', async ({ page }) => {
  await page.goto(LIST);
  const rows = await dataRows(page);
  await expect(rows.filter({ hasText: 'Sponsor gas on Sepolia' })).toContainText(/Pay for the user.*Enabled.*\$/);

  // Only Sepolia (the create test below works on Base Sepolia): the seeded sponsor policy and the token one.
  await page.getByRole('button', { name: /^Chain/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Sepolia', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*chainId/);
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/order=name%3Adesc|order=name:desc/);
  await expect(rows.first()).toContainText('Sponsor gas on Sepolia');
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(rows.first()).toContainText('Charge in Game Token');
  await expect(rows.first()).toContainText('Disabled');

  // One row per page: the second page holds the other policy; the URL reproduces it after a reload.
  await page.goto(`${page.url()}&limit=1`);
  await expect(rows).toHaveCount(1);
  await expect(pagination(page)).toContainText('1–1 of 2');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows.first()).toContainText('Sponsor gas on Sepolia');
  await page.reload();
  await expect(rows.first()).toContainText('Sponsor gas on Sepolia');
  await page.goBack();
  await expect(rows.first()).toContainText('Charge in Game Token');
  await page.goForward();
  await expect(rows.first()).toContainText('Sponsor gas on Sepolia');

  // Detail: the tabs are `?page=`; the transactions list pages with its own prefixed parameters.
  await rows.first().click();
  await expect(page).toHaveURL(/\/policies\/pol_[^?]*$/);
  await expect(page.getByRole('heading', { name: 'Sponsor gas on Sepolia' })).toBeVisible();
  await expect(tab(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Name')).toHaveValue('Sponsor gas on Sepolia');

  await tab(page, 'Rules').click();
  await expect(page).toHaveURL(/[?&]page=rules/);
  const rules = page.getByRole('table', { name: 'Rules' }).locator('tbody tr');
  await expect(rules).toHaveCount(5);
  await expect(rules.filter({ hasText: 'Game Token (Sepolia)' })).toContainText('transfer');
  await expect(rules.filter({ hasText: 'Transactions per interval' })).toContainText('100 transactions per day');

  // Keyboard: arrows move between tabs.
  await tab(page, 'Rules').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/[?&]page=transactions/);
  await expect(tab(page, 'Transactions')).toBeFocused();
  const txRows = await dataRows(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]txPage=2/);
  await expect(page).toHaveURL(/[?&]page=transactions/);
  await expect(txRows.first()).toBeVisible();

  await tab(page, 'Spend report').click();
  await expect(page).toHaveURL(/[?&]page=report/);
  await expect(page.getByRole('img', { name: /Daily sponsored cost/ })).toBeVisible();
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page).toHaveURL(/[?&]days=90/);
  await expect(page.getByRole('heading', { name: /Daily cost, last 90 days/ })).toBeVisible();
  await page.getByRole('button', { name: 'Show table' }).click();
  await expect(page.getByRole('table', { name: 'Daily cost' }).locator('tbody tr')).toHaveCount(90);
  await page.goBack();
  await expect(page.getByRole('heading', { name: /Daily cost, last 30 days/ })).toBeVisible();
});

test('policies: create with two rules, a refused rule changes nothing, disable, delete — each with its toasts', async ({
  page,
}) => {
  const name = `E2E policy ${Date.now()}`;
  await page.goto(LIST);
  await dataRows(page);
  await page.getByRole('button', { name: 'Create policy' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Chain').selectOption({ label: 'Base Sepolia' });
  // The token fields appear only for strategies that charge a token.
  await expect(create.getByLabel('Token contract')).toHaveCount(0);
  await create.getByRole('radio', { name: /Charge a fixed token amount/ }).check();
  await expect(create.getByLabel('Token contract')).toBeVisible();
  // Only fungible (ERC-20) tokens pay for gas: the chain's NFT and multi-token contracts are not offered.
  await expect(create.getByLabel('Token contract').locator('option')).toHaveText([
    'Choose a token…',
    'Game Token (Base Sepolia)',
    'USD Coin (Base Sepolia)',
  ]);
  await create.getByLabel('Amount per transaction').fill('0.25');
  await create.getByLabel('Token decimals').fill('6');
  await expect(create.getByText('Sent as 250000 base units.')).toBeVisible();
  await create.getByRole('radio', { name: /Pay for the user/ }).check();
  // The monthly spend cap: a refused amount shows the API's message at the field and creates nothing.
  const cap = create.getByLabel('Monthly spend cap (USD)');
  await cap.fill('12.345');
  await create.getByRole('button', { name: 'Create policy' }).click();
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByText('At most two decimals (cents)')).toBeVisible();
  await expect(create).toBeVisible();
  await cap.fill('$25');
  await create.getByRole('button', { name: 'Create policy' }).click();
  await expect(page.getByText(`Policy “${name}” created`)).toBeVisible();
  await expect(page).toHaveURL(/\/policies\/pol_[^?]+\?page=rules/);
  await expect(page.getByText('No rules yet')).toBeVisible();
  const policyId = /\/policies\/(pol_[^?]+)/.exec(page.url())![1]!;
  expect((await apiAsUser(page, 'GET', `/policies/${policyId}`)).body.monthlySpendCapUsd).toBe(25);

  // A contract rule: the function is picked from the contract's ABI.
  await page.getByRole('button', { name: 'Add rule' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Contract', { exact: true }).selectOption({ label: 'Game Token (Base Sepolia)' });
  await dialog.getByRole('radio', { name: 'One function' }).check();
  await dialog.getByLabel('Function', { exact: true }).selectOption('transfer');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Contract functions rule added')).toBeVisible();
  const rules = page.getByRole('table', { name: 'Rules' }).locator('tbody tr');
  await expect(rules).toHaveCount(1);

  // A refused limit: the API's message at the field, nothing saved.
  await page.getByRole('button', { name: 'Add rule' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kind').selectOption('count_per_interval');
  await dialog.getByLabel('Transactions').fill('0');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByLabel('Transactions')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/>=\s*1|at least 1/)).toBeVisible();
  expect((await apiAsUser(page, 'GET', `/policies/${policyId}`)).body.rules).toHaveLength(1);

  await dialog.getByLabel('Transactions').fill('100');
  await dialog.getByLabel('Interval').selectOption('hour');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Transactions per interval rule added')).toBeVisible();
  await expect(rules).toHaveCount(2);
  await expect(rules.filter({ hasText: 'Game Token (Base Sepolia)' })).toContainText('transfer');
  await expect(rules.filter({ hasText: '100 transactions per hour' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Policy disabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
  const stored = (await apiAsUser(page, 'GET', `/policies/${policyId}`)).body;
  expect(stored).toMatchObject({ enabled: false, strategy: { type: 'pay_for_user' } });
  expect(stored.rules).toHaveLength(2);

  await tab(page, 'Settings').click();
  await page.getByRole('button', { name: 'Delete policy' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete policy' }).click();
  await expect(page.getByText(`Policy “${name}” deleted`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  expect((await apiAsUser(page, 'GET', `/policies/${policyId}`)).status).toBe(404);
});

test('policies: bad links show the default view with a notice; an unknown id is not found; live asks first', async ({
  page,
}) => {
  await page.goto(`${LIST}?limit=abc`);
  await expect(page.getByRole('status').filter({ hasText: 'Part of this link was not valid' })).toBeVisible();
  await expect(page).not.toHaveURL(/limit=abc/);
  await (await dataRows(page)).filter({ hasText: 'Sponsor gas on Sepolia' }).click();
  const detail = page.url();

  await page.goto(`${detail}?page=bogus`);
  await expect(page.getByText('There is no tab “bogus”, so the settings are shown.')).toBeVisible();
  await expect(tab(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
  await page.goto(`${detail}?page=transactions&txLimit=abc`);
  await expect(page.getByRole('status').filter({ hasText: '`txLimit`' })).toBeVisible();
  await expect(await dataRows(page)).not.toHaveCount(0);

  await page.goto(UNKNOWN);
  await expect(page.getByText('No gas policy with this id here')).toBeVisible();

  // Live mode: disabling asks first; cancel changes nothing.
  await page.goto(demoPath('live', '/policies'));
  await (await dataRows(page)).filter({ hasText: 'Enabled' }).first().click();
  await page.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Disable this live policy?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('main').getByText('Enabled', { exact: true })).toBeVisible();
});

// One screen per test: axe runs twice (light and dark) and takes seconds on a busy machine.
test('policies: the list is accessible in light and dark', async ({ page }) => {
  await page.goto(LIST);
  await expect((await dataRows(page)).filter({ hasText: 'Sponsor gas on Sepolia' })).toBeVisible();
  await expectAccessible(page);
});

for (const [tabName, ready] of [
  ['Settings', (page: Page) => expect(page.getByLabel('Name')).toHaveValue('Sponsor gas on Sepolia')],
  ['Rules', (page: Page) => expect(page.getByRole('table', { name: 'Rules' })).toBeVisible()],
  ['Spend report', (page: Page) => expect(page.getByRole('img', { name: /Daily sponsored cost/ })).toBeVisible()],
] as const) {
  test(`policies: a policy's ${tabName.toLowerCase()} tab is accessible in light and dark`, async ({ page }) => {
    await page.goto(LIST);
    await (await dataRows(page)).filter({ hasText: 'Sponsor gas on Sepolia' }).click();
    await tab(page, tabName).click();
    await ready(page);
    await expectAccessible(page);
  });
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('policies: the viewer reads the list and a policy without write controls', async ({ page }) => {
    await page.goto(LIST);
    await (await dataRows(page)).filter({ hasText: 'Sponsor gas on Sepolia' }).click();
    await expect(page.getByLabel('Name')).toBeDisabled();
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: /disable|enable|delete|save/i })).toHaveCount(0);
    await tab(page, 'Rules').click();
    await expect(page.getByRole('table', { name: 'Rules' }).locator('tbody tr')).toHaveCount(5);
    await expect(main.getByRole('button', { name: /add rule|edit|remove/i })).toHaveCount(0);
    await page.goto(LIST);
    await dataRows(page);
    await expect(page.getByRole('button', { name: 'Create policy' })).toHaveCount(0);
  });
});
