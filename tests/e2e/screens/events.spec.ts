import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DEMO_PROJECT, apiAsUser, dataRows, demoPath, expectAccessible } from './helpers';

// Reads on the test mode's four seeded monitors; writes in live mode on a monitor the test creates.
const MONITORS = demoPath('test', '/events?tab=monitors');
const LIVE_MONITORS = demoPath('live', '/events?tab=monitors');
const LOG = demoPath('test', '/events');

async function firstRows(page: Page) {
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  return dataRows(page);
}

const monitorTable = (page: Page) => page.getByRole('table', { name: 'Event monitors' }).locator('tbody tr[data-row]');

test('events: monitors by name (contract, backend wallet, chain), never raw ids; filter by type; keyboard tabs', async ({
  page,
}) => {
  await page.goto(MONITORS);
  await firstRows(page);
  const rows = monitorTable(page);
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Gas tank low' })).toContainText(/Gas tank below 0\.1/);
  // The treasury's address as an argument, shortened; "any" for the arguments left open.
  await expect(rows.filter({ hasText: 'Heroes into the treasury' })).toContainText(
    /transferFrom\(any, 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}, any\) on Hero NFT/,
  );
  await expect(rows.filter({ hasText: 'Treasury activity' })).toContainText('Treasury on Sepolia');
  await expect(rows.filter({ hasText: 'Finality' })).toContainText('12 confirmations on Sepolia');
  // Names, not ids: once the names have loaded no cell shows a contract or backend wallet id.
  await expect(page.getByRole('table', { name: 'Event monitors' })).not.toContainText(/\b(con|dac)_/);
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Type/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Confirmations' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/monFilters=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Finality');

  // The tabs follow the arrow keys; the event log loads (rows or its empty state, never an error).
  await page.getByRole('tab', { name: 'Monitors' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Event log' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).not.toHaveURL(/tab=monitors/);
  await expect(page.getByRole('table', { name: 'Event log' }).or(page.getByText('No events yet')).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Could not load event log')).toHaveCount(0);
});

test('events: create a balance-threshold monitor on a backend wallet by name, field errors, edit, delete', async ({
  page,
}) => {
  test.slow();
  const name = `E2E low balance ${Date.now().toString(36)}`;
  await page.goto(LIVE_MONITORS);
  await firstRows(page);
  await page.getByRole('button', { name: 'Add monitor' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add an event monitor' });

  // Missing name and a bad amount: messages at the fields, nothing sent.
  await dialog.getByLabel('Type').selectOption({ label: 'Balance threshold' });
  await dialog.getByLabel('Whose balance').selectOption({ label: 'A backend wallet' });
  await dialog.getByLabel(/Below this amount/).fill('0.5.1');
  await dialog.getByRole('button', { name: 'Add monitor' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel(/Below this amount/)).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Choose a backend wallet.')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Backend wallet').selectOption({ label: 'Gas tank' });
  await dialog.getByLabel(/Below this amount/).fill('0.5');
  await dialog.getByRole('button', { name: 'Add monitor' }).click();
  await expect(dialog).toBeHidden();
  const row = monitorTable(page).filter({ hasText: name });
  await expect(row).toContainText(/Gas tank below 0\.5/);
  const stored = (
    (await apiAsUser(page, `/projects/${DEMO_PROJECT}/live/events?limit=100`)).body as {
      data: { name: string; threshold: string; topic: string; backendWalletId: string }[];
    }
  ).data.find((m) => m.name === name)!;
  expect(stored).toMatchObject({ threshold: '500000000000000000', topic: 'balance.dev_account' });
  expect(stored.backendWalletId).toMatch(/^dac_/);

  // Edit: a new amount; what it watches stays as created.
  await row.click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit.getByLabel('Backend wallet')).toBeDisabled();
  await edit.getByLabel(/Below this amount/).fill('0.25');
  await edit.getByRole('button', { name: 'Save monitor' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(/Gas tank below 0\.25/);

  // Delete behind a confirmation.
  await row.click();
  await page
    .getByRole('dialog', { name: `Edit “${name}”` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete monitor' }).click();
  await expect(monitorTable(page).filter({ hasText: name })).toHaveCount(0);
});

test('events: a contract-function monitor picks the contract by name, a function of its ABI and the arguments to match', async ({
  page,
}) => {
  const name = `E2E transfer watch ${Date.now().toString(36)}`;
  // A checksummed address, and the same with one letter's case flipped.
  const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const bad = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
  await page.goto(LIVE_MONITORS);
  await firstRows(page);
  await page.getByRole('button', { name: 'Add monitor' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add an event monitor' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Type').selectOption({ label: 'Contract function' });
  const contract = dialog.getByLabel('Contract');
  await expect(contract.locator('option').nth(1)).toBeAttached();
  const token = (await contract.locator('option').allInnerTexts()).find((o) => o.startsWith('Game Token'))!;
  await contract.selectOption({ label: token });

  // The functions by readable signature, then one field per input of the chosen one.
  const fn = dialog.getByLabel('Function');
  await expect(fn).toBeEnabled();
  await fn.selectOption({ label: 'transfer(address recipient, uint256 amount) returns (bool)' });
  const recipient = dialog.getByLabel('recipient address');
  const amount = dialog.getByLabel('amount uint256');
  await expect(amount).toHaveValue('');

  // The API checks each value by its Solidity type and answers at the field.
  await recipient.fill(bad);
  await amount.fill('-1');
  await dialog.getByRole('button', { name: 'Add monitor' }).click();
  await expect(recipient).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/checksum .* does not match/)).toBeVisible();
  await expectAccessible(page);
  await recipient.fill(good);
  await dialog.getByRole('button', { name: 'Add monitor' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/Out of range for uint256/)).toBeVisible();

  // An empty amount matches any amount.
  await amount.fill('');
  await dialog.getByRole('button', { name: 'Add monitor' }).click();
  await expect(dialog).toBeHidden();
  const row = monitorTable(page).filter({ hasText: name });
  await expect(row).toContainText(/transfer\(0x5aAe…eAed, any\) on Game Token/);
  await expect(row).not.toContainText('con_');
  const stored = (
    (await apiAsUser(page, `/projects/${DEMO_PROJECT}/live/events?limit=100`)).body as {
      data: { name: string; functionName: string; functionArgs: string[] }[];
    }
  ).data.find((m) => m.name === name)!;
  expect(stored).toMatchObject({ functionName: 'transfer', functionArgs: [good, ''] });

  // Edit shows what it watches, disabled; delete behind a confirmation.
  await row.click();
  const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(edit.getByLabel('recipient address')).toHaveValue(good);
  await expect(edit.getByLabel('recipient address')).toBeDisabled();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete monitor' }).click();
  await expect(row).toHaveCount(0);
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('events: read only — no add, a monitor opens without save or delete', async ({ page }) => {
    await page.goto(MONITORS);
    await firstRows(page);
    await expect(page.getByRole('button', { name: 'Add monitor' })).toHaveCount(0);
    await monitorTable(page).filter({ hasText: 'Gas tank low' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gas tank low' });
    await expect(dialog.getByLabel('Name')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Save monitor' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});

test('events: the event log lists events with their webhooks’ results; an event opens with its payload and attempts', async ({
  page,
}) => {
  test.slow();
  // The demo data: every seeded attempt has its event, e.g. the user.created ones of the second webhook.
  await page.goto(LOG);
  const rows = await firstRows(page);
  await page.getByRole('button', { name: /^Topic/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'user.created', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*user\.created/);
  await expect(rows.first()).toContainText('user.created');
  await expect(rows.filter({ hasText: 'account.created' })).toHaveCount(0);
  await expect(rows.first()).toContainText(/delivered|failed/);
  await expectAccessible(page);

  await rows.first().click();
  await expect(page).toHaveURL(/[?&]event=evt_/);
  const seededSheet = page.getByRole('dialog', { name: 'user.created' });
  await expect(seededSheet.getByRole('heading', { name: 'Payload' })).toBeVisible();
  await expect(seededSheet.locator('pre')).toContainText('"type": "user.created"');
  await expect(seededSheet.getByRole('link', { name: /^https:\/\/hooks\.example\.com\/test\/[12]$/ })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/event=/);

  // An event of its own: a test event to a seeded webhook, in the log with that webhook's attempt.
  const hooks = (await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks?limit=100`)).body as {
    data: { id: string; url: string }[];
  };
  const hook = hooks.data.find((w) => w.url.endsWith('/test/0'))!;
  const sent = await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks/${hook.id}/test`, { method: 'POST' });
  expect(sent.status).toBe(202);
  const eventId = (sent.body as { eventId: string }).eventId;
  await page.goto(`${LOG}?event=${eventId}`);
  const sheet = page.getByRole('dialog', { name: 'test' });
  await expect(sheet.getByText(eventId)).toBeVisible({ timeout: 20_000 });
  await expect(async () => {
    await page.reload();
    await expect(sheet.getByRole('link', { name: hook.url }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
});
