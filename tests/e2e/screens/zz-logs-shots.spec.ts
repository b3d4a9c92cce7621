import { test, expect } from '../fixtures';
import { demoPath } from './helpers';

test('logs screenshots', async ({ page }) => {
  test.slow();
  // Some requests of test mode to show.
  for (const s of ['/wallets', '/users', '/transactions', '/api-keys']) {
    await page.goto(demoPath('test', s));
    await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(demoPath('test', '/logs'));
    await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `/tmp/logs-shots/logs-${width}-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('tbody tr[data-row]').first().click();
    await expect(page.getByTestId('log-curl')).toBeVisible();
    await page.screenshot({ path: `/tmp/logs-shots/sheet-${width}.png` });
    await page.keyboard.press('Escape');
  }
});
