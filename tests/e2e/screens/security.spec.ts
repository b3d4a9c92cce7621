import { test, expect } from '../fixtures';
import { DEMO_PROJECT, demoPath, expectAccessible } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';
import { detailsOf, patchSettings, signInAsDeveloper } from './auth-settings-helpers';

const save = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: 'Save security settings' }).click();

test('security: a valid save with its toast; reload and the API read it back', async ({ page }) => {
  const id = await ownProject(page, 'Security e2e');
  await page.goto(`/${id}/test/security`);
  await expect(page.getByText('No origins yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add origin' }).click();
  await page.getByRole('textbox', { name: 'Origin 1' }).fill('https://*.example.com');
  await page.getByRole('button', { name: 'Add origin' }).click();
  await page.getByRole('textbox', { name: 'Origin 2' }).fill('http://localhost:3000');
  await page.getByRole('button', { name: 'Add network' }).click();
  await page.getByRole('textbox', { name: 'Network 1' }).fill('2001:db8::/32');
  await page.getByRole('button', { name: 'Add app' }).click();
  await page.getByLabel('Platform of app 1').selectOption('android');
  await page.getByLabel('Package name of app 1').fill('com.example.game');
  await page.getByLabel('URL scheme of app 1').fill('mygame');
  await page.getByLabel('Access token lifetime (minutes)').fill('30');
  await page.getByLabel('Refresh token lifetime (days)').fill('14');
  await page.getByLabel('Inactivity timeout (hours, 0 for none)').fill('48');
  await save(page);
  await expect(page.getByText('Security settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Origin 1' })).toHaveValue('https://*.example.com');
  await expect(page.getByLabel('Package name of app 1')).toHaveValue('com.example.game');
  await expect(page.getByLabel('Refresh token lifetime (days)')).toHaveValue('14');
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/security`);
  expect(read.body.data).toEqual({
    allowedOrigins: ['https://*.example.com', 'http://localhost:3000'],
    authorizedNetworks: ['2001:db8::/32'],
    nativeApps: [{ platform: 'android', bundleId: 'com.example.game', urlScheme: 'mygame' }],
    accessTokenLifetimeSeconds: 1800,
    refreshTokenLifetimeSeconds: 14 * 86_400,
    inactivityTimeoutSeconds: 48 * 3600,
  });
});

/** Each rule: what is typed, where, the message at the field — the browser's and the API's. */
const INVALID: { what: string; field: string; value: string; message: string; body: Record<string, unknown> }[] = [
  ...[
    ['http://app.example.com', 'Use https'],
    ['https://app.*.example.com', 'A wildcard only as the whole leftmost label'],
    ['https://*.com', 'A wildcard needs a domain under it'],
    ['https://app.example.com/login', 'Expected an origin'],
    ['http://localhost', 'Use https'],
  ].map(([value, message]) => ({
    what: `origin ${value}`,
    field: 'Origin 1',
    value: value!,
    message: message!,
    body: { allowedOrigins: [value] },
  })),
  ...[
    ['203.0.113.5/24', 'Host bits are set: the network is 203.0.113.0/24'],
    ['10.0.0.0/33', 'The prefix length must be from 0 to 32'],
    ['203.0.113.0', 'Add the prefix length'],
    ['2001:db8::zz/32', 'Expected an IPv4 or IPv6 network'],
  ].map(([value, message]) => ({
    what: `network ${value}`,
    field: 'Network 1',
    value: value!,
    message: message!,
    body: { authorizedNetworks: [value] },
  })),
];

for (const c of INVALID)
  test(`security: ${c.what} is refused at the field by the browser and by the API`, async ({ page }) => {
    const id = await ownProject(page, 'Security invalid e2e');
    await page.goto(`/${id}/test/security`);
    const add = c.field.startsWith('Origin') ? 'Add origin' : 'Add network';
    await page.getByRole('button', { name: add }).click();
    const input = page.getByRole('textbox', { name: c.field });
    await input.fill(c.value);
    await save(page);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeFocused();
    await expect(page.getByText(c.message, { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Saving security settings…')).toHaveCount(0);
    // The API refuses it too, with the message at the same field.
    const res = await patchSettings(page, `/projects/${id}/test`, 'security', c.body);
    expect(res.status).toBe(400);
    expect(Object.values(detailsOf(res.body))[0]).toContain(c.message);
  });

test('security: duplicates, native app fields and lifetimes are answered at their fields', async ({ page }) => {
  const id = await ownProject(page, 'Security fields e2e');
  await page.goto(`/${id}/test/security`);
  for (const n of [1, 2]) {
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page.getByRole('textbox', { name: `Origin ${n}` }).fill('https://app.example.com');
  }
  await page.getByRole('button', { name: 'Add app' }).click();
  await page.getByLabel('Bundle identifier of app 1').fill('com example');
  await page.getByLabel('URL scheme of app 1').fill('https');
  await page.getByLabel('Access token lifetime (minutes)').fill('1');
  await page.getByLabel('Inactivity timeout (hours, 0 for none)').fill('500');
  await save(page);
  await expect(page.getByRole('textbox', { name: 'Origin 2' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Origin 1' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Listed twice: remove the repeat')).toBeVisible();
  await expect(page.getByText('Expected a bundle identifier')).toBeVisible();
  await expect(page.getByText('https is not a custom scheme')).toBeVisible();
  await expect(page.getByText('Between 5 minutes and 1 day')).toBeVisible();
  await expect(page.getByText('Must not be longer than the refresh token lifetime')).toBeVisible();
  await expect(page.getByLabel('Access token lifetime (minutes)')).toHaveAttribute('aria-invalid', 'true');
  // The API answers the same at the same paths.
  const res = await patchSettings(page, `/projects/${id}/test`, 'security', {
    allowedOrigins: ['https://app.example.com', 'https://app.example.com'],
    nativeApps: [{ platform: 'ios', bundleId: 'com example', urlScheme: 'https' }],
    accessTokenLifetimeSeconds: 60,
    inactivityTimeoutSeconds: 500 * 3600,
  });
  expect(detailsOf(res.body)).toMatchObject({
    'allowedOrigins.1': 'Listed twice: remove the repeat',
    'nativeApps.0.bundleId': expect.stringContaining('Expected a bundle identifier'),
    'nativeApps.0.urlScheme': 'https is not a custom scheme',
    accessTokenLifetimeSeconds: 'Between 5 minutes and 1 day',
    inactivityTimeoutSeconds: 'Must not be longer than the refresh token lifetime',
  });
});

test('security: a stale save says so, keeps what was typed, and saves after reloading', async ({ page }) => {
  const id = await ownProject(page, 'Security stale e2e');
  await page.goto(`/${id}/test/security`);
  await page.getByRole('button', { name: 'Add origin' }).click();
  await page.getByRole('textbox', { name: 'Origin 1' }).fill('https://mine.example.com');
  // Someone else saves meanwhile.
  expect(
    (await patchSettings(page, `/projects/${id}/test`, 'security', { authorizedNetworks: ['198.51.100.0/24'] })).status,
  ).toBe(200);
  await save(page);
  const notice = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Origin 1' })).toHaveValue('https://mine.example.com');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Origin 1' })).toHaveValue('https://mine.example.com');
  await save(page);
  await expect(page.getByText('Security settings saved')).toBeVisible();
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/security`);
  expect(read.body.data.allowedOrigins).toEqual(['https://mine.example.com']);
});

test('security: accessible in light and dark; an unknown project is not found', async ({ page }) => {
  await page.goto(demoPath('test', '/security'));
  await expect(page.getByRole('button', { name: 'Save security settings' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/security');
  await expect(page.getByText('No such project')).toBeVisible();
});

async function expectReadOnly(page: import('@playwright/test').Page) {
  await page.goto(demoPath('test', '/security'));
  await expect(page.getByText('Only admins and owners can change authentication settings')).toBeVisible();
  await expect(page.getByLabel('Access token lifetime (minutes)')).toHaveAttribute('readonly', '');
  for (const name of ['Save security settings', 'Add origin', 'Add network', 'Add app'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  const res = await patchSettings(page, `/projects/${DEMO_PROJECT}/test`, 'security', { allowedOrigins: [] });
  expect(res.status).toBe(403);
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('security: read only, and the API refuses', async ({ page }) => expectReadOnly(page));
});

test.describe('as a developer', () => {
  test.use({ session: null });
  test('security: read only, and the API refuses', async ({ page }) => {
    await signInAsDeveloper(page);
    await expectReadOnly(page);
  });
});
