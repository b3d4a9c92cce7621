import type { Page } from '@playwright/test';
import { test, expect, HOME_URL } from '../fixtures';
import { DEMO_PROJECT, demoPath, expectAccessible } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';
import { signIn } from '../auth/helpers';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';
import { STORAGE_KEYS } from '../../../src/shared/storage-keys';
import { ECOSYSTEM_MESSAGES } from '../../../src/shared/ecosystem';
import { E2E } from '../ports';

const ecosystemPath = (projectId: string) => `/${projectId}/test/settings/ecosystem`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The theme variables as set on the document (inline, by the head script or the preview) and as computed. */
async function themeVars(page: Page) {
  return page.evaluate(() => {
    const inline = document.documentElement.style;
    const computed = getComputedStyle(document.documentElement);
    return {
      primary: inline.getPropertyValue('--primary'),
      foreground: inline.getPropertyValue('--primary-foreground'),
      radius: inline.getPropertyValue('--radius'),
      computedPrimary: computed.getPropertyValue('--primary').trim(),
    };
  });
}

/** Records the theme variables at the moment <body> is created on every page load: before anything is painted. */
async function recordFirstPaintTheme(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      const s = document.documentElement.style;
      (window as unknown as { firstPaint: string[] }).firstPaint = [
        '--primary',
        '--primary-foreground',
        '--radius',
      ].map((v) => s.getPropertyValue(v));
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
const firstPaint = (page: Page) => page.evaluate(() => (window as unknown as { firstPaint: string[] }).firstPaint);

/** The text field with this label, and its error (its accessible description). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('ecosystem: a valid save is stored on the server and locally; the preview changes the dashboard and the next page paints the saved theme first', async ({
  page,
}) => {
  const id = await ownProject(page, 'Ecosystem e2e');
  await recordFirstPaintTheme(page);
  await page.goto(ecosystemPath(id));
  await field(page, 'Name').fill('Demo Worlds');
  await field(page, 'Logo URL').fill('https://cdn.example.com/logo.png');
  await field(page, 'Terms of service URL').fill('https://example.com/terms');
  await field(page, 'Support URL').fill('https://help.example.com');
  await page.getByRole('button', { name: 'Add wallet domain' }).click();
  await field(page, 'Wallet domain 1').fill('play.example.com');
  await page.getByRole('button', { name: 'Add wallet domain' }).click();
  await field(page, 'Wallet domain 2').fill('Shop.Example.com');

  // The live preview: the dashboard's own variables follow what is typed, before anything is saved.
  await field(page, 'Primary colour').fill('#0f766e');
  await field(page, 'Corner radius').fill('12px');
  await expect
    .poll(() => themeVars(page))
    .toMatchObject({ primary: '#0f766e', radius: '12px', computedPrimary: '#0f766e' });
  await expect(page.getByRole('group', { name: 'Mode' }).getByRole('link', { name: 'Test' })).toHaveCSS(
    'background-color',
    'rgb(15, 118, 110)',
  );
  // Nothing is stored yet.
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.ecosystemTheme)).toBeNull();

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Ecosystem saved')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  const saved = await apiAsUser(page, 'GET', `/projects/${id}/test/ecosystem`);
  expect(saved.body.data).toMatchObject({
    name: 'Demo Worlds',
    customDomain: null,
    logoUrl: 'https://cdn.example.com/logo.png',
    walletDomains: ['play.example.com', 'shop.example.com'],
    links: { terms: 'https://example.com/terms', privacy: null, support: 'https://help.example.com', docs: null },
    theme: { primaryColor: '#0f766e', primaryColorForeground: '#ffffff', radius: '12px', faviconUrl: null },
  });
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.ecosystemTheme))!)).toEqual({
    primaryColor: '#0f766e',
    primaryColorForeground: '#ffffff',
    radius: '12px',
  });

  // A fresh navigation paints the saved theme before first paint (the head script), on any page.
  await page.goto(`/${id}/test/wallets`);
  expect(await firstPaint(page)).toEqual(['#0f766e', '#ffffff', '12px']);
  expect((await themeVars(page)).computedPrimary).toBe('#0f766e');
  await page.goto(ecosystemPath(id));
  expect(await firstPaint(page)).toEqual(['#0f766e', '#ffffff', '12px']);
  await expect(field(page, 'Name')).toHaveValue('Demo Worlds');
});

test('ecosystem: each invalid input is answered at its field, and nothing is sent', async ({ page }) => {
  const id = await ownProject(page, 'Ecosystem invalid e2e');
  await page.goto(ecosystemPath(id));
  await expect(field(page, 'Primary colour')).toHaveValue('#4f46e5');
  const sent: string[] = [];
  page.on('request', (r) => r.method() === 'PATCH' && sent.push(r.url()));
  const cases: [string, string, string][] = [
    ['Logo URL', 'http://cdn.example.com/logo.png', ECOSYSTEM_MESSAGES.httpsUrl],
    ['Terms of service URL', 'example.com/terms', ECOSYSTEM_MESSAGES.httpsUrl],
    ['Privacy policy URL', 'https://localhost/privacy', ECOSYSTEM_MESSAGES.httpsUrl],
    ['Primary colour', 'teal', ECOSYSTEM_MESSAGES.color],
    ['Text on primary', '#fff', ECOSYSTEM_MESSAGES.color],
    ['Corner radius', '3em', ECOSYSTEM_MESSAGES.radius],
    ['Favicon URL', 'https://cdn.example.com/icon.gif', ECOSYSTEM_MESSAGES.favicon],
  ];
  for (const [label, value] of cases) await field(page, label).fill(value);
  await page.getByRole('button', { name: 'Add wallet domain' }).click();
  await field(page, 'Wallet domain 1').fill('play.example.com');
  await page.getByRole('button', { name: 'Add wallet domain' }).click();
  await field(page, 'Wallet domain 2').fill('PLAY.example.com');
  await page.getByRole('button', { name: 'Add wallet domain' }).click();
  await field(page, 'Wallet domain 3').fill('-bad-.example');
  await page.getByRole('button', { name: 'Save changes' }).click();

  for (const [label, , message] of cases) {
    await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, label), label).toHaveAccessibleDescription(new RegExp(escape(message)));
  }
  await expect(field(page, 'Wallet domain 1')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Wallet domain 2')).toHaveAccessibleDescription(ECOSYSTEM_MESSAGES.duplicateDomain);
  await expect(field(page, 'Wallet domain 3')).toHaveAccessibleDescription(ECOSYSTEM_MESSAGES.hostname);
  // The first invalid field has the focus; nothing was sent.
  await expect(field(page, 'Logo URL')).toBeFocused();
  expect(sent).toEqual([]);
  // The preview never applies a broken value: the colour stays the valid one.
  expect((await themeVars(page)).primary).not.toBe('teal');

  // Fixing a field clears its error.
  await field(page, 'Corner radius').fill('8px');
  await expect(field(page, 'Corner radius')).not.toHaveAttribute('aria-invalid', 'true');
});

test('ecosystem: a custom domain is claimed, shows the TXT record to set while pending, and is verified by DNS', async ({
  page,
}) => {
  test.slow();
  const id = await ownProject(page, 'Ecosystem domain e2e');
  const domain = `wallet-${unique()}.example.com`;
  await page.goto(ecosystemPath(id));
  const section = page.getByRole('region', { name: 'Custom domain' });
  await expect(section.getByText('No custom domain.')).toBeVisible({ timeout: 30_000 });
  await section.getByRole('textbox', { name: 'Domain' }).fill('not a host');
  await section.getByRole('button', { name: 'Claim' }).click();
  await expect(section.getByRole('textbox', { name: 'Domain' })).toHaveAttribute('aria-invalid', 'true');
  await section.getByRole('textbox', { name: 'Domain' }).fill(domain.toUpperCase());
  await section.getByRole('button', { name: 'Claim' }).click();
  await expect(section.getByText('Waiting for the DNS record')).toBeVisible();
  await expect(section.getByText(`_dashboard-verify.${domain}`)).toBeVisible();
  const tokenText = section.getByText(/^dv-[0-9a-f]{48}$/);
  await expect(tokenText).toBeVisible();
  const token = (await tokenText.textContent())!;
  await expect(section.getByText('it is shown only once')).toBeVisible();
  // Verify before the record exists: the API's message, still pending.
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/No TXT record _dashboard-verify\./)).toBeVisible();
  await expect(section.getByText('Waiting for the DNS record')).toBeVisible();
  // The customer sets the record at their DNS provider (the local DNS-over-HTTPS stand-in here).
  const set = await fetch(`${E2E.dohURL}/records`, {
    method: 'POST',
    body: JSON.stringify({ name: `_dashboard-verify.${domain}`, type: 'TXT', data: [token] }),
  });
  expect(set.status).toBe(204);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
  await expect(section.getByText(domain, { exact: true })).toBeVisible();
  const saved = await apiAsUser(page, 'GET', `/projects/${id}/test/ecosystem`);
  expect(saved.body.data.customDomain).toBe(domain);
  // A reload shows the state; the token is never shown again.
  await page.reload();
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
  await expect(section.getByText(token)).toHaveCount(0);
  // Saving the rest of the form keeps the domain.
  await field(page, 'Name').fill('With domain');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Ecosystem saved')).toBeVisible();
  expect((await apiAsUser(page, 'GET', `/projects/${id}/test/ecosystem`)).body.data.customDomain).toBe(domain);
});

test('ecosystem: a stale save says it was changed by someone else and keeps everything typed', async ({ page }) => {
  const id = await ownProject(page, 'Ecosystem stale e2e');
  await page.goto(ecosystemPath(id));
  await expect(field(page, 'Name')).toHaveValue('');
  const current = await apiAsUser(page, 'GET', `/projects/${id}/test/ecosystem`);
  await apiAsUser(page, 'PATCH', `/projects/${id}/test/ecosystem`, {
    name: 'Elsewhere',
    version: current.body.version,
  });

  await field(page, 'Name').fill('Mine');
  await field(page, 'Primary colour').fill('#7c3aed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(alert).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('Mine');
  await expect(field(page, 'Primary colour')).toHaveValue('#7c3aed');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(alert).toHaveCount(0);
  await expect(field(page, 'Name')).toHaveValue('Mine');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Ecosystem saved')).toBeVisible();
  const saved = await apiAsUser(page, 'GET', `/projects/${id}/test/ecosystem`);
  expect(saved.body.data).toMatchObject({ name: 'Mine', theme: { primaryColor: '#7c3aed' } });
});

test('ecosystem: the contrast check, the favicon preview, reset to default, discard, and leaving without saving', async ({
  page,
}) => {
  const id = await ownProject(page, 'Ecosystem theme e2e');
  await recordFirstPaintTheme(page);
  // A theme saved in this browser before: what every page paints.
  await page.addInitScript(
    ({ key }) => {
      if (!sessionStorage.getItem('seeded'))
        localStorage.setItem(key, JSON.stringify({ primaryColor: '#b91c1c', primaryColorForeground: '#ffffff' }));
      sessionStorage.setItem('seeded', '1');
    },
    { key: STORAGE_KEYS.ecosystemTheme },
  );
  await page.route('https://cdn.example.com/**', (route) => route.fulfill({ status: 204 }));
  await page.goto(ecosystemPath(id));
  await expect(field(page, 'Primary colour')).toHaveValue('#4f46e5');
  expect((await themeVars(page)).primary).toBe('#b91c1c');

  // Contrast under WCAG AA (4.5:1) is said as it is typed (the save refusal: the test below).
  const contrast = page.getByTestId('contrast');
  await expect(contrast).toContainText('meets WCAG AA');
  await field(page, 'Text on primary').fill('#8b87f0');
  await expect(contrast).toContainText('is below WCAG AA (4.5:1)');
  // The colour picker sets the same field.
  await page.getByLabel('Text on primary: picker').fill('#fefefe');
  await expect(field(page, 'Text on primary')).toHaveValue('#fefefe');
  await expect(contrast).toContainText('meets WCAG AA');

  // The favicon follows the icon rule of the head script (type from the ending).
  await field(page, 'Favicon URL').fill('https://cdn.example.com/brand/icon.png?v=3');
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', 'https://cdn.example.com/brand/icon.png?v=3');
  await expect(icon).toHaveAttribute('type', 'image/png');
  await field(page, 'Primary colour').fill('#be185d');
  await expect.poll(async () => (await themeVars(page)).primary).toBe('#be185d');

  // Reset to default: the form and the preview go back to the default theme (saved only when saved).
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(field(page, 'Primary colour')).toHaveValue('#4f46e5');
  await expect(field(page, 'Text on primary')).toHaveValue('#ffffff');
  await expect(field(page, 'Corner radius')).toHaveValue('0.5rem');
  await expect(field(page, 'Favicon URL')).toHaveValue('');
  await expect.poll(() => themeVars(page)).toMatchObject({ primary: '#4f46e5', radius: '0.5rem' });
  await expect(icon).toHaveAttribute('href', '/favicon.svg');

  // Discard brings back the form as saved and the dashboard's saved theme.
  await field(page, 'Primary colour').fill('#15803d');
  await field(page, 'Favicon URL').fill('https://cdn.example.com/favicon.ico');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(field(page, 'Primary colour')).toHaveValue('#4f46e5');
  await expect.poll(async () => (await themeVars(page)).primary).toBe('#b91c1c');
  await expect(icon).toHaveAttribute('href', '/favicon.svg');

  // Leaving without saving: the next page paints the saved theme, not the preview.
  await field(page, 'Primary colour').fill('#15803d');
  await expect.poll(async () => (await themeVars(page)).primary).toBe('#15803d');
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await expect(page).toHaveURL(`/${id}/test/settings/billing`);
  expect(await firstPaint(page)).toEqual(['#b91c1c', '#ffffff', '']);
  expect((await themeVars(page)).computedPrimary).toBe('#b91c1c');
});

test('ecosystem: text on primary under WCAG AA cannot be saved; the field says why and one click uses the nearest passing colour, previewed before saving', async ({
  page,
}) => {
  const id = await ownProject(page, 'Ecosystem contrast e2e');
  await page.goto(ecosystemPath(id));
  const foreground = field(page, 'Text on primary');
  await expect(foreground).toHaveValue('#ffffff');

  // The preview wears the typed colours at once, the failing pair too: the sample button shows it.
  await foreground.fill('#8b87f0');
  const sample = page.getByText('Connect wallet', { exact: true });
  await expect(sample).toHaveCSS('color', 'rgb(139, 135, 240)');
  await expect(page.getByTestId('contrast')).toContainText('Contrast 2.04:1 is below WCAG AA (4.5:1)');

  // Saving is refused at the field with the shared rule's message (the browser checks before the API would).
  await page.getByRole('button', { name: 'Save changes' }).click();
  const message =
    'Text on the primary colour has a contrast of 2.04:1; WCAG AA needs at least 4.5:1 to keep it readable. The nearest colour that passes is #d9d8fa.';
  await expect(foreground).toHaveAttribute('aria-invalid', 'true');
  await expect(foreground).toHaveAccessibleDescription(new RegExp(escape(message)));
  await expect(foreground).toBeFocused();

  // The API refuses the same pair with the same message at the same field.
  const { version } = (await apiAsUser(page, 'GET', `/projects/${id}/test/ecosystem`)).body;
  const refused = await apiAsUser(page, 'PATCH', `/projects/${id}/test/ecosystem`, {
    theme: { primaryColorForeground: '#8b87f0' },
    version,
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error.details).toEqual([{ path: 'theme.primaryColorForeground', message }]);

  // One click: the nearest passing foreground, previewed, then saved.
  await page.getByRole('button', { name: 'Use #d9d8fa for text on primary' }).click();
  await expect(foreground).toHaveValue('#d9d8fa');
  await expect(foreground).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('contrast')).toContainText('meets WCAG AA');
  await expect(sample).toHaveCSS('color', 'rgb(217, 216, 250)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  const saved = await apiAsUser(page, 'GET', `/projects/${id}/test/ecosystem`);
  expect(saved.body.data.theme.primaryColorForeground).toBe('#d9d8fa');
});

test('ecosystem: accessible in light and dark', async ({ page }) => {
  await page.goto(demoPath('test', '/settings/ecosystem'));
  await expect(field(page, 'Primary colour')).toBeVisible();
  await field(page, 'Text on primary').fill('#8b87f0');
  await expect(page.getByTestId('contrast')).toContainText('below WCAG AA');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expectAccessible(page);
});

test('ecosystem: an unknown project is not found', async ({ page }) => {
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/settings/ecosystem');
  await expect(page.getByText('No such project')).toBeVisible();
});

/** A developer or a viewer sees the ecosystem without any control, and the API refuses their changes. */
async function expectReadOnly(page: Page) {
  await page.goto(demoPath('test', '/settings/ecosystem'));
  await expect(page.getByText('Admins and owners of this project change the ecosystem.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Theme' })).toContainText('Primary colour');
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset to default' })).toHaveCount(0);
  const current = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/ecosystem`);
  expect(current.status).toBe(200);
  const patch = await apiAsUser(page, 'PATCH', `/projects/${DEMO_PROJECT}/test/ecosystem`, {
    name: 'Mine',
    version: current.body.version,
  });
  expect(patch.status).toBe(403);
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('ecosystem: read only, and the API refuses changes; accessible', async ({ page }) => {
    await expectReadOnly(page);
    await expectAccessible(page);
  });
});

test.describe('as a developer', () => {
  test.use({ session: null });
  test('ecosystem: read only, and the API refuses changes', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.developer.email, DEMO_ACCOUNTS.developer.password);
    await expect(page).toHaveURL(HOME_URL);
    await expectReadOnly(page);
  });
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
