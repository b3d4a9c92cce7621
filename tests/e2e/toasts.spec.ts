import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TOAST_EVENT, TOAST_RULES, type ToastRequest } from '../../src/lib/toast';
import { demoPath } from './screens/helpers';

async function show(page: Page, detail: ToastRequest) {
  await page.evaluate(({ name, detail }) => window.dispatchEvent(new CustomEvent(name, { detail })), {
    name: TOAST_EVENT,
    detail,
  });
}

async function ready(page: Page) {
  await page.clock.install();
  await page.goto('/auth/login');
  // The Toaster island is hydrated once no island keeps its `ssr` marker.
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island').length > 0 && !document.querySelector('astro-island[ssr]'),
  );
}

const toastEl = (page: Page) => page.locator('[data-sonner-toast]');

test('toasts sit top right, below the header and 16 px from the right edge, no wider than max-w-xs', async ({
  page,
}) => {
  await ready(page);
  await show(page, { kind: 'success', message: 'Saved' });
  const toaster = page.locator('[data-sonner-toaster]');
  await expect(toaster).toHaveAttribute('data-y-position', 'top');
  await expect(toaster).toHaveAttribute('data-x-position', 'right');
  const viewport = page.viewportSize()!;
  // Wait for the slide-in to finish (CSS transitions run on real time).
  await expect.poll(async () => Math.round((await toastEl(page).boundingBox())!.y)).toBe(TOAST_RULES.top);
  const box = (await toastEl(page).boundingBox())!;
  expect(Math.round(viewport.width - (box.x + box.width))).toBe(TOAST_RULES.offset);
  expect(box.width).toBeLessThanOrEqual(320);
});

test('success is green, error red, loading grey with a spinner', async ({ page }) => {
  await ready(page);
  await show(page, { kind: 'success', message: 'Good' });
  await show(page, { kind: 'error', message: 'Bad' });
  await show(page, { kind: 'loading', message: 'Working' });
  const color = (type: string) =>
    toastEl(page)
      .and(page.locator(`[data-type="${type}"]`))
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r1, g1, b1] = (await color('success')).match(/\d+/g)!.map(Number);
  expect(g1! > r1! && g1! > b1!).toBe(true);
  const [r2, g2, b2] = (await color('error')).match(/\d+/g)!.map(Number);
  expect(r2! > g2! && r2! > b2!).toBe(true);
  const [r3, g3, b3] = (await color('loading')).match(/\d+/g)!.map(Number);
  expect(Math.max(r3!, g3!, b3!) - Math.min(r3!, g3!, b3!)).toBeLessThan(25);
  await expect(
    toastEl(page)
      .and(page.locator('[data-type="loading"]'))
      .locator('.sonner-loading-wrapper[data-visible="true"] .sonner-loading-bar'),
  ).toHaveCount(12);
});

test('a toast lasts 5 s by default', async ({ page }) => {
  await ready(page);
  await show(page, { kind: 'success', message: 'Five seconds' });
  await page.clock.runFor(4500);
  await expect(toastEl(page)).toHaveCount(1);
  await page.clock.runFor(1500);
  await expect(toastEl(page)).toHaveCount(0);
});

test('a loading toast lasts 20 s and cannot be closed', async ({ page }) => {
  await ready(page);
  await show(page, { kind: 'loading', message: 'Deploying' });
  const t = toastEl(page);
  await expect(t.locator('[data-close-button]')).toHaveCount(0);
  const box = (await t.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 10, { steps: 5 });
  await page.mouse.up();
  await page.clock.runFor(19_000);
  await expect(t).toHaveCount(1);
  await page.clock.runFor(1500);
  await expect(t).toHaveCount(0);
});

test('a closed toast is removed about a second later', async ({ page }) => {
  await ready(page);
  await show(page, { kind: 'error', message: 'Close me' });
  await toastEl(page).locator('[data-close-button]').click();
  await page.clock.runFor(1000);
  await expect(toastEl(page)).toHaveCount(0);
});

test('swiping 50 px closes a toast, a shorter swipe does not', async ({ page }) => {
  await ready(page);
  await show(page, { kind: 'success', message: 'Swipe me' });
  const t = toastEl(page);
  const box = (await t.boundingBox())!;
  const swipe = async (dx: number) => {
    await page.mouse.move(box.x + 40, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 40 + dx, box.y + 10, { steps: 4 });
    await page.mouse.up();
    await page.clock.runFor(1000);
  };
  await swipe(30);
  await expect(t).toHaveCount(1);
  await swipe(TOAST_RULES.swipeThreshold + 5);
  await expect(t).toHaveCount(0);
});

test('F8 moves focus to the toasts', async ({ page }) => {
  await ready(page);
  await show(page, { kind: 'success', message: 'Focus me' });
  await expect(toastEl(page)).toHaveCount(1);
  await page.keyboard.press('F8');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-sonner-toaster]')))).toBe(true);
});

test('on a dashboard page a toast sits below the header: the Live/Test switch and Profile stay uncovered', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(demoPath('test'));
    await page.waitForFunction(
      () => document.querySelectorAll('astro-island').length > 0 && !document.querySelector('astro-island[ssr]'),
    );
    await show(page, { kind: 'success', message: `Saved at ${width}` });
    const toast = toastEl(page).filter({ hasText: `Saved at ${width}` });
    await expect.poll(async () => Math.round((await toast.boundingBox())?.y ?? -1)).toBe(TOAST_RULES.top);
    const box = (await toast.boundingBox())!;
    const header = (await page.locator('header.sticky').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    for (const control of [page.getByRole('group', { name: 'Mode' }), page.getByRole('link', { name: 'Profile' })]) {
      const c = (await control.boundingBox())!;
      expect(c.y + c.height, `${width} px`).toBeLessThanOrEqual(box.y);
    }
    await expect(page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' })).toBeVisible();
  }
});
