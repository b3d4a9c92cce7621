import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { DEMO_PROJECT, demoPath, openPaletteByKeyboard } from './helpers';

/** The list's data rows once shown (the first answer may take a while on a shared machine). */
async function dataRows(page: Page) {
  const rows = page.locator('tbody tr[data-row]');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  return rows;
}

/** Search that finds (issue 19.2), names in the audit log and flat CSV columns (issue 19.7). */
test.slow();
const WALLETS = demoPath('test', '/wallets');

async function apiAsUser(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body, key }) => {
      const token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // CSV
      }
      return { status: res.status, body: json as any, text };
    },
    { method, path, body, key: AUTH_STORAGE_KEY },
  );
}

test('wallets: search as you type by part of an address in another case; the URL follows; one clear button', async ({
  page,
}) => {
  await page.goto(WALLETS);
  const rows = await dataRows(page);
  const address = (await rows.first().locator('td').first().innerText()).trim();
  const full = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/wallets?limit=1`);
  const prefix = String(full.body.data[0].address).slice(0, 7);
  expect(address.length).toBeGreaterThan(0);
  const historyBefore = await page.evaluate(() => history.length);

  const box = page.getByRole('searchbox', { name: /Search wallets by address/ });
  await box.pressSequentially(prefix.toUpperCase().replace('0X', '0x'), { delay: 40 });
  // No Enter: the list searches after a pause, the URL is replaced (not a history entry per keystroke).
  await expect(page).toHaveURL(/filters=.*address.*prefix/);
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const texts = await rows.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  expect(page.url().toLowerCase()).toContain(encodeURIComponent(prefix.toLowerCase()).toLowerCase());
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);

  // Exactly one clear button: ours; the browser's own clear control of type=search is hidden.
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(1);
  // (getComputedStyle cannot read that pseudo-element: look for the rule that hides it and applies to this box.)
  const nativeClear = await box.evaluate((el) =>
    [...document.styleSheets]
      // Tailwind's rules sit inside @layer blocks.
      .flatMap(function all(sheet: { cssRules: CSSRuleList }): CSSRule[] {
        return [...sheet.cssRules].flatMap((r) => [r, ...('cssRules' in r ? all(r as CSSGroupingRule) : [])]);
      })
      .filter((r): r is CSSStyleRule => r instanceof CSSStyleRule)
      .filter((r) => r.selectorText.endsWith('::-webkit-search-cancel-button') && r.style.display === 'none')
      .some((r) => el.matches(r.selectorText.replace(/::-webkit-search-cancel-button$/, ''))),
  );
  expect(nativeClear).toBe(true);

  // A reload keeps the search, in the box and the list.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: /Search wallets by address/ })).toHaveValue(/^0x/i);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/address/);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('of 50');
});

test('wallets: by their user’s name or email; users by the start of a name', async ({ page }) => {
  await page.goto(WALLETS);
  await dataRows(page);
  const wallets = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/wallets?limit=100`);
  const owned = wallets.body.data.find((w: any) => w.user?.email);
  const email: string = owned.user.email;
  const box = page.getByRole('searchbox', { name: /Search wallets by address/ });
  await box.pressSequentially(email.slice(0, 12).toUpperCase(), { delay: 30 });
  await expect(page).toHaveURL(/filters=.*%22user%22.*prefix/);
  // Rows show a shortened address; the row's accessible name has the whole one.
  await expect(page.getByRole('row', { name: new RegExp(owned.address, 'i') }).first()).toBeVisible({
    timeout: 30_000,
  });

  const name: string = owned.user.name;
  await page.goto(demoPath('test', '/users'));
  await dataRows(page);
  await page.getByRole('searchbox').pressSequentially(name.slice(0, 5).toLowerCase(), { delay: 30 });
  await expect(page).toHaveURL(/nameOrEmail/);
  await expect(page.locator('tbody tr[data-row]').first()).toContainText(name.slice(0, 5), { timeout: 30_000 });
});

test('the palette finds a user, a contract, a policy and a webhook by name', async ({ page }) => {
  await page.goto(demoPath('test'));
  const base = `/projects/${DEMO_PROJECT}/test`;
  const [users, contracts, policies, webhooks] = await Promise.all(
    ['users', 'contracts', 'policies', 'webhooks'].map((c) => apiAsUser(page, 'GET', `${base}/${c}?limit=5`)),
  );
  const named = (rows: any[], field: string) => rows.find((r) => typeof r[field] === 'string' && r[field].length > 3);
  const hook = await apiAsUser(page, 'POST', `${base}/webhooks`, {
    url: 'https://hooks.example.com/palette',
    topics: ['user.created'],
    description: 'Palette finds this hook',
  });
  expect(hook.status, hook.text).toBe(201);
  webhooks!.body.data.unshift(hook.body);
  const cases = [
    { kind: 'User', name: named(users!.body.data, 'name').name as string },
    { kind: 'Contract', name: named(contracts!.body.data, 'name').name as string },
    { kind: 'Gas policy', name: named(policies!.body.data, 'name').name as string },
    { kind: 'Webhook', name: named(webhooks!.body.data, 'description').description as string },
  ];
  for (const c of cases) {
    await openPaletteByKeyboard(page);
    await page.getByRole('combobox').fill(c.name.slice(0, 6));
    const option = page.getByRole('option').filter({ hasText: c.name }).filter({ hasText: c.kind });
    await expect(option.first()).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
  }
  // Opening what was found closes the palette; it opens empty the next time (its island outlives the navigation).
  await openPaletteByKeyboard(page);
  await page.getByRole('combobox').fill(cases[0]!.name.slice(0, 6));
  await page.getByRole('option').filter({ hasText: cases[0]!.name }).filter({ hasText: 'User' }).first().click();
  await expect(page).toHaveURL(/\/users\/pla_/);
  await openPaletteByKeyboard(page);
  await expect(page.getByRole('combobox')).toHaveValue('');
});

test('the audit log names keys and targets; the wallets CSV has flat user id and email columns', async ({ page }) => {
  await page.goto(demoPath('test'));
  const key = await apiAsUser(page, 'POST', `/projects/${DEMO_PROJECT}/test/api-keys`, {
    type: 'secret',
    name: 'CI deploy',
  });
  expect(key.status).toBe(201);
  await page.goto(demoPath('test', '/settings'));
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByRole('row').filter({ hasText: "API key 'CI deploy'" }).first()).toBeVisible();
  await apiAsUser(page, 'DELETE', `/projects/${DEMO_PROJECT}/test/api-keys/${key.body.id}`);

  const csv = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/wallets.csv`);
  expect(csv.status).toBe(200);
  const [header, ...lines] = csv.text.split('\r\n');
  const columns = header!.split(',');
  expect(columns).toContain('userId');
  expect(columns).toContain('userEmail');
  expect(columns).not.toContain('user');
  const withEmail = lines.find((l) => /@/.test(l));
  expect(withEmail).toBeDefined();
  expect(withEmail).not.toContain('{');
});

test('screens: wallets with a search, 1280 and 390 px, light and dark', async ({ page }, testInfo) => {
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(WALLETS);
      await dataRows(page);
      const first = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/wallets?limit=1`);
      const address = String(first.body.data[0].address);
      await page.getByRole('searchbox').pressSequentially(address.slice(0, 3).toLowerCase(), { delay: 30 });
      await expect(page.getByText('Keep typing: at least 2 characters after 0x.')).toBeVisible();
      await page.getByRole('searchbox').pressSequentially(address.slice(3, 6).toUpperCase(), { delay: 30 });
      await expect(page).toHaveURL(/prefix/);
      await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: testInfo.outputPath(`wallets-search-${width}-${scheme}.png`) });
    }
  }
});
