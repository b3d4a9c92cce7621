import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, HOME_URL } from './fixtures';
import { DEMO_PROJECT, dataRows, demoPath } from './screens/helpers';
import { SIGNED_OUT } from './auth/helpers';
import { AUTH_STORAGE_KEY } from '../../src/shared/auth-storage';
import { STORAGE_KEYS } from '../../src/shared/storage-keys';
import { TOAST_EVENT } from '../../src/lib/toast';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts';
import { WARM_MODULES_META } from '../../src/shared/warm-modules';
import { staticModuleClosure } from '../../scripts/lib/module-closure';

// Sections switch without a document reload (docs/decisions.md "Navigation without a document reload"); each test
// checks that a behaviour of a full page load holds under it. The fixtures fail any test with a CSP violation.

// Several page loads and navigations each, on a machine the local server shares.
test.beforeEach(() => test.slow());

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Project sections' });

/** Marks the document: the mark survives a client-side navigation and is gone after a full load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as { documentMark?: number }).documentMark = 1));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as { documentMark?: number }).documentMark === 1);

async function openWallets(page: Page, search = ''): Promise<void> {
  await page.goto(demoPath('test', '/wallets') + search);
  // A worker's first page loads every module from the one-threaded local server: slow on a shared machine.
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  await expect(await dataRows(page)).toHaveCount(25);
  await markDocument(page);
}

test('a sidebar link swaps the section in without a document load: layout kept, focus on the heading, announced', async ({
  page,
}) => {
  await openWallets(page);
  const bar = page.locator('#sidebar');
  await bar.evaluate((el) => el.setAttribute('data-kept', 'yes'));
  await sidebar(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(demoPath('test', '/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  await expect(page).toHaveTitle('Users · Dashboard');
  // The screen reader hears the new page's title (the router's live region).
  await expect(page.locator('[aria-live="assertive"].astro-route-announcer').last()).toHaveText('Users · Dashboard');
  expect(await sameDocument(page)).toBe(true);
  await expect(bar).toHaveAttribute('data-kept', 'yes');
  await expect(sidebar(page).getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar(page).getByRole('link', { name: 'Wallets', exact: true })).not.toHaveAttribute('aria-current');
  await expect(await dataRows(page)).not.toHaveCount(0);
  // The mode links follow the page.
  await expect(page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' })).toHaveAttribute(
    'href',
    demoPath('live', '/users'),
  );
});

test('the list request of a page starts while it is parsed, before its island hydrates, and is sent once', async ({
  page,
}) => {
  // When the wallets island hydrates (Astro removes its `ssr` marker), relative to the page's clock.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const island = [...document.querySelectorAll('astro-island')].find((i) =>
        i.getAttribute('component-url')?.includes('WalletsPage'),
      );
      if (island && !island.hasAttribute('ssr')) {
        (window as { hydratedAt?: number }).hydratedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['ssr'] });
  });
  const lists: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/projects\/[^/]+\/test\/wallets\?/.test(r.url())) lists.push(r.url());
  });
  const timings = () =>
    page.evaluate(() => ({
      requestAt: performance.getEntriesByType('resource').find((e) => /\/test\/wallets\?/.test(e.name))?.startTime,
      parsedAt: performance.getEntriesByType('navigation')[0]!.toJSON().domInteractive as number,
      hydratedAt: (window as { hydratedAt?: number }).hydratedAt,
    }));
  // The default view: the head's inline script asks while the parser is still at work.
  await page.goto(demoPath('test', '/wallets'));
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  const t = await timings();
  expect(t.requestAt).toBeDefined();
  expect(t.hydratedAt).toBeDefined();
  expect(t.requestAt!).toBeLessThan(t.parsedAt);
  expect(t.requestAt!).toBeLessThan(t.hydratedAt!);
  expect(lists).toHaveLength(1);
  // …and the layout's module script, finding it under way, did not ask again.
  expect(await page.evaluate(() => performance.getEntriesByName('dashboard:page-request').length)).toBe(0);
  // A view in the URL, loaded a few times (the order of the two below varies): the layout's module script asks for
  // that view as the parse ends (module scripts run before DOMContentLoaded), unless the island, which Astro hydrates
  // as soon as its code is in, even while the document is still being parsed, has asked already. Either way before
  // DOMContentLoaded, and once.
  for (let load = 0; load < 4; load++) {
    lists.length = 0;
    await page.goto(demoPath('test', '/wallets') + '?limit=10');
    await expect(await dataRows(page)).toHaveCount(10, { timeout: 20_000 });
    const view = await page.evaluate(() => ({
      requestAt: performance.getEntriesByType('resource').find((e) => /\/test\/wallets\?/.test(e.name))?.startTime,
      loadedAt: performance.getEntriesByType('navigation')[0]!.toJSON().domContentLoadedEventStart as number,
    }));
    expect(view.requestAt).toBeDefined();
    expect(view.requestAt!).toBeLessThan(view.loadedAt);
    expect(lists).toEqual([expect.stringContaining('limit=10')]);
  }
  await page.goto(demoPath('test', '/wallets'));
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  await markDocument(page);

  // Client-side: hover (data and shell prefetched), click; the list takes the prefetched answer, nothing twice.
  const users: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/projects\/[^/]+\/test\/users\?/.test(r.url())) users.push(r.url());
  });
  const link = sidebar(page).getByRole('link', { name: 'Users', exact: true });
  await link.hover();
  await expect.poll(() => users.length).toBe(1);
  await link.click();
  await expect(await dataRows(page)).not.toHaveCount(0);
  expect(users).toHaveLength(1);
});

test('a dashboard page asks for every module it runs while it is parsed, not one import level at a time', async ({
  page,
}) => {
  // What the built page runs before any interaction: its scripts, its islands and all they import (the build's list).
  const modules = staticModuleClosure(process.env.DASHBOARD_DIST ?? 'dist', 'shell/wallets.html');
  expect(modules.length).toBeGreaterThan(20);
  await openWallets(page);
  const late = await page.evaluate((modules) => {
    const parsedAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
    const askedAt = new Map(
      performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime]),
    );
    // Without the preloads, React's chunk and ~20 others were asked for only once their importer had arrived.
    return modules.filter((m) => !(askedAt.get(m)! < parsedAt));
  }, modules);
  expect(late).toEqual([]);
});

test("back and forward restore the list's URL state and its scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await openWallets(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('26–50 of 50');
  const listUrl = page.url();
  await page.evaluate(() => scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(400);
  // Leave from where the page is scrolled to: by the palette (a click on the sidebar would scroll up to the link).
  await page.getByRole('button', { name: /Search or go to/ }).click();
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('Transactions');
  await page
    .getByRole('option', { name: /^Transactions/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  expect(await page.evaluate(() => scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('26–50 of 50');
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(400);

  // Back within the list's own history: page 1 again, in the same document.
  await page.goBack();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('1–25 of 50');
  await page.goForward();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('26–50 of 50');
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('the sign-in gate and the guard still decide on client-side navigations', async ({ page }) => {
  await openWallets(page);
  // A link outside a project (the guard's page): a full load, and the guard sends it into the saved project.
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/users?page=2';
    a.textContent = 'Guarded users';
    document.querySelector('main')!.append(a);
  });
  await page.getByRole('link', { name: 'Guarded users' }).click();
  await expect(page).toHaveURL(demoPath('test', '/users?page=2'));
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Signed out meanwhile (another tab), and a link clicked at once: no signed-out page is swapped in, the visitor
  // lands on the sign-in page with where they were (the session watcher may win the race) or were going.
  await expect(sidebar(page).getByRole('link', { name: 'Transactions', exact: true })).toHaveAttribute(
    'href',
    demoPath('test', '/transactions'),
  );
  await page.evaluate((key) => {
    localStorage.removeItem(key);
    document.querySelector<HTMLAnchorElement>('#sidebar a[href$="/test/transactions"]')!.click();
  }, AUTH_STORAGE_KEY);
  const into = (path: string) => encodeURIComponent(demoPath('test', path));
  await expect(page).toHaveURL(
    new RegExp(`/auth/login\\?redirectTo=(${into('/transactions')}|${into('/users?page=2')})$`),
  );
});

test('the ecosystem theme stays applied across client-side navigations', async ({ page }) => {
  const theme = { primaryColor: 'rgb(255, 0, 128)', primaryColorForeground: '#010203', radius: '3px' };
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, JSON.stringify(value)), {
    key: STORAGE_KEYS.ecosystemTheme,
    value: theme,
  });
  await openWallets(page);
  await sidebar(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  const vars = await page.evaluate(() =>
    ['--primary', '--primary-foreground', '--radius'].map((v) => document.documentElement.style.getPropertyValue(v)),
  );
  expect(vars).toEqual([theme.primaryColor, theme.primaryColorForeground, theme.radius]);
  const current = page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Test' });
  await expect(current).toHaveCSS('background-color', theme.primaryColor);
});

test('a toast outlives the navigation', async ({ page }) => {
  await openWallets(page);
  await page.evaluate(
    ({ name }) => window.dispatchEvent(new CustomEvent(name, { detail: { kind: 'success', message: 'Kept across' } })),
    { name: TOAST_EVENT },
  );
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Kept across' });
  await expect(toast).toBeVisible();
  await toast.evaluate((el) => el.setAttribute('data-same', 'yes'));
  await sidebar(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-same', 'yes');
});

/**
 * A new page of `context` and the module URLs the sign-in page on it has fetched (its warm-up), as their answers come
 * in. An answer that arrives after the page has left is not cached (docs/decisions.md, fourteenth session), so a test
 * waits for the answers, not for the requests to go out.
 */
async function watchWarmUp(context: BrowserContext): Promise<{ page: Page; warmed: Set<string> }> {
  const page = await context.newPage();
  const warmed = new Set<string>();
  page.on('requestfinished', (r) => {
    if (r.url().includes('/_astro/') && r.frame().url().includes('/auth/login')) warmed.add(r.url());
  });
  return { page, warmed };
}

test('the first dashboard page after a sign-in finds its modules in the cache', async ({ browser }) => {
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const { page, warmed } = await watchWarmUp(context);
    await page.goto('/auth/login');
    // The sign-in page asks for the modules of the pages a sign-in opens, the wallets page's island among them, all
    // at once (one flat list from the build), React only once.
    const listed = await page
      .locator(`meta[name="${WARM_MODULES_META}"]`)
      .getAttribute('content')
      .then((c) => (c ?? '').split(' ').map((m) => new URL(m, page.url()).href));
    expect(listed.some((u) => /\/WalletsPage\.[\w-]+\.js$/.test(u))).toBe(true);
    await expect.poll(() => listed.filter((u) => !warmed.has(u)), { timeout: 15_000 }).toEqual([]);
    expect([...warmed].filter((u) => /\/react\.[\w-]+\.js$/.test(u)).length).toBeLessThanOrEqual(1);
    // Signed in as soon as the warm-up's answers are in: the page leaves for the projects home at once.
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.demo.email);
    await page.getByLabel('Password').fill(DEMO_ACCOUNTS.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(HOME_URL);
    // A new tab opens a section: every module it runs comes from the cache.
    const wallets = await context.newPage();
    await wallets.goto(demoPath('test', '/wallets'));
    await expect(wallets.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
    const fromNetwork = await wallets.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/_astro/') && (e as PerformanceResourceTiming).transferSize > 0)
        .map((e) => e.name),
    );
    expect(fromNetwork.filter((u) => listed.includes(u))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a sign-in asks for both lists of the projects home as it swaps the home in, before its island hydrates, each once', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const { page, warmed } = await watchWarmUp(context);
    // When the home's island hydrates (Astro removes its `ssr` marker), on the sign-in document's clock.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const island = [...document.querySelectorAll('astro-island')].find((i) =>
          i.getAttribute('component-url')?.includes('ProjectsHome'),
        );
        const w = window as { hydratedAt?: number };
        if (island && !island.hasAttribute('ssr') && w.hydratedAt === undefined) w.hydratedAt = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['ssr'] });
    });
    await page.goto('/auth/login');
    const listed = await page
      .locator(`meta[name="${WARM_MODULES_META}"]`)
      .getAttribute('content')
      .then((c) => (c ?? '').split(' ').map((m) => new URL(m, page.url()).href));
    // A settled sign-in page swaps the home into its own document (src/lib/open-after-sign-in.ts).
    await expect.poll(() => listed.filter((u) => !warmed.has(u)), { timeout: 15_000 }).toEqual([]);
    await markDocument(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/projects(\/trash)?\?/.test(r.url())) asked.push(new URL(r.url()).pathname);
    });
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.demo.email);
    await page.getByLabel('Password').fill(DEMO_ACCOUNTS.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(HOME_URL);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as { hydratedAt?: number }).hydratedAt)).toBeDefined();
    expect(await sameDocument(page)).toBe(true);
    const t = await page.evaluate(() => ({
      trashAt: performance.getEntriesByType('resource').find((e) => /\/api\/v1\/projects\/trash\?/.test(e.name))
        ?.startTime,
      hydratedAt: (window as { hydratedAt?: number }).hydratedAt,
    }));
    expect(t.trashAt).toBeDefined();
    expect(t.trashAt!).toBeLessThan(t.hydratedAt!);
    expect(asked.sort()).toEqual(['/api/v1/projects', '/api/v1/projects/trash']);
  } finally {
    await context.close();
  }
});

test('a sign-in link to another section warms that section’s modules too, and signs in there', async ({ browser }) => {
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const { page, warmed } = await watchWarmUp(context);
    const billing = demoPath('test', '/settings/billing');
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent(billing)}`);
    // Billing's own island is not among the list the build writes (the home's and the wallets page's modules).
    const listed = await page.locator(`meta[name="${WARM_MODULES_META}"]`).getAttribute('content');
    expect(listed).not.toMatch(/BillingPage\./);
    await expect
      .poll(() => [...warmed].some((u) => /\/BillingPage\.[\w-]+\.js$/.test(u)), { timeout: 15_000 })
      .toBe(true);
    // Once the warm-up is in, the sign-in swaps billing into this document (src/lib/open-after-sign-in.ts).
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.demo.email);
    await page.getByLabel('Password').fill(DEMO_ACCOUNTS.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`${billing}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    // The sign-in swapped billing into its own document (src/lib/open-after-sign-in.ts): the warm-up's request is the
    // only one of billing's island that reached the network, the island itself came from the cache.
    const loads = await page.evaluate(() => ({
      document: performance.getEntriesByType('navigation')[0]!.name,
      billing: performance
        .getEntriesByType('resource')
        .filter((e) => /\/BillingPage\.[\w-]+\.js$/.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).transferSize),
    }));
    expect(new URL(loads.document).pathname).toBe('/auth/login');
    expect(loads.billing.filter((size) => size > 0)).toHaveLength(1);
    expect(loads.billing).toContain(0);
  } finally {
    await context.close();
  }
});

test('the project route follows a mode switch made with the mode toggle', async ({ page }) => {
  await openWallets(page);
  await page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' }).click();
  await expect(page).toHaveURL(demoPath('live', '/wallets'));
  await expect(page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(sidebar(page).getByRole('link', { name: 'Users', exact: true })).toHaveAttribute(
    'href',
    demoPath('live', '/users'),
  );
  expect(await sameDocument(page)).toBe(true);
  expect(DEMO_PROJECT).toBeTruthy();
});

test('the persisted mode links keep one set of listeners however many sections are opened', async ({ page }) => {
  await openWallets(page);
  const cdp = await page.context().newCDPSession(page);
  /** The listeners on the Live link, by event type (what the DevTools' Event Listeners pane lists). */
  const liveListeners = async () => {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'document.querySelector("a[data-mode-link=live]")',
    });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.map((l) => l.type).sort();
  };
  const before = await liveListeners();
  expect(before.length).toBeGreaterThan(0);
  for (const name of ['Users', 'Transactions', 'Wallets', 'Users']) {
    await sidebar(page).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  expect(await sameDocument(page)).toBe(true);
  expect(await liveListeners()).toEqual(before);
  // …and it still follows the page.
  await expect(page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' })).toHaveAttribute(
    'href',
    demoPath('live', '/users'),
  );
});

// Sections prepared on hover (src/page-scripts/prepared-section.ts): rendered hidden while the pointer rests on the
// link, swapped in at the click.
const prepared = (page: Page) => page.locator('main[data-prepared-for]');

test('a hovered section is rendered ahead, hidden, and the click shows it at once with its rows', async ({ page }) => {
  await openWallets(page);
  const users: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/projects\/[^/]+\/test\/users\?/.test(r.url())) users.push(r.url());
  });
  const link = sidebar(page).getByRole('link', { name: 'Users', exact: true });
  await link.hover();
  const region = prepared(page);
  await expect(region).toHaveAttribute('data-prepared-for', new RegExp(`${demoPath('test', '/users')}$`));
  await expect(region).toHaveAttribute('data-prepared-rows', '');
  await expect(region).toHaveAttribute('aria-hidden', 'true');
  await expect(region).toBeHidden();
  // The page on screen is untouched: one heading, its own rows.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toHaveCount(0);

  await link.click();
  await expect(page).toHaveURL(demoPath('test', '/users'));
  await expect(page).toHaveTitle('Users · Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  await expect(page.locator('[aria-live="assertive"].astro-route-announcer')).toHaveText('Users · Dashboard');
  // The leaving region goes when the page is idle; the shown one is the page's main region.
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.locator('main#main')).not.toHaveAttribute('aria-hidden');
  await expect(await dataRows(page)).toHaveCount(25);
  expect(await sameDocument(page)).toBe(true);
  // Its data came from the hover: one request in all, and the first-row mark is the click's.
  expect(users).toHaveLength(1);
  expect(await page.evaluate(() => performance.getEntriesByName('dashboard:first-row').length)).toBe(1);
  await expect(sidebar(page).getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('aria-current', 'page');

  // Its controls work, and back brings the wallets list again.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/users\?.*page=2\b/);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(demoPath('test', '/wallets'));
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await expect(await dataRows(page)).toHaveCount(25);
  await expect(page.locator('main')).toHaveCount(1);
});

test('a prepared section is dropped when focus reaches it or the page changes its view; none is made for a view in the URL', async ({
  page,
}) => {
  await openWallets(page);
  await sidebar(page).getByRole('link', { name: 'Users', exact: true }).hover();
  await expect(prepared(page)).toHaveCount(1);
  // Focus never lands in it (Tab past the page's last control would): it goes instead.
  await prepared(page).locator('input').first().focus();
  await expect(prepared(page)).toHaveCount(0);
  await page.mouse.move(600, 300);
  await sidebar(page).getByRole('link', { name: 'Users', exact: true }).hover();
  await expect(prepared(page)).toHaveCount(1);
  // A view in the URL (`?page=2`) would be read by the prepared list too: it goes, and no new one is made.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(prepared(page)).toHaveCount(0);
  await sidebar(page).getByRole('link', { name: 'Transactions', exact: true }).hover();
  await page.waitForTimeout(500);
  await expect(prepared(page)).toHaveCount(0);
  // The switch itself still works, the ordinary way.
  await sidebar(page).getByRole('link', { name: 'Transactions', exact: true }).click();
  await expect(page).toHaveURL(demoPath('test', '/transactions'));
  await expect(await dataRows(page)).not.toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
});

// Which sections render on hover (PREPARED_SECTIONS in src/page-scripts/prepared-section.ts): the sidebar's lists.
const RENDERED_ON_HOVER: readonly (readonly [link: string, path: string, prepared: boolean])[] = [
  ['Overview', '', false],
  ['Test to live', '/promote', false],
  ['Transaction analytics', '/analytics/transactions', false],
  ['Wallets', '/wallets', true],
  ['Users', '/users', true],
  ['Transactions', '/transactions', true],
  ['Gas policies', '/policies', true],
  ['Contracts', '/contracts', true],
  ['Backend wallets', '/backend-wallets', true],
  ['API keys', '/api-keys', true],
  ['Webhooks', '/webhooks', true],
  ['Events', '/events', true],
  ['Logs', '/logs', true],
  ['User migrations', '/migrations', false],
  ['Project settings', '/settings', false],
  ['Members', '/settings/members', true],
  ['Billing', '/settings/billing', false],
];

test('the sidebar lists render on hover; pages that act or ask when they open do not', async ({ page }) => {
  await page.goto(demoPath('test', '/providers'));
  await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
  for (const [name, path, rendered] of RENDERED_ON_HOVER) {
    await page.mouse.move(900, 500);
    await sidebar(page).getByRole('link', { name, exact: true }).hover();
    const region = page.locator(`main[data-prepared-for$="${demoPath('test', path)}"]`);
    if (rendered) await expect(region, name).toHaveCount(1);
    else {
      await page.waitForTimeout(400);
      await expect(region, name).toHaveCount(0);
    }
  }
});

test('the keyboard focus resting on a sidebar link prepares its section too; Enter shows it', async ({ page }) => {
  await openWallets(page);
  await sidebar(page).getByRole('link', { name: 'Wallets', exact: true }).focus();
  await page.keyboard.press('Tab');
  const users = sidebar(page).getByRole('link', { name: 'Users', exact: true });
  await expect(users).toBeFocused();
  await expect(prepared(page)).toHaveAttribute('data-prepared-rows', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(demoPath('test', '/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  await expect(page.locator('main')).toHaveCount(1);
  await expect(await dataRows(page)).toHaveCount(25);
  expect(await sameDocument(page)).toBe(true);
});
