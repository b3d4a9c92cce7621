import { expect, test } from './fixtures';
import { SAMPLE_PROJECT } from '../route-samples';
import { STORAGE_KEYS } from '../../src/shared/storage-keys';

const theme = { primaryColor: 'rgb(255, 0, 128)', primaryColorForeground: '#010203', radius: '3px' };

test('the stored ecosystem theme is applied before first paint', async ({ page }) => {
  // Record the CSS variables at the moment <body> is created, which is before anything can be painted.
  await page.addInitScript(
    ({ key, value }) => {
      localStorage.setItem(key, JSON.stringify(value));
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        const s = document.documentElement.style;
        (window as unknown as { seen: string[] }).seen = ['--primary', '--primary-foreground', '--radius'].map((v) =>
          s.getPropertyValue(v),
        );
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    },
    { key: STORAGE_KEYS.ecosystemTheme, value: theme },
  );
  for (const path of ['/auth/login', `/${SAMPLE_PROJECT}/test/wallets`]) {
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      theme.primaryColor,
      theme.primaryColorForeground,
      theme.radius,
    ]);
  }
  // The themed variable reaches the UI: the current mode is drawn in the primary colour.
  const current = page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Test' });
  await expect(current).toHaveCSS('background-color', theme.primaryColor);
});

for (const [url, type] of [
  ['https://cdn.example.com/brand/icon.svg', 'image/svg+xml'],
  ['https://cdn.example.com/brand/icon.png?v=2', 'image/png'],
  ['https://cdn.example.com/favicon.ico', 'image/x-icon'],
] as const) {
  test(`favicon ${url.split('/').pop()} gets type ${type}`, async ({ page }) => {
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, JSON.stringify(value)), {
      key: STORAGE_KEYS.ecosystemTheme,
      value: { faviconUrl: url },
    });
    await page.route('https://cdn.example.com/**', (route) => route.fulfill({ status: 204 }));
    await page.goto('/auth/login');
    const icon = page.locator('link[rel="icon"]');
    await expect(icon).toHaveAttribute('href', url);
    await expect(icon).toHaveAttribute('type', type);
  });
}

test.describe('signed out', () => {
  // The sign-in page sends a signed-in user home.
  test.use({ session: null });

  test('a corrupt stored theme is ignored and the page still works', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, '{not json'), STORAGE_KEYS.ecosystemTheme);
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'))).toBe('');
  });
});
