import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';
import { apiAsUser } from './helpers';

// Reads and URL state on the test mode's seeded wallets; writes in live mode, so parallel tests never change the rows
// another one counts.
const LIST = demoPath('test', '/backend-wallets');
const LIVE = demoPath('live', '/backend-wallets');
const UNKNOWN = 'dac_01900000-0000-7000-8000-000000000bad';

type Wallet = { id: string; name: string; address: string; custody: string; balances: unknown[] };

/** The live demo project's backend wallets at this address (the server-side effect of a form). */
async function walletsAt(page: Page, address: string): Promise<Wallet[]> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'address', op: 'eq', value: address }]));
  const res = await apiAsUser(page, `/projects/${DEMO_PROJECT}/live/backend-wallets?filters=${filters}`);
  return (res.body as { data: Wallet[] }).data;
}

/** The first page of a run may wait for a busy machine: a longer first wait for rows. */
async function firstRows(page: Page) {
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  return dataRows(page);
}

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add a backend wallet' });

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add backend wallet' }).click();
  await expect(addDialog(page)).toBeVisible();
  return addDialog(page);
}

test('backend wallets: list with balances, filter, sort, page, search, URL state, back/forward, sheet', async ({
  page,
}) => {
  test.slow(); // many steps, and axe twice on the sheet
  await page.goto(LIST);
  const rows = await firstRows(page);
  await expect(rows).toHaveCount(3);
  // Balances as recorded, in the chain's currency with the chain's name; custody and chain in words.
  await expect(rows.filter({ hasText: 'Treasury' })).toContainText(/12\.5 ETH\s*Sepolia \+1 more/);
  await expect(rows.filter({ hasText: 'Gas tank' })).toContainText('0.08 ETH');
  await expect(rows.filter({ hasText: 'Rewards payer' })).toContainText(
    /1\.6 ETH\s*Base Sepolia.*Your key.*Every chain/,
  );
  const newestFirst = (await rows.allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

  // Filter: custody "Your key" (the added wallet only).
  await page.getByRole('button', { name: /^Custody/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Your key' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*custody/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Rewards payer');
  await page.getByRole('button', { name: /^Custody/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Custodial' }).click();
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Rewards payer' })).toHaveCount(0);

  // Sort: oldest first reverses the order; back and forward restore each view.
  await page.goto(LIST);
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: /^Created/ }).click();
  await expect(page).toHaveURL(/order=createdAt%3Aasc|order=createdAt:asc/);
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText(newestFirst.at(-1)!);
  await expect(rows.last()).toContainText(newestFirst[0]!);

  // Pages of one row: the URL reproduces page 2 after a reload; back and forward move between pages.
  await page.goto(`${page.url()}&limit=1`);
  await expect(rows).toHaveCount(1);
  await expect(pagination(page)).toContainText('1–1 of 3');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows.first()).toContainText(newestFirst[1]!);
  await page.reload();
  await expect(pagination(page)).toContainText('2–2 of 3');
  await expect(rows.first()).toContainText(newestFirst[1]!);
  await page.goBack();
  await expect(rows.first()).toContainText(newestFirst.at(-1)!);
  await page.goForward();
  await expect(rows.first()).toContainText(newestFirst[1]!);

  // Search by part of a name, then by an address typed in lower case; nothing found says so.
  await page.goto(LIST);
  await expect(rows).toHaveCount(3);
  const search = page.getByRole('searchbox', { name: /Search by name, address or wallet id/ });
  await search.fill('tank');
  await expect(page.getByText('Searching by part of a name')).toBeVisible();
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Gas tank');
  const treasury = (
    (await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/backend-wallets`)).body as { data: Wallet[] }
  ).data.find((w) => w.name === 'Treasury')!;
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rows).toHaveCount(3);
  await search.fill(treasury.address.toLowerCase());
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Treasury');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await search.fill('no such wallet');
  await search.press('Enter');
  await expect(page.getByText('No results for these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(3);

  // Enter on a row opens its sheet (?wallet=dac_…) with every recorded balance; Escape goes back to the list's URL.
  await rows.filter({ hasText: 'Treasury' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]wallet=${treasury.id}`));
  const sheet = page.getByRole('dialog', { name: 'Treasury' });
  await expect(sheet).toContainText(treasury.address);
  const balances = sheet.getByRole('table', { name: 'Balances' }).locator('tbody tr');
  await expect(balances).toHaveCount(2);
  await expect(balances.first()).toContainText(/Sepolia\s*12\.5 ETH/);
  await expect(balances.last()).toContainText(/Base Sepolia\s*3\.25 ETH/);
  await expect(sheet.getByText('Every chain')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/wallet=/);
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Treasury' })).toBeVisible();
});

test('backend wallets: create a custodial wallet, rename it and delete it behind a confirmation, with toasts', async ({
  page,
}) => {
  test.slow(); // a long flow on a busy machine
  const name = `E2E custodial ${Date.now().toString(36)}`;
  await page.goto(LIVE);
  await firstRows(page);
  const dialog = await openAddDialog(page);
  await expect(dialog.getByRole('radio', { name: /Create a custodial wallet/ })).toBeChecked();
  await expect(dialog.getByLabel('Address')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create wallet' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Give the wallet a name.');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Chain').selectOption({ label: 'Base (8453)' });
  await dialog.getByRole('button', { name: 'Create wallet' }).click();
  await expect(page.getByText(`Backend wallet “${name}” created`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add backend wallet' })).toBeFocused();

  // The new wallet is listed with the address the API made; no balance recorded yet. (Found by its name: another
  // test of this file may add a wallet to the same project meanwhile, so it need not stay the first row.)
  const row = (await dataRows(page)).filter({ hasText: name });
  await expect(row).toContainText(name);
  await expect(row).toContainText(/Custodial\s*Base/);
  const created = (
    (await apiAsUser(page, `/projects/${DEMO_PROJECT}/live/backend-wallets?limit=20`)).body as { data: Wallet[] }
  ).data.find((w) => w.name === name)!;
  expect(created.name).toBe(name);
  expect(created.custody).toBe('custodial');
  expect(created.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(created.balances).toEqual([]);
  expect(Object.keys(created).join(' ')).not.toMatch(/key|secret/i);

  // Rename in its sheet.
  await row.click();
  let sheet = page.getByRole('dialog', { name });
  await expect(sheet.getByText('No balance recorded yet.')).toBeVisible();
  await expect(sheet).toContainText(created.address);
  await sheet.getByLabel('Name').fill(`${name} renamed`);
  await sheet.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Backend wallet renamed')).toBeVisible();
  sheet = page.getByRole('dialog', { name: `${name} renamed` });
  await expect(sheet).toBeVisible();
  await expect((await dataRows(page)).filter({ hasText: `${name} renamed` })).toHaveCount(1);

  // Delete asks first: Cancel keeps the wallet; confirming deletes it, closes the sheet and says so.
  await sheet.getByRole('button', { name: 'Delete' }).click();
  let confirm = page.getByRole('alertdialog', { name: `Delete “${name} renamed”?` });
  await expect(confirm).toContainText('Its private key is destroyed');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await walletsAt(page, created.address)).toHaveLength(1);
  await sheet.getByRole('button', { name: 'Delete' }).click();
  confirm = page.getByRole('alertdialog', { name: `Delete “${name} renamed”?` });
  await confirm.getByRole('button', { name: 'Delete wallet' }).click();
  await expect(page.getByText(`Backend wallet “${name} renamed” deleted`)).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/wallet=/);
  await expect((await dataRows(page)).filter({ hasText: name })).toHaveCount(0);
  expect(await walletsAt(page, created.address)).toHaveLength(0);
});

test('backend wallets: add an owned wallet with a signature made by a viem account; a wrong one is refused at the field', async ({
  page,
}) => {
  test.slow(); // two signatures and three API round trips
  const owner = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());
  const name = `E2E owned ${owner.address.slice(2, 8)}`;
  await page.goto(LIVE);
  await firstRows(page);
  const dialog = await openAddDialog(page);
  await dialog.getByRole('radio', { name: /Add a wallet you own/ }).check();
  await dialog.getByLabel('Name').fill(name);

  // A mixed-case address whose checksum does not match is a typo: refused at the field before any request.
  const i = [...owner.address].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
  const c = owner.address[i]!;
  const typo =
    owner.address.slice(0, i) +
    (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) +
    owner.address.slice(i + 1);
  const address = dialog.getByLabel('Address');
  await address.fill(typo);
  await dialog.getByRole('button', { name: 'Get the message to sign' }).click();
  await expect(address).toHaveAccessibleDescription(/checksum .* does not match/);

  // All lower case carries no checksum: accepted, checksummed, and the API's one-time message is shown.
  await address.fill(owner.address.toLowerCase());
  await dialog.getByRole('button', { name: 'Get the message to sign' }).click();
  const messageField = dialog.getByLabel('Message to sign');
  await expect(messageField).toBeVisible();
  await expect(address).toHaveValue(owner.address);
  const message = await messageField.inputValue();
  expect(message).toContain(owner.address);
  expect(message).toContain(DEMO_PROJECT);
  expect(message).toContain('(live mode)');

  // Signed by another key: the API's message at the field, the error toast, and nothing added.
  const signature = dialog.getByLabel('Signature');
  await expect(signature).toBeFocused();
  await signature.fill(await stranger.signMessage({ message }));
  await dialog.getByRole('button', { name: 'Add wallet' }).click();
  await expect(signature).toHaveAccessibleDescription(
    `Signature does not prove ownership: sign exactly the challenge message with ${owner.address}`,
  );
  await expect(signature).toHaveAttribute('aria-invalid', 'true');
  // The same message in the error toast: two on screen.
  await expect(page.getByText('Signature does not prove ownership')).toHaveCount(2);
  await expect(dialog).toBeVisible();
  expect(await walletsAt(page, owner.address)).toHaveLength(0);

  // Not a signature at all: said at the field without asking the API.
  await signature.fill('0x1234');
  await dialog.getByRole('button', { name: 'Add wallet' }).click();
  await expect(signature).toHaveAccessibleDescription(/0x and 130 hex digits/);

  // Signed by the owner (the same challenge: a refused signature leaves it usable): added, with its toast.
  await signature.fill(await owner.signMessage({ message }));
  await dialog.getByRole('button', { name: 'Add wallet' }).click();
  await expect(page.getByText(`Backend wallet “${name}” added`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = (await dataRows(page)).first();
  await expect(row).toContainText(name);
  await expect(row).toContainText('Your key');
  const added = await walletsAt(page, owner.address);
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ name, custody: 'added', address: owner.address });
});

test('backend wallets: bad link parameters, an unknown wallet, accessibility of the list and the dialogs', async ({
  page,
}) => {
  test.slow(); // axe runs four times, in two colour schemes each
  await page.goto(`${LIST}?limit=abc&order=name:asc`);
  await expect(page.getByRole('status').filter({ hasText: 'Part of this link was not valid' })).toBeVisible();
  await expect(await firstRows(page)).toHaveCount(3);
  await expect(page).not.toHaveURL(/limit=|order=/);
  await expectAccessible(page);

  const dialog = await openAddDialog(page);
  await expectAccessible(page);
  await dialog.getByRole('radio', { name: /Add a wallet you own/ }).check();
  await dialog.getByLabel('Name').fill('Never added');
  await dialog.getByLabel('Address').fill(privateKeyToAccount(generatePrivateKey()).address);
  await dialog.getByRole('button', { name: 'Get the message to sign' }).click();
  await expect(dialog.getByLabel('Message to sign')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto(`${LIST}?wallet=${UNKNOWN}`);
  const sheet = page.getByRole('dialog', { name: 'Backend wallet not found' });
  await expect(sheet.getByText('No backend wallet with this id here')).toBeVisible();
  await sheet.getByRole('button', { name: 'All backend wallets' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/wallet=/);
  await expect(await dataRows(page)).toHaveCount(3);
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('backend wallets: no write controls', async ({ page }) => {
    await page.goto(LIST);
    const rows = await firstRows(page);
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Add backend wallet' })).toHaveCount(0);
    await rows.filter({ hasText: 'Gas tank' }).click();
    const sheet = page.getByRole('dialog', { name: 'Gas tank' });
    await expect(sheet.getByRole('table', { name: 'Balances' })).toContainText('0.08 ETH');
    await expect(sheet.getByLabel('Name')).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: 'Save name' })).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});
