import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { CONFIG_META_NAME } from '../../../src/shared/public-config';
import { signInAsDeveloper } from './auth-settings-helpers';
import { STORAGE_KEYS } from '../../../src/shared/storage-keys';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible, openPaletteByKeyboard } from './helpers';

test('home lists the projects by name; choosing one with `from` continues there', async ({ page }) => {
  // A page of 100: the suite's own projects (created by other tests) may sort before "Demo Game".
  await page.goto('/?from=%2Fwallets%3Fpage%3D2&limit=100');
  await expect(page.getByRole('status').filter({ hasText: 'Choose a project to open' })).toContainText(
    '/wallets?page=2',
  );
  const rows = await dataRows(page);
  await expect(rows.filter({ hasText: 'Demo Game' })).toHaveCount(1);
  await expect(page.getByText('Other Studio')).toHaveCount(0); // another user's project
  await expectAccessible(page);
  await rows.filter({ hasText: 'Demo Game' }).click();
  await expect(page).toHaveURL(`${demoPath('test', '/wallets')}?page=2`);
});

test('home: favorites first, search by name, create with a validated name', async ({ page }) => {
  // A page of 100: the suite's own projects (created by other tests) may sort before "Demo Game".
  await page.goto('/?limit=100');
  const demoRow = (await dataRows(page)).filter({ hasText: 'Demo Game' });
  await demoRow.getByRole('button', { name: 'Add Demo Game to favorites' }).click();
  await expect(page.getByRole('region', { name: 'Favorites' }).getByRole('link', { name: 'Demo Game' })).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.favoriteProjects)).toContain(DEMO_PROJECT);

  await page.getByRole('searchbox', { name: 'Search projects by name' }).fill('zzz-no-such-project');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No results for these filters')).toBeVisible();

  await page.getByRole('button', { name: 'Create project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a project' });
  await dialog.getByLabel('Project name').fill('   ');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Give the project a name.')).toBeVisible();
  const name = `E2E project ${Date.now()}`;
  await dialog.getByLabel('Project name').fill(name);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText(`Project “${name}” created`)).toBeVisible();
  await expect(page).toHaveURL(/\/pro_[0-9a-f-]+\/test$/);
  await expect(page.getByRole('button', { name: /Switch project/ })).toContainText(name);
});

test('the project switcher shows names and switches project, keeping the section', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(demoPath('live', '/users'));
  const switcher = page.getByRole('button', { name: /Switch project/ });
  await expect(switcher).toContainText('Demo Game');
  await switcher.click();
  const palette = page.getByRole('dialog');
  await expect(palette.getByPlaceholder('Search projects…')).toBeFocused();
  await expect(palette.getByRole('option', { name: /Create project/ })).toBeVisible();
  await palette.getByPlaceholder('Search projects…').fill('demo');
  await expect(palette.getByRole('option', { name: /Demo Game/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /Create project/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Copy project ID' }).click();
  await expect(page.getByText('Project ID copied')).toBeVisible();
});

test('the palette jumps to a section and opens an object by id, or says it was not found', async ({ page }) => {
  await page.goto(demoPath('test'));
  await expect(page.getByRole('button', { name: /Switch project/ })).toContainText('Demo Game');
  await openPaletteByKeyboard(page);
  const input = page.getByRole('combobox');
  await input.fill('transactions');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(demoPath('test', '/transactions'));

  // A wallet id from the list opens the wallet.
  await page.goto(demoPath('test', '/wallets'));
  await (await dataRows(page)).first().click();
  const walletId = new URL(page.url()).searchParams.get('wallet')!;
  await page.goto(demoPath('test'));
  await openPaletteByKeyboard(page);
  await page.getByRole('combobox').fill(walletId);
  await expect(page.getByRole('option', { name: /Open/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${demoPath('test', '/wallets')}?wallet=${walletId}`);
  await expect(page.getByRole('dialog').getByText('Account type')).toBeVisible();

  // The same id in live mode does not exist.
  await page.goto(demoPath('live'));
  await openPaletteByKeyboard(page);
  await page.getByRole('combobox').fill(walletId);
  await expect(page.getByRole('dialog').getByText('Not found in this project in live mode.')).toBeVisible();
});

test('overview: cards from real data, the checklist can be skipped, samples filter by framework', async ({ page }) => {
  await page.goto(demoPath('test'));
  await expect(page.getByRole('heading', { name: 'New users, last 30 days' })).toBeVisible();
  await expect(page.getByText(/vs previous 30 days/).first()).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await expect(checklist.getByText('(done)')).toHaveCount(4);
  await expectAccessible(page);
  await checklist.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('button', { name: 'Show the checklist' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show the checklist' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the checklist' }).click();

  await page.getByRole('group', { name: 'Framework' }).getByRole('button', { name: 'Unity' }).click();
  await expect(page.getByText('Unity sample')).toBeVisible();
  await expect(page.getByText('React sample')).toHaveCount(0);
});

/** Requests the page made to the API keys collection, and the answers refused (403) on the way. */
function watchKeyRequests(page: Page) {
  const seen = { keys: [] as string[], refused: [] as string[] };
  page.on('request', (r) => r.url().includes('/api-keys') && seen.keys.push(r.url()));
  page.on('response', (r) => r.status() === 403 && seen.refused.push(r.url()));
  return seen;
}

/** Swaps the page's public configuration (what the edge puts into `<meta name="dashboard-config">`). */
async function withPublicConfig(page: Page, patch: Record<string, string>) {
  await page.route(
    (url) => url.pathname === `/${DEMO_PROJECT}/test`,
    async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(
        new RegExp(`(<meta name="${CONFIG_META_NAME}" content=")([^"]*)(")`),
        (_, open: string, content: string, close: string) => {
          const config = { ...JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&')), ...patch };
          return open + JSON.stringify(config).replace(/&/g, '&amp;').replace(/"/g, '&quot;') + close;
        },
      );
      await route.fulfill({ response: res, body: html });
    },
  );
}

test('overview: sample cards are links when the deployment has docs and sample URLs; otherwise plain cards', async ({
  page,
}) => {
  await page.goto(demoPath('test'));
  const samples = page.getByRole('region', { name: 'Samples and playgrounds' });
  await expect(samples.getByText('Embedded wallet with email sign-in')).toBeVisible();
  await expect(samples.getByRole('link')).toHaveCount(0);
  // Nothing about the deployment's settings on the screen.
  await expect(page.getByText(/PUBLIC_|deployment sets/)).toHaveCount(0);

  await withPublicConfig(page, { docsUrl: 'https://docs.example.com/', samplesUrl: 'https://github.com/example' });
  await page.goto(demoPath('test'));
  const card = samples.getByRole('link', { name: 'Embedded wallet with email sign-in' });
  await expect(card).toHaveAttribute('href', 'https://docs.example.com/samples/react-embedded-wallet');
  await expect(samples.getByRole('link', { name: 'Repository' }).first()).toHaveAttribute(
    'href',
    'https://github.com/example/sample-react-embedded-wallet',
  );
  await expect(samples.getByRole('link', { name: 'Open playground' }).first()).toBeVisible();
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('overview: the API key step asks an admin; the page never asks for the keys (no 403)', async ({ page }) => {
    const seen = watchKeyRequests(page);
    await page.goto(demoPath('test'));
    await expect(page.getByText('Ask an admin of this project for a secret key.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Getting started' }).getByText('(done)')).toHaveCount(3);
    expect(seen.keys).toEqual([]);
    expect(seen.refused).toEqual([]);
  });
});

test.describe('as a developer', () => {
  test.use({ session: null });

  test('overview: no request for the API keys a developer may not read', async ({ page }) => {
    await signInAsDeveloper(page);
    const seen = watchKeyRequests(page);
    await page.goto(demoPath('test'));
    await expect(page.getByText('Ask an admin of this project for a secret key.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Getting started' }).getByText('(done)')).toHaveCount(3);
    expect(seen.keys).toEqual([]);
    expect(seen.refused).toEqual([]);
  });
});
