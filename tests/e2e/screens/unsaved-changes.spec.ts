import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DEMO_PROJECT, demoPath, openPaletteByKeyboard } from './helpers';

/**
 * No lost edits (issue 19.3): on every settings page, an edit not saved makes leaving ask first, by a link of the
 * sidebar, the command palette, the Live/Test switch, the project switcher or closing the tab. Staying keeps the
 * edit; leaving goes. Nothing is saved by these tests (the demo project's settings are only typed into).
 */

const PAGES: { name: string; path: string; edit: (page: Page) => Promise<void>; value: (page: Page) => unknown }[] = [
  {
    name: 'security',
    path: demoPath('test', '/security'),
    edit: (p) => p.getByLabel('Access token lifetime (minutes)').fill('42'),
    value: (p) => expect(p.getByLabel('Access token lifetime (minutes)')).toHaveValue('42'),
  },
  {
    name: 'providers',
    path: demoPath('test', '/providers'),
    edit: (p) => p.getByLabel('Minimum password length').fill('13'),
    value: (p) => expect(p.getByLabel('Minimum password length')).toHaveValue('13'),
  },
  {
    name: 'email templates',
    path: demoPath('test', '/email-templates'),
    edit: (p) => p.getByLabel('Subject').fill('Unsaved subject'),
    value: (p) => expect(p.getByLabel('Subject')).toHaveValue('Unsaved subject'),
  },
  {
    name: 'custom SMTP',
    path: demoPath('test', '/email-templates/custom-smtp'),
    edit: (p) => p.getByLabel('Sender name').fill('Unsaved sender'),
    value: (p) => expect(p.getByLabel('Sender name')).toHaveValue('Unsaved sender'),
  },
  {
    name: 'ecosystem',
    path: demoPath('test', '/settings/ecosystem'),
    edit: (p) => p.getByRole('textbox', { name: 'Name', exact: true }).fill('Unsaved ecosystem'),
    value: (p) => expect(p.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Unsaved ecosystem'),
  },
  {
    name: 'project settings',
    path: demoPath('test', '/settings'),
    edit: (p) => p.getByLabel('Project name').fill('Unsaved name'),
    value: (p) => expect(p.getByLabel('Project name')).toHaveValue('Unsaved name'),
  },
];

/** This page still: its path, whatever a list on it keeps in the query. */
const here = (path: string) => new RegExp(`${path.replace(/[/?]/g, '\\$&')}(\\?.*)?$`);
const askDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });
const sidebar = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name, exact: true });

async function openAndEdit(page: Page, { path, edit }: (typeof PAGES)[number]) {
  await page.goto(path);
  await expect(page.getByTestId('save-bar')).toBeVisible({ timeout: 20_000 });
  await edit(page);
  await expect(page.getByTestId('save-bar')).toContainText('Unsaved changes');
}

for (const settings of PAGES)
  test(`unsaved changes on ${settings.name}: a sidebar link asks; stay keeps the edit, leave goes; closing the tab asks too`, async ({
    page,
  }) => {
    await openAndEdit(page, settings);

    await sidebar(page, 'Wallets').click();
    await expect(askDialog(page)).toBeVisible();
    await expect(askDialog(page).getByRole('button', { name: 'Stay on this page' })).toBeFocused();
    await askDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
    await expect(askDialog(page)).toBeHidden();
    await expect(page).toHaveURL(here(settings.path));
    await settings.value(page);

    // Escape is "stay" too.
    await sidebar(page, 'Wallets').click();
    await expect(askDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(askDialog(page)).toBeHidden();
    await settings.value(page);

    // Closing the tab: the browser's own "leave site?" (beforeunload).
    const unload = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await unload;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });

test('unsaved changes: leaving by a link after confirming goes there, and no browser dialog follows', async ({
  page,
}) => {
  await openAndEdit(page, PAGES[0]!);
  const browserDialogs: string[] = [];
  page.on('dialog', (d) => (browserDialogs.push(d.type()), void d.dismiss()));
  await sidebar(page, 'Wallets').click();
  await askDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(demoPath('test', '/wallets'));
  expect(browserDialogs).toEqual([]);
});

test('unsaved changes: the palette, the Live/Test switch and the project switcher ask first', async ({ page }) => {
  const ecosystem = PAGES.find((p) => p.name === 'ecosystem')!;
  await openAndEdit(page, ecosystem);

  // The command palette's sections.
  await openPaletteByKeyboard(page);
  await page.getByRole('combobox').fill('Wallets');
  await page
    .getByRole('option', { name: /^Wallets/ })
    .first()
    .click();
  await expect(askDialog(page)).toBeVisible();
  await askDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(here(ecosystem.path));
  await ecosystem.value(page);

  // The mode switch.
  await page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' }).click();
  await expect(askDialog(page)).toBeVisible();
  await askDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(here(ecosystem.path));

  // The project switcher (the palette on the projects).
  await page.getByRole('button', { name: /Switch project/ }).click();
  await page.getByRole('combobox', { name: 'Switch project' }).fill('Demo');
  await page
    .getByRole('option', { name: /Demo Game/ })
    .first()
    .click();
  await expect(askDialog(page)).toBeVisible();
  await askDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(here(ecosystem.path));
  await ecosystem.value(page);

  // Leaving by the mode switch after confirming.
  await page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Live' }).click();
  await askDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(`/${DEMO_PROJECT}/live/settings/ecosystem`);
});

test('unsaved changes: nothing asks once the edit is discarded or when nothing was typed', async ({ page }) => {
  const security = PAGES[0]!;
  await openAndEdit(page, security);
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByTestId('save-bar')).toContainText('All changes saved');
  await sidebar(page, 'Wallets').click();
  await expect(page).toHaveURL(demoPath('test', '/wallets'));
  await expect(askDialog(page)).toHaveCount(0);
});

/**
 * Sections switch with Astro's client router (docs/decisions.md "Navigation without a document reload"): a page
 * reached by a sidebar link is the same document, so back is a client-side navigation too. The guard asks inside
 * the router's loader (`astro:before-preparation`): staying puts the history back and keeps the edit, leaving goes.
 */
test('unsaved changes: back after a client-side navigation asks; stay keeps the page and the history, leave goes', async ({
  page,
}) => {
  const security = PAGES[0]!;
  await page.goto(demoPath('test', '/wallets'));
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => ((window as { documentMark?: number }).documentMark = 1));
  await sidebar(page, 'Security').click();
  await expect(page).toHaveURL(here(security.path));
  await expect(page.getByTestId('save-bar')).toBeVisible({ timeout: 20_000 });
  await security.edit(page);
  await expect(page.getByTestId('save-bar')).toContainText('Unsaved changes');

  await page.goBack();
  await expect(askDialog(page)).toBeVisible();
  await askDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(askDialog(page)).toBeHidden();
  await expect(page).toHaveURL(here(security.path));
  await security.value(page);
  // The history is where it was: back asks again (not a step further back).
  await page.goBack();
  await expect(askDialog(page)).toBeVisible();
  await askDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(here(demoPath('test', '/wallets')));
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  // No full load on the way: the same document.
  expect(await page.evaluate(() => (window as { documentMark?: number }).documentMark)).toBe(1);
});
