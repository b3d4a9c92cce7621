import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/chromium.ts';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';

/**
 * Signs the demo account in through the real login page when it has a form, so that audited dashboard pages are
 * measured as a signed-in user sees them. Without a form (no auth yet) it only opens the origin.
 */
export async function signInForBench(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/auth/login`);
  const email = page.getByLabel(/email/i);
  if ((await email.count()) === 0) return;
  await email.fill(DEMO_ACCOUNTS.demo.email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(DEMO_ACCOUNTS.demo.password);
  await page.getByRole('button', { name: /sign in|log in|continue/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 15_000 });
}

/** Runs `work` in a fresh headless Chromium page signed in as the demo account (desktop viewport). */
export async function withSignedInPage<T>(origin: string, work: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInForBench(page, origin);
    return await work(page);
  } finally {
    await browser.close();
  }
}

/**
 * Signs the demo account in as `../shared/bench/nav-compare.mjs` does: the form on the login page, then as soon as the
 * session is stored (not when the page has moved on: the bench's first page opens in a new tab right then, while the
 * sign-in tab goes on to the home). The page must be on the bench's origin (`baseURL`).
 */
export async function signInLikeNavCompare(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await page.fill('input[type=email]', DEMO_ACCOUNTS.demo.email);
  await page.fill('input[type=password]', DEMO_ACCOUNTS.demo.password);
  await page.click('form button[type=submit]');
  await page.waitForFunction(
    () =>
      Object.keys(localStorage).some((k) => {
        try {
          return Boolean(JSON.parse(localStorage.getItem(k) ?? 'null')?.access_token);
        } catch {
          return false;
        }
      }),
    null,
    { timeout: 15_000 },
  );
}
