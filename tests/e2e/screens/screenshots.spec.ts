import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { DEMO_PROJECT, demoPath } from './helpers';

/**
 * The screenshot check of issue 19: every screen below at 1280 and 390 px wide, light and dark, signed in with the
 * demo data. One page load per screen and width (the colour scheme is switched with emulateMedia); each picture is
 * saved to tests/.artifacts/screenshots/ to be looked at, and what a user would notice is asserted: the page does
 * not scroll sideways (1280 and 390 px), no table header is cut off, and no screen shows operator text or says
 * "player".
 */

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  { name: 'projects', path: '/', ready: rows },
  { name: 'overview', path: demoPath('test'), ready: heading('Getting started') },
  { name: 'wallets', path: demoPath('test', '/wallets'), ready: rows },
  { name: 'users', path: demoPath('test', '/users'), ready: rows },
  { name: 'users-create', path: demoPath('test', '/users'), ready: createUserDialog },
  { name: 'transactions', path: demoPath('test', '/transactions'), ready: rows },
  { name: 'policies', path: demoPath('test', '/policies'), ready: rows },
  { name: 'contracts', path: demoPath('test', '/contracts'), ready: rows },
  { name: 'backend-wallets', path: demoPath('test', '/backend-wallets'), ready: rows },
  { name: 'api-keys', path: demoPath('test', '/api-keys'), ready: rows },
  { name: 'api-key', path: demoPath('test', '/api-keys'), ready: secretKeyPage },
  { name: 'logs', path: demoPath('test', '/logs'), ready: logRows },
  { name: 'webhooks', path: demoPath('test', '/webhooks'), ready: rows },
  { name: 'events', path: demoPath('test', '/events'), ready: rows },
  { name: 'monitors', path: demoPath('test', '/events?tab=monitors'), ready: rows },
  { name: 'analytics', path: demoPath('test', '/analytics/transactions'), ready: heading('Transaction analytics') },
  { name: 'members', path: demoPath('test', '/settings/members'), ready: rows },
  { name: 'migrations', path: demoPath('test', '/migrations'), ready: heading('User migrations') },
  { name: 'security', path: demoPath('test', '/security'), ready: saveBar },
  { name: 'providers', path: demoPath('test', '/providers'), ready: saveBar },
  { name: 'email-templates', path: demoPath('test', '/email-templates'), ready: saveBar },
  { name: 'custom-smtp', path: demoPath('test', '/email-templates/custom-smtp'), ready: saveBar },
  { name: 'ecosystem', path: demoPath('test', '/settings/ecosystem'), ready: saveBar },
  { name: 'project-settings', path: demoPath('test', '/settings'), ready: heading('Danger zone') },
  { name: 'billing', path: demoPath('test', '/settings/billing'), ready: heading('Plan') },
  { name: 'promote', path: demoPath('test', '/promote'), ready: heading('Gas policies') },
  { name: 'profile', path: '/profile', ready: heading('Account') },
];

/**
 * Text no screen may show (docs/security.md: no operator text): environment variable names, file names, tools and
 * vendor internals. Matched case-sensitively against the visible text of the page.
 */
const OPERATOR_TEXT = [
  'BILLING_',
  'SUPABASE_',
  'POSTHOG_',
  'PUBLIC_',
  'CLOUDFLARE_',
  'process.env',
  'wrangler',
  '.md',
  'docs/',
  'Supabase does not',
  'D1 database',
];

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** How long a screen may take to show its data (the first load of a page warms the local stack). */
const READY = { timeout: 20_000 };

async function rows(page: Page) {
  await expect(page.locator('main tbody tr[data-row]').first()).toBeVisible(READY);
}
function heading(name: string) {
  return async (page: Page) => {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible(READY);
  };
}
async function saveBar(page: Page) {
  await expect(page.getByTestId('save-bar')).toBeVisible(READY);
}
/** A secret key's page, opened from the list: its restrictions and the addresses it was used from. */
async function secretKeyPage(page: Page) {
  await rows(page);
  await page.locator('main tbody tr[data-row]', { hasText: 'secret' }).first().click();
  await expect(page.getByRole('heading', { name: 'Last addresses seen' })).toBeVisible(READY);
  await expect(page.getByTestId('save-bar')).toBeVisible(READY);
}
/** The request log with rows: this page's own requests are not recorded, so it asks for a list first. */
async function logRows(page: Page) {
  await page.evaluate(
    async ({ key, path }) => {
      const token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
    },
    { key: AUTH_STORAGE_KEY, path: `/api/v1/projects/${DEMO_PROJECT}/test/wallets?limit=1` },
  );
  await expect(page.locator('main tbody tr[data-row]').first()).toBeVisible(READY);
}
async function createUserDialog(page: Page) {
  await rows(page);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** Header cells whose text is cut: wider than their cell, or past the visible edge of the table's scroll box. */
function clippedHeaders(page: Page, { inView }: { inView: boolean }) {
  return page.evaluate((inView) => {
    const out: string[] = [];
    for (const th of document.querySelectorAll<HTMLTableCellElement>('main th')) {
      const name = th.textContent?.trim() || '(empty)';
      if (th.scrollWidth > th.clientWidth + 1) out.push(`${name}: text wider than its cell`);
      const box = th.closest('[data-table-scroll]') ?? th.closest('table')?.parentElement;
      if (!inView || !box) continue;
      const [cell, view] = [th.getBoundingClientRect(), box.getBoundingClientRect()];
      if (cell.right > view.right + 1) out.push(`${name}: cut off by the table's edge`);
    }
    return out;
  }, inView);
}

const visibleText = (page: Page) => page.locator('body').innerText();

mkdirSync('tests/.artifacts/screenshots', { recursive: true });

for (const { width, height } of WIDTHS)
  for (const screen of SCREENS)
    test(`screenshots: ${screen.name} at ${width} px, light and dark`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height });
      await page.goto(screen.path);
      await screen.ready(page);
      // Settled pictures: no transition half-way, no blinking caret, no toast.
      await page.addStyleTag({
        content: '*, *::before, *::after { transition: none !important; caret-color: transparent !important; }',
      });

      const text = await visibleText(page);
      for (const operator of OPERATOR_TEXT) expect(text, `operator text "${operator}"`).not.toContain(operator);
      expect(text, 'the product says "user"').not.toMatch(/\bplayers?\b/i);

      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({
          path: `tests/.artifacts/screenshots/${screen.name}-${width}-${colorScheme}.png`,
          fullPage: true,
        });
      }

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      // At 1280 every header is in view; on a phone a wide table scrolls, with its cue (data-list), but no header
      // text is cut inside its cell.
      expect(await clippedHeaders(page, { inView: width === 1280 })).toEqual([]);
    });
