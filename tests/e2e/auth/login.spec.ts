import type { Page } from '@playwright/test';
import { expect, test, HOME_URL } from '../fixtures';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';
import { SAMPLE_PROJECT } from '../../route-samples';
import { SIGNED_OUT, hydrated, signIn } from './helpers';
import { STORAGE_KEYS } from '../../../src/shared/storage-keys';

const demo = DEMO_ACCOUNTS.demo;

test.describe('signed out', () => {
  test.use({ session: null });

  test('the login form is plain HTML before any JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: SIGNED_OUT });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
    await context.close();
  });

  test('wrong password shows an error and stays; the right one opens the dashboard', async ({ page }) => {
    await signIn(page, demo.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    await expect(page).toHaveURL('/auth/login');
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(HOME_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  });

  test('once the page has settled, the sign-in opens the dashboard without a document load: heading focused, announced', async ({
    page,
  }) => {
    await signInOnceSettled(page);
    await expect(page).toHaveURL(HOME_URL);
    const heading = page.getByRole('heading', { level: 1, name: 'Projects' });
    await expect(heading).toBeFocused();
    await expect(page.locator('[aria-live="assertive"].astro-route-announcer')).toHaveText('Projects · Dashboard');
    await expect(page.getByRole('link', { name: 'Demo Game' })).toBeVisible();
    // Still the sign-in page's document (its policy allows the dashboard's inline scripts: no violation reported).
    const loaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.name);
    expect(new URL(loaded).pathname).toBe('/auth/login');
    // Back: the sign-in page sends a signed-in user on to the dashboard again.
    await page.goBack();
    await expect(page).toHaveURL(HOME_URL);
    await expect(heading).toBeVisible();
  });

  test('the sign-in asks for the projects list as it opens the home, once, before the home is swapped in', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      document.addEventListener('astro:after-swap', () => {
        (window as unknown as { swappedAt: number }).swappedAt = performance.now();
      }),
    );
    await signInOnceSettled(page);
    await expect(page.getByRole('link', { name: 'Demo Game' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { swappedAt, asked } = await page.evaluate(() => ({
      swappedAt: (window as unknown as { swappedAt?: number }).swappedAt,
      asked: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === '/api/v1/projects')
        .map((e) => ({ search: new URL(e.name).search, startTime: e.startTime })),
    }));
    // Page 1 of the list, once (the list took the sign-in's answer), asked before the swap (without it: at hydration).
    expect(asked.map((a) => a.search)).toEqual(['?limit=25&order=createdAt%3Adesc']);
    expect(swappedAt).toBeDefined();
    expect(asked[0]!.startTime).toBeLessThan(swappedAt!);
  });

  test('the dashboard a sign-in swaps in wears the stored ecosystem theme, as a loaded page does', async ({ page }) => {
    const theme = { primaryColor: 'rgb(255, 0, 128)', primaryColorForeground: '#010203', radius: '3px' };
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, JSON.stringify(value)), {
      key: STORAGE_KEYS.ecosystemTheme,
      value: { ...theme, faviconUrl: 'https://cdn.example.com/brand/icon.png' },
    });
    await signInOnceSettled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    const loaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.name);
    expect(new URL(loaded).pathname).toBe('/auth/login');
    const applied = await page.evaluate(() => ({
      vars: ['--primary', '--primary-foreground', '--radius'].map((v) =>
        document.documentElement.style.getPropertyValue(v),
      ),
      icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href,
    }));
    expect(applied).toEqual({
      vars: [theme.primaryColor, theme.primaryColorForeground, theme.radius],
      icon: 'https://cdn.example.com/brand/icon.png',
    });
    await expect(page.getByRole('button', { name: 'Create project' })).toHaveCSS(
      'background-color',
      theme.primaryColor,
    );
  });

  test('error and success search params show our own messages (by code or by their text)', async ({ page }) => {
    await page.goto('/auth/login?error=callback_failed');
    await expect(page.getByRole('alert')).toHaveText('Authentication failed. Please try again.');
    await page.goto('/auth/login?error=No%20access%20token%20or%20refresh%20token%20found%20in%20the%20URL');
    await expect(page.getByRole('alert')).toHaveText('No access token or refresh token found in the URL');
    await page.goto('/auth/login?success=signed_out_everywhere');
    await expect(page.getByRole('status')).toHaveText('You are signed out of every device.');
  });

  test('arbitrary error or success text from the URL is never rendered: a generic message instead', async ({
    page,
  }) => {
    const phishing = 'Your account is locked. Call +1 555 0100 to unlock it.';
    await page.goto(`/auth/login?${new URLSearchParams({ error: phishing })}`);
    await hydrated(page);
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please sign in again.');
    await page.goto(`/auth/login?${new URLSearchParams({ success: phishing })}`);
    await hydrated(page);
    await expect(page.getByRole('status')).toHaveText('Done. Please sign in.');
    await expect(page.locator('body')).not.toContainText('555 0100');
  });

  test('a 429 answer says when to try again', async ({ page }) => {
    await page.route('**/auth/v1/token?grant_type=password', (route) =>
      route.fulfill({
        status: 429,
        headers: {
          'Retry-After': '42',
          'X-Supabase-Api-Version': '2024-01-01',
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Expose-Headers': 'Retry-After, X-Supabase-Api-Version',
        },
        contentType: 'application/json',
        body: JSON.stringify({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' }),
      }),
    );
    await signIn(page, demo.email, demo.password);
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please try again in 42 seconds.');
  });

  test('a signed-out visit to a dashboard URL returns to it after sign-in', async ({ page }) => {
    const target = `/${SAMPLE_PROJECT}/test/wallets?page=2`;
    await page.goto(target);
    await expect(page).toHaveURL(`/auth/login?redirectTo=${encodeURIComponent(target)}`);
    await page.getByLabel('Email').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  });

  test('a signed-out visitor never sees the dashboard: its body is hidden from the moment it exists', async ({
    page,
  }) => {
    // Records, per document, whether the pre-paint gate had already hidden the page when <body> was created.
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        for (const r of records)
          for (const node of r.addedNodes)
            if (node.nodeName === 'BODY') {
              const seen = JSON.parse(sessionStorage.getItem('body-at-creation') ?? '{}') as Record<string, string>;
              seen[location.pathname] = document.documentElement.dataset.auth ?? 'visible';
              sessionStorage.setItem('body-at-creation', JSON.stringify(seen));
              observer.disconnect();
            }
      }).observe(document, { childList: true, subtree: true });
    });
    const target = `/${SAMPLE_PROJECT}/test/wallets`;
    await page.goto(target);
    await expect(page).toHaveURL(/\/auth\/login/);
    const seen = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('body-at-creation') ?? '{}') as Record<string, string>,
    );
    expect(seen['/auth/login']).toBe('visible');
    // The dashboard document may be left before its body is parsed; if it got that far, the body was hidden.
    expect(seen[target] ?? 'redirecting').toBe('redirecting');
  });

  test('/profile also requires a signed-in user', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/auth/login?redirectTo=%2Fprofile');
  });

  const REDIRECTS: [string, string][] = [
    ['/profile', '/profile'],
    [`/${SAMPLE_PROJECT}/live/users?page=3`, `/${SAMPLE_PROJECT}/live/users?page=3`],
    ['https://evil.com', '/'],
    ['//evil.com', '/'],
    ['/\\evil.com', '/'],
    ['https:evil.com', '/'],
    ['javascript:alert(1)', '/'],
    ['data:text/html,hi', '/'],
    ['%2F%2Fevil.com', '/'],
    ['/%2F%2Fevil.com', '/'],
    ['//2130706433', '/'],
  ];
  for (const [redirectTo, expected] of REDIRECTS) {
    test(`redirectTo ${JSON.stringify(redirectTo)} lands on ${expected}`, async ({ page }) => {
      await signIn(page, demo.email, demo.password, `/auth/login?${new URLSearchParams({ redirectTo })}`);
      await expect(page).toHaveURL(expected);
    });
  }
});

test('a signed-in user opening /auth/login or /auth/register goes to / without seeing the form', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page).toHaveURL(HOME_URL);
  await page.goto('/auth/register');
  await expect(page).toHaveURL(HOME_URL);
});

/** Signs in as the demo user once the sign-in page has settled: its router and warm-up in (src/lib/open-after-sign-in.ts). */
async function signInOnceSettled(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
