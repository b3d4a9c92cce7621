import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoPath } from './screens/helpers';
import { STORAGE_KEYS } from '../../src/shared/storage-keys';

// Rows before the island (docs/decisions.md "Rows before the island"): a list page paints its first rows from its
// early answer before its island has loaded; the island replaces them with the same rows. Each test holds the
// section's island module back until it has looked at the painted rows.

test.beforeEach(() => test.slow());

/** Holds the island's module until `release()`; records when the list body shows a skeleton or rows, in order. */
async function holdIsland(page: Page, island: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${island}\\.[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen: string[] = ((window as { bodyStates?: string[] }).bodyStates = []);
    new MutationObserver(() => {
      const body = document.querySelector('tbody[data-list]');
      if (!body?.firstElementChild) return;
      const state = body.firstElementChild.hasAttribute('data-skeleton') ? 'skeleton' : 'rows';
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true });
  });
  return release;
}

const islandHydrated = (page: Page, island: string) =>
  page.locator(`astro-island[component-url*="/${island}."]:not([ssr])`);
/** Rows React rendered (its fiber is on the element), not painted ones. */
const reactRows = (page: Page) =>
  page.waitForFunction(() => {
    const row = document.querySelector('#main tbody[data-list] tr[data-row]');
    return row !== null && Object.keys(row).some((k) => k.startsWith('__reactFiber'));
  });

const LISTS = [
  { section: '/wallets', island: 'WalletsPage', cell: /0x[0-9a-f]{4}…/ },
  { section: '/users', island: 'UsersPage', cell: /ago/ },
  { section: '/transactions', island: 'TransactionsPage', cell: /ago/ },
];

for (const { section, island, cell } of LISTS) {
  test(`${section}: the first rows show before the island, and the island's rows are the same`, async ({ page }) => {
    const release = await holdIsland(page, island);
    await page.goto(demoPath('test', section));
    const rows = page.locator('#main tbody[data-list] tr[data-row]');
    await expect(rows).toHaveCount(25, { timeout: 20_000 });
    await expect(page.locator('#main tbody[data-list]')).toContainText(cell);
    await expect(islandHydrated(page, island)).toHaveCount(0);
    expect(await page.evaluate(() => performance.getEntriesByName('dashboard:first-row').length)).toBe(1);
    const painted = await page.locator('#main tbody[data-list]').innerHTML();

    release();
    await reactRows(page);
    await expect(islandHydrated(page, island)).toHaveCount(1);
    expect(await page.locator('#main tbody[data-list]').innerHTML()).toBe(painted);
    // The skeleton, then rows, and never the skeleton again.
    expect(await page.evaluate(() => (window as { bodyStates?: string[] }).bodyStates)).toEqual(['skeleton', 'rows']);
  });
}

test('a click on a painted row opens it once the island is in', async ({ page }) => {
  const release = await holdIsland(page, 'WalletsPage');
  await page.goto(demoPath('test', '/wallets'));
  const rows = page.locator('#main tbody[data-list] tr[data-row]');
  await expect(rows).toHaveCount(25, { timeout: 20_000 });
  await rows.nth(2).locator('td').nth(2).click();
  await expect(page).not.toHaveURL(/wallet=/);

  release();
  await reactRows(page);
  await expect(page).toHaveURL(/wallet=acc_/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test("a painted row with the keyboard focus passes it to the island's row", async ({ page }) => {
  const release = await holdIsland(page, 'UsersPage');
  await page.goto(demoPath('test', '/users'));
  const rows = page.locator('#main tbody[data-list] tr[data-row]');
  await expect(rows).toHaveCount(25, { timeout: 20_000 });
  await rows.nth(3).focus();
  const label = await rows.nth(3).getAttribute('aria-label');

  release();
  await reactRows(page);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await expect.poll(focused).toBe(label);
  // It is the island's row now: Enter opens the user.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/pla_/);
});

test('a list whose columns the user chose is not painted: the island renders it', async ({ page }) => {
  await page.addInitScript(
    (key) => localStorage.setItem(key, JSON.stringify(['address', 'chain', 'implementation'])),
    STORAGE_KEYS.columns + 'wallets',
  );
  const release = await holdIsland(page, 'WalletsPage');
  await page.goto(demoPath('test', '/wallets'));
  await expect(page.locator('#main tbody[data-list] tr[data-skeleton]').first()).toBeAttached({ timeout: 20_000 });
  // The early answer is in, and a moment later the body still shows the skeleton.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
          (e) => /\/test\/wallets\?/.test(e.name) && e.responseEnd > 0,
        ),
      ),
    )
    .toBe(true);
  await page.waitForTimeout(300);
  await expect(page.locator('#main tbody[data-list] tr[data-row]')).toHaveCount(0);
  release();
  await reactRows(page);
  await expect(page.locator('#main thead th')).toHaveText(['Address', 'Chain', 'Implementation']);
});
