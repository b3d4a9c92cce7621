import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { encodeFunctionData, erc20Abi, getAddress } from 'viem';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';
import { ownProject } from './member-helpers';
import { startRpcServer } from '../../../dev/rpc-server/server';
import { apiAsUser } from './member-helpers';

const CONTRACTS = demoPath('test', '/contracts');
const LIVE = demoPath('live', '/contracts');

/** The first page of a run may wait for a busy machine: a longer first wait for rows. */
async function firstRows(page: Page) {
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  return dataRows(page);
}

/** A fresh address for a contract this test adds (unique per run, so parallel runs never collide). */
function freshAddress(): string {
  const hex = [...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return getAddress(`0x${hex}`);
}

/** How many contracts of the live demo project have this address (the server-side effect of a form). */
async function countAt(page: Page, address: string) {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'address', op: 'eq', value: address }]));
  const res = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/live/contracts?filters=${filters}`);
  return (res.body as { total: number }).total;
}

const LEVEL_ABI = {
  type: 'function',
  name: 'setLevel',
  stateMutability: 'nonpayable',
  inputs: [{ name: 'level', type: 'uint8' }],
  outputs: [],
} as const;

test('contracts: list, filter, sort, URL state, back/forward, detail', async ({ page }) => {
  test.slow(); // axe runs twice at the end
  await page.goto(CONTRACTS);
  const rows = await firstRows(page);
  await expect(rows).toHaveCount(12);

  await page.getByRole('button', { name: /^Chain/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Sepolia', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*chainId/);
  await expect(rows).toHaveCount(4);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Sepolia');

  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/order=name%3Adesc/);
  await expect(rows.first()).toContainText('USD Coin (Sepolia)');
  await expect(rows.last()).toContainText('Game Token (Sepolia)');

  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect((await dataRows(page)).first()).toContainText('USD Coin (Sepolia)');
  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /Name/ })).not.toHaveAttribute('aria-sort', 'descending');
  await page.goForward();
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

  // Enter on a row opens the contract; its ABI is grouped.
  await (await dataRows(page)).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contracts\/con_/);
  await expect(page.getByRole('heading', { name: 'USD Coin (Sepolia)' })).toBeVisible();
  const abi = page.getByRole('navigation', { name: 'ABI' });
  await expect(page.getByText('Publicly verified')).toBeVisible();
  await expect(abi.getByRole('heading', { name: /Read functions/ })).toContainText('(6)');
  await expect(abi.getByRole('heading', { name: /Write functions/ })).toContainText('(3)');
  await expect(abi.getByRole('heading', { name: /Events/ })).toContainText('(2)');
  await abi.getByRole('link', { name: /^balanceOf/ }).click();
  await expect(page).toHaveURL(/function=balanceOf%28address%29/);
  await expect(page.getByTestId('selector')).toHaveText('0x70a08231');
  await expectAccessible(page);
});

test('contracts: add by ABI with toasts, encode calldata like viem, refuse a uint8 out of range, delete', async ({
  page,
}) => {
  test.slow(); // a long flow: add, encode, rename, delete
  const address = freshAddress();
  const name = `E2E token ${address.slice(2, 8)}`;
  await page.goto(LIVE);
  await firstRows(page);
  await page.getByRole('button', { name: 'Add contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a contract' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Chain').selectOption({ label: 'Ethereum (1)' });
  await dialog.getByLabel('Address').fill(address.toLowerCase());
  await dialog.getByLabel('ABI (JSON)').fill(JSON.stringify([...erc20Abi, LEVEL_ABI]));
  await dialog.getByRole('button', { name: 'Add contract' }).click();
  await expect(page.getByText(`Contract “${name}” added`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Newest first: the new contract heads the list, its address checksummed.
  const first = (await dataRows(page)).first();
  await expect(first).toContainText(name);
  await first.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/contracts\/con_/);
  await expect(page.getByText(address, { exact: true })).toBeVisible({ timeout: 15_000 });

  // ?function=transfer: signature, selector and calldata exactly as viem encodes them.
  await page.goto(`${page.url()}?function=transfer`);
  const panel = page.getByRole('region', { name: /^transfer\(/ });
  await expect(panel.getByText('transfer(address,uint256)', { exact: true })).toBeVisible();
  await expect(page.getByTestId('selector')).toHaveText('0xa9059cbb');
  const to = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  await panel.getByRole('textbox', { name: /^recipient/ }).fill(to);
  await panel.getByRole('textbox', { name: /^amount/ }).fill('1000000000000000000');
  await panel.getByRole('button', { name: 'Encode calldata' }).click();
  const expected = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 10n ** 18n] });
  await expect(page.getByTestId('calldata')).toHaveText(expected);
  await expect(panel.getByRole('button', { name: 'Copy calldata' })).toBeVisible();

  // A wrong checksum in an argument, then a uint8 out of range: the message at the field, no calldata.
  await panel.getByRole('textbox', { name: /^recipient/ }).fill(to.replace('d8dA', 'd8Da'));
  await panel.getByRole('button', { name: 'Encode calldata' }).click();
  await expect(panel.getByRole('textbox', { name: /^recipient/ })).toHaveAccessibleDescription(/checksum/);
  await page
    .getByRole('navigation', { name: 'ABI' })
    .getByRole('link', { name: /^setLevel/ })
    .click();
  await expect(page).toHaveURL(/function=setLevel%28uint8%29/);
  const level = page.getByRole('textbox', { name: /^level/ });
  await level.fill('256');
  await page.getByRole('button', { name: 'Encode calldata' }).click();
  await expect(level).toHaveAccessibleDescription('Out of range for uint8: 0 to 255');
  await expect(page.getByTestId('calldata')).toHaveCount(0);
  await level.fill('255');
  await page.getByRole('button', { name: 'Encode calldata' }).click();
  await expect(page.getByTestId('calldata')).toHaveText(
    encodeFunctionData({ abi: [LEVEL_ABI], functionName: 'setLevel', args: [255] }),
  );

  // An unknown function shows the list with a notice.
  await page.goto(page.url().replace(/\?.*$/, '?function=mint'));
  await expect(page.getByRole('status').filter({ hasText: 'This ABI has no function “mint”' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'ABI' }).getByRole('link', { name: /^transfer\(/ })).toBeVisible();

  // Rename, then delete: each with its toasts.
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog', { name: 'Rename contract' }).getByLabel('Name').fill(`${name} renamed`);
  await page.getByRole('dialog', { name: 'Rename contract' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contract renamed')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${name} renamed` })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete contract' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIVE}$`));
  await expect(page.getByText(`Contract “${name} renamed” deleted`)).toBeVisible();
  expect(await countAt(page, address)).toBe(0);
});

test('contracts: bad checksum, broken ABI and the API’s own refusal show at the field and change nothing', async ({
  page,
}) => {
  const address = freshAddress();
  await page.goto(LIVE);
  await firstRows(page);
  await page.getByRole('button', { name: 'Add contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a contract' });
  const submit = dialog.getByRole('button', { name: 'Add contract' });
  const addressField = dialog.getByLabel('Address');
  const abiField = dialog.getByLabel('ABI (JSON)');
  await dialog.getByLabel('Name').fill('Never added');
  // Flip the case of one letter: the checksum no longer matches.
  const i = [...address].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
  const c = address[i]!;
  const flipped =
    address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
  await addressField.fill(flipped);
  await abiField.fill('[{"type":"function","name":"f",');
  await submit.click();
  await expect(addressField).toHaveAccessibleDescription(/checksum .* does not match/);
  await expect(abiField).toHaveAccessibleDescription(/Not valid JSON at line 1, column \d+/);

  await addressField.fill(address);
  await abiField.fill('[{"type":"function","name":"f","inputs":[{"name":"a","type":"uint7"}]}]');
  await submit.click();
  await expect(abiField).toHaveAccessibleDescription(/Entry 0 \(f\): inputs 0 has an unknown type "uint7"/);

  // The API's answer (an address already added on that chain) shows in the form.
  const existing = (await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/live/contracts?limit=1`)).body as {
    data: { address: string; chainId: number }[];
  };
  const taken = existing.data[0]!;
  await addressField.fill(taken.address);
  await dialog.getByLabel('Chain').selectOption(String(taken.chainId));
  await abiField.fill('[]');
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'already added on this chain' })).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await countAt(page, address)).toBe(0);
  expect(await countAt(page, taken.address)).toBe(1);
});

test('contracts: bad link parameters, an unknown contract, accessibility of the list and dialog', async ({ page }) => {
  test.slow(); // axe runs four times
  await page.goto(`${CONTRACTS}?limit=abc`);
  await expect(page.getByRole('status').filter({ hasText: 'Part of this link was not valid' })).toBeVisible();
  await expect(await firstRows(page)).toHaveCount(12);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add contract' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a contract' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`${CONTRACTS}/con_01900000-0000-7000-8000-000000000bad`);
  await expect(page.getByText('No contract with this id here')).toBeVisible();
  await expect(page.getByRole('link', { name: 'All contracts' })).toBeVisible();
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('contracts: no write controls', async ({ page }) => {
    await page.goto(CONTRACTS);
    await (await firstRows(page)).first().click();
    await expect(page).toHaveURL(/\/contracts\/con_/);
    await expect(page.getByRole('navigation', { name: 'ABI' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.goBack();
    await dataRows(page);
    await expect(page.getByRole('button', { name: 'Add contract' })).toHaveCount(0);
  });
});

test('contracts: a read function is called through the chain’s RPC URL (a real JSON-RPC server), a clear message without one, a back link', async ({
  page,
}) => {
  test.slow();
  const rpc = await startRpcServer({ port: 0 });
  try {
    const pid = await ownProject(page, 'RPC read');
    const address = freshAddress();
    const created = await apiAsUser(page, 'POST', `/projects/${pid}/test/contracts`, {
      name: 'Game Token',
      chainId: 11155111,
      address,
      abi: erc20Abi,
    });
    expect(created.status).toBe(201);
    const contractPath = `/${pid}/test/contracts/${created.body.id}`;

    // No RPC URL for Sepolia yet: the call says so and links to where it is set.
    await page.goto(`${contractPath}?function=totalSupply()`);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'No RPC URL is set for Sepolia in test mode' });
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: 'Set an RPC URL' }).click();
    await expect(page).toHaveURL(`/${pid}/test/contracts#rpc-urls`);

    // Set it on the contracts page: the API's refusal at the field first, then the local server.
    const rpcSection = page.getByRole('region', { name: 'RPC URLs' });
    await rpcSection.getByRole('button', { name: 'Set the RPC URL for Sepolia' }).click();
    const dialog = page.getByRole('dialog', { name: 'RPC URL for Sepolia' });
    await dialog.getByLabel('RPC URL').fill('https://10.0.0.8/rpc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('RPC URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('The host 10.0.0.8 is a private address')).toBeVisible();
    await dialog.getByLabel('RPC URL').fill(rpc.url);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('RPC URL for Sepolia saved')).toBeVisible();
    await expect(rpcSection.getByText(`127.0.0.1:${rpc.port}`)).toBeVisible();
    await expect(page.getByText('RPC URL for Sepolia saved')).toBeHidden({ timeout: 10_000 });
    await expectAccessible(page);

    // Back on the contract: a read with an argument, answered by the node and decoded with viem.
    await page.goto(`${contractPath}?function=balanceOf(address)`);
    await page.getByRole('link', { name: 'All contracts' }).waitFor();
    const holder = freshAddress();
    await page.getByRole('textbox', { name: /^account/ }).fill(holder);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const result = page.getByTestId('call-result');
    await expect(result).toContainText(
      String(1_234_500_000_000_000_000_000n + BigInt(Number.parseInt(holder.slice(-2), 16))),
    );
    // The server called the node once, for this contract, with the calldata viem encodes.
    expect(rpc.calls).toHaveLength(1);
    expect(rpc.calls[0]!.to.toLowerCase()).toBe(address.toLowerCase());
    expect(rpc.calls[0]!.data).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder as `0x${string}`] }),
    );
    await expectAccessible(page);

    // The back link leads to the list.
    await page.getByRole('link', { name: 'All contracts' }).click();
    await expect(page).toHaveURL(`/${pid}/test/contracts`);
  } finally {
    await rpc.close();
  }
});
