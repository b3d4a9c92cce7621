import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { dataRows, demoPath } from './helpers';

const OUT = '/tmp/shots-migrations';
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

for (const width of [1280, 390]) {
  test(`shots ${width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(demoPath('test', '/migrations'));
    await dataRows(page);
    await shoot(page, `list-${width}`);
    await (await dataRows(page)).first().click();
    await expect(page.getByTestId('migration-counts')).toBeVisible();
    await shoot(page, `job-${width}`);
    await page.goto(demoPath('test', '/migrations?import=new'));
    const lines = ['user_id,Email,Full Name,provider,verified'];
    for (let i = 1; i <= 2000; i++)
      lines.push(`id-${i},${i === 3 ? 'bad' : i === 5 ? 'user1@example.com' : `user${i}@example.com`},User ${i},${i === 7 ? 'myspace' : 'google'},true`);
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await expect(page.getByText('rows read from')).toBeVisible();
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByTestId('dry-run-summary')).toBeVisible();
    await shoot(page, `wizard-${width}`);
  });
}
