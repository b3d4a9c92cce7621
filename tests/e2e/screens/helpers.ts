import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { DEMO_PROJECTS } from '../../../src/shared/demo-accounts';
import { apiAsUser as apiRequest } from './member-helpers';

/** The seeded demo project ("Demo Game") and the other user's project ("Other Studio"). */
export const DEMO_PROJECT = DEMO_PROJECTS.demo;
export const OTHER_PROJECT = DEMO_PROJECTS.other;

/** A page of the demo project: `demoPath('test', '/wallets')`. */
export function demoPath(mode: 'live' | 'test', section = ''): string {
  return `/${DEMO_PROJECT}/${mode}${section}`;
}

/**
 * Waits until a list shows data rows (not skeletons), and the rows of its latest answer (the list is busy while the
 * previous view's rows are still shown), and returns them.
 */
export async function dataRows(page: Page) {
  // The page's own rows (a section prepared on hover, hidden beside it, has rows too).
  const rows = page.locator('#main tbody tr[data-row]');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('#main [data-table-scroll][aria-busy="true"]')).toHaveCount(0);
  return rows;
}

/**
 * No serious or critical accessibility violation (axe-core), in the light and the dark colour scheme. Run it on a
 * page in the state to check (e.g. with rows loaded). `exclude`: selectors axe skips, such as a frame it cannot enter
 * (a `sandbox=""` preview runs no script, so axe's own never answers there). Every rule runs in light; in dark only
 * what the colour scheme changes here: contrast (the markup is the same in both schemes).
 */
export async function expectAccessible(page: Page, { exclude = [] }: { exclude?: string[] } = {}) {
  // Colours must be judged at rest, not half-way through a colour transition after the scheme switch.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const builder = exclude.reduce((b, sel) => b.exclude(sel), new AxeBuilder({ page }));
    const { violations } = await (colorScheme === 'dark' ? builder.withRules(['color-contrast']) : builder).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${colorScheme}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(serious, `axe violations in ${colorScheme} mode`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Opens the command palette with Ctrl K once its island has hydrated (Astro drops `ssr` from a hydrated island). */
export async function openPaletteByKeyboard(page: Page) {
  await islandHydrated(page, 'PaletteLauncher');
  // Hydration ends before the island's effects have run (its key listener): press again until the palette opens.
  await expect(async () => {
    if (!(await page.getByRole('combobox').isVisible())) await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox')).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Waits until a page's island has started hydrating (Astro drops its `ssr` attribute when React takes the root): a
 * click before that lands on static HTML and does nothing; after it React replays a click on a part not hydrated yet.
 */
export async function islandHydrated(page: Page, component: string) {
  await expect(page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`)).toHaveCount(1);
}

/** Calls the data API as the signed-in browser user (GET unless `init.method`): its status and JSON body. */
export function apiAsUser(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return apiRequest(page, init.method ?? 'GET', path, init.body);
}
