import { expect, test, HOME_URL } from './fixtures';
import { ROUTE_SAMPLES, SAMPLE_PROJECT } from '../route-samples';
import { LEGACY_REDIRECTS } from '../../src/shared/legacy-redirects';
import { STORAGE_KEYS } from '../../src/shared/storage-keys';

const redirecting = new Set(['analytics', 'project', 'guard']);

test.describe('every route serves its page', () => {
  // Auth pages send a signed-in user home, so they are opened signed out; dashboard pages signed in.
  for (const signedOut of [false, true]) {
    test.describe(signedOut ? 'auth pages, signed out' : 'dashboard pages, signed in', () => {
      // Their static HTML is what is checked: with JavaScript, /auth/callback and /auth/user-info move on at once.
      if (signedOut) test.use({ session: null, javaScriptEnabled: false });
      for (const { route, path } of ROUTE_SAMPLES.filter(
        (s) => !redirecting.has(s.route.shell) && (s.route.layout === 'auth') === signedOut,
      )) {
        test(`${route.pattern} → ${route.title}`, async ({ page }) => {
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
          await expect(page).toHaveTitle(`${route.title} · Dashboard`);
        });
      }
    });
  }
});

test('a legacy path redirects permanently, query kept, in the browser too', async ({ page }) => {
  const [from, to] = LEGACY_REDIRECTS[0]!;
  await page.goto(`/${SAMPLE_PROJECT}/live${from}?page=2`);
  await expect(page).toHaveURL(`/${SAMPLE_PROJECT}/live${to}?page=2`);
});

test('guard without a saved project sends home with `from`', async ({ page }) => {
  await page.goto('/wallets?page=3#top');
  await expect(page).toHaveURL(/\/\?from=%2Fwallets%3Fpage%3D3%23top$/);
});

test('guard with a saved project and mode prefixes the original href', async ({ page }) => {
  await page.goto(`/${SAMPLE_PROJECT}/live/wallets`);
  await expect
    .poll(() => page.evaluate((k) => [localStorage.getItem(k.projectId), localStorage.getItem(k.mode)], STORAGE_KEYS))
    .toEqual([SAMPLE_PROJECT, 'live']);
  await page.goto('/users?page=2');
  await expect(page).toHaveURL(`/${SAMPLE_PROJECT}/live/users?page=2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('analytics index opens transaction analytics of the stored project and mode', async ({ page }) => {
  await page.goto(`/${SAMPLE_PROJECT}/test/analytics?range=week`);
  await expect(page).toHaveURL(`/${SAMPLE_PROJECT}/test/analytics/transactions?range=week`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction analytics' })).toBeVisible();
});

test('the built modules and the icon carry the edge’s security headers and their cache policy', async ({ request }) => {
  const html = await (await request.get('/auth/login')).text();
  const asset = /\/_astro\/[^"]+\.js/.exec(html)![0];
  const expected: [string, Record<string, string>][] = [
    [asset, { 'cache-control': 'public, max-age=31536000, immutable', 'content-type': 'application/javascript' }],
    ['/favicon.svg', { 'cache-control': 'public, max-age=86400', 'content-type': 'image/svg+xml' }],
  ];
  for (const [path, own] of expected) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    for (const [k, v] of Object.entries(own)) expect(headers[k], `${path} ${k}`).toContain(v);
    expect(headers['content-security-policy'], path).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['strict-transport-security'], path).toContain('max-age=63072000');
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
  // A module that does not exist is still a 404, not the app's page or an empty 200.
  expect((await request.get('/_astro/no-such-module.js')).status()).toBe(404);
});

test('unknown route: 404 status, the texts, and Head back goes home', async ({ page }) => {
  const response = await page.goto(`/${SAMPLE_PROJECT}/test/no-such-section`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Looking for something?' })).toBeVisible();
  await expect(page.getByText("We couldn't find the page that you're looking for!")).toBeVisible();
  await page.getByRole('link', { name: 'Head back' }).click();
  await expect(page).toHaveURL(HOME_URL);
});

test('the mode toggle keeps the section and detail pages fall back to their list', async ({ page }) => {
  // The other mode has other rows: its page number is not this one's; the page size is kept.
  await page.goto(`/${SAMPLE_PROJECT}/test/users/pla_1?page=2&limit=50`);
  await page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' }).click();
  await expect(page).toHaveURL(`/${SAMPLE_PROJECT}/live/users?limit=50`);
});

test('the sidebar links point into the current project and mark the current section', async ({ page }) => {
  await page.goto(`/${SAMPLE_PROJECT}/test/contracts`);
  const nav = page.getByRole('navigation', { name: 'Project sections' });
  await expect(nav.getByRole('link', { name: 'Contracts' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(`/${SAMPLE_PROJECT}/test/webhooks`);
});

test('a sidebar link clicked while the page still loads opens its section, without a page error', async ({ page }) => {
  // A slow device (CPU at a sixth) widens the first moments of a load: before, the link had no project in its href
  // (the static shell serves every project) and went to the projects page, and the leaving page's island, still
  // hydrating when the router unmounted it, raised React's error #424 (the fixture fails on page errors).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (const [from, to, path] of [
    ['contracts', 'Webhooks', 'webhooks'],
    ['webhooks', 'Contracts', 'contracts'],
    ['contracts', 'Wallets', 'wallets'],
  ] as const) {
    await page.goto(`/${SAMPLE_PROJECT}/test/${from}`, { waitUntil: 'commit' });
    await page
      .getByRole('navigation', { name: 'Project sections' })
      .getByRole('link', { name: to, exact: true })
      .click();
    await expect(page).toHaveURL(`/${SAMPLE_PROJECT}/test/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: to })).toBeVisible();
  }
});

test('favorites are kept in local storage and follow across tabs', async ({ page, context }) => {
  await page.goto(`/${SAMPLE_PROJECT}/test`);
  const other = await context.newPage();
  await other.goto(`/${SAMPLE_PROJECT}/live/wallets`);
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(other.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.favoriteProjects)).toBe(
    JSON.stringify([SAMPLE_PROJECT]),
  );
});
