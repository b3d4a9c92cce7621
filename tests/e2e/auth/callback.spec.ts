import { expect, test, HOME_URL } from '../fixtures';
import { E2E } from '../ports';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';
import { DEFAULT_PUBLIC_CONFIG } from '../../../src/shared/public-config';

const MISSING = 'No access token or refresh token found in the URL';
const FAILED = 'Authentication failed. Please try again.';

async function demoTokens(): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${E2E.authURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: DEFAULT_PUBLIC_CONFIG.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.demo.email, password: DEMO_ACCOUNTS.demo.password }),
  });
  return (await response.json()) as { access_token: string; refresh_token: string };
}

test('a signed-in user goes to /', async ({ page }) => {
  await page.goto('/auth/callback#access_token=a&refresh_token=b');
  await expect(page).toHaveURL(HOME_URL);
});

test.describe('signed out', () => {
  test.use({ session: null });

  for (const fragment of ['', '#access_token=only', '#refresh_token=only']) {
    test(`missing tokens (${fragment || 'no fragment'}) → login with the exact error`, async ({ page }) => {
      await page.goto(`/auth/callback${fragment}`);
      await expect(page).toHaveURL('/auth/login?error=callback_missing_tokens');
      await expect(page.getByRole('alert')).toHaveText(MISSING);
    });
  }

  test('bad tokens → login with "Authentication failed"', async ({ page }) => {
    await page.goto('/auth/callback#access_token=not.a.jwt&refresh_token=nope');
    await expect(page).toHaveURL('/auth/login?error=callback_failed');
    await expect(page.getByRole('alert')).toHaveText(FAILED);
  });

  test('valid tokens sign in and go to /, the fragment removed first', async ({ page }) => {
    await page.addInitScript(() => {
      const original = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        (window as unknown as { replaced?: string[] }).replaced ??= [];
        (window as unknown as { replaced: string[] }).replaced.push(String(args[2]));
        original(...args);
      };
    });
    const tokens = await demoTokens();
    await page.goto(`/auth/callback?x=1#${new URLSearchParams(tokens)}`);
    await expect(page).toHaveURL(HOME_URL);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('dashboard:auth') ?? '{}').user?.email)).toBe(
      DEMO_ACCOUNTS.demo.email,
    );
  });

  test('valid tokens with ?register go to /auth/user-info', async ({ page }) => {
    const tokens = await demoTokens();
    await page.goto(`/auth/callback?register=true#${new URLSearchParams(tokens)}`);
    await expect(page).toHaveURL('/auth/user-info');
    await expect(page.getByLabel('First name')).toBeVisible();
  });

  test('the fragment leaves the address bar before anything else', async ({ page }) => {
    await page.goto('/auth/callback#access_token=x');
    // The page redirected; going back shows the callback URL without its fragment.
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.goBack();
    expect(new URL(page.url()).hash).toBe('');
  });
});
