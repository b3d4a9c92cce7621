import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { E2E } from '../ports';
import { DEMO_PROJECT, demoPath, expectAccessible } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';
import { detailsOf, patchSettings, signInAsDeveloper } from './auth-settings-helpers';

const save = (page: Page) => page.getByRole('button', { name: 'Save providers' }).click();
const card = (page: Page, provider: string) => page.locator(`li[data-provider="${provider}"]`);

test('providers: a valid save with its toast; secrets are never shown again, only their last 4 characters', async ({
  page,
}) => {
  const id = await ownProject(page, 'Providers e2e');
  const googleSecret = 'google-client-secret-e2e-9f3a';
  const supabaseKey = 'supabase-service-key-e2e-77c1';
  await page.goto(`/${id}/test/providers`);

  await page.getByRole('switch', { name: 'Enable Phone' }).click();
  await page.getByLabel('SMS provider').selectOption('twilio');
  await page.getByLabel('One-time code length').fill('8');
  await page.getByRole('switch', { name: 'Enable Google' }).click();
  await page.getByLabel('Google client ID').fill('123-e2e.apps.googleusercontent.com');
  await page.getByLabel('Google client secret').fill(googleSecret);
  await page.getByLabel('Provider', { exact: true }).selectOption('supabase');
  await page.getByLabel('Supabase URL').fill('https://abcd.supabase.co');
  await page.getByLabel('Supabase key').fill(supabaseKey);
  await save(page);
  await expect(page.getByText('Providers saved')).toBeVisible();

  const googleCard = card(page, 'google');
  await expect(googleCard.getByText('••••9f3a')).toBeVisible();
  await expect(googleCard.getByRole('button', { name: 'Replace google client secret' })).toBeVisible();
  await expect(page.getByText('••••77c1')).toBeVisible();
  const html = async () => page.content();
  expect(await html()).not.toContain(googleSecret);
  expect(await html()).not.toContain(supabaseKey);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Enable Google' })).toHaveAttribute('aria-checked', 'true');
  await expect(card(page, 'google').getByText('••••9f3a')).toBeVisible();
  await expect(page.getByLabel('One-time code length')).toHaveValue('8');
  expect(await html()).not.toContain(googleSecret);
  expect(await html()).not.toContain(supabaseKey);
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/providers`);
  expect(JSON.stringify(read.body)).not.toContain(googleSecret);
  expect(JSON.stringify(read.body)).not.toContain(supabaseKey);
  expect(read.body.data.oauth.google).toEqual({
    enabled: true,
    clientId: '123-e2e.apps.googleusercontent.com',
    clientSecretHint: '••••9f3a',
  });
  expect(read.body.data.thirdParty).toMatchObject({ provider: 'supabase', supabaseKeyHint: '••••77c1' });

  // Replace: a new secret is typed, saved, and shown by its hint only.
  await card(page, 'google').getByRole('button', { name: 'Replace google client secret' }).click();
  await page.getByLabel('Google client secret').fill('another-google-secret-0b0b');
  await save(page);
  await expect(page.getByText('Providers saved')).toBeVisible();
  await expect(card(page, 'google').getByText('••••0b0b')).toBeVisible();
});

/** Each rule: what to set up, the field, the message at it. */
const INVALID: { what: string; setup: (page: Page) => Promise<void>; field: string; message: string }[] = [
  {
    what: 'an enabled OAuth provider without a client ID',
    setup: async (page) => {
      await page.getByRole('switch', { name: 'Enable Discord' }).click();
      await page.getByLabel('Discord client secret').fill('discord-secret-value-1234');
    },
    field: 'Discord client ID',
    message: 'Enter the client ID',
  },
  {
    what: 'an enabled OAuth provider without a secret',
    setup: async (page) => {
      await page.getByRole('switch', { name: 'Enable Apple' }).click();
      await page.getByLabel('Apple client ID').fill('com.example.signin');
    },
    field: 'Apple client secret',
    message: 'Enter the client secret',
  },
  {
    what: 'a short client secret',
    setup: async (page) => {
      await page.getByRole('switch', { name: 'Enable LINE' }).click();
      await page.getByLabel('LINE client ID').fill('1650000000');
      await page.getByLabel('LINE client secret').fill('short');
    },
    field: 'LINE client secret',
    message: 'Must be at least 16 characters',
  },
  {
    what: 'phone without its SMS provider',
    setup: async (page) => {
      await page.getByRole('switch', { name: 'Enable Phone' }).click();
    },
    field: 'SMS provider',
    message: 'Choose the SMS provider that sends the codes',
  },
  {
    what: 'a one-time code of 3 digits',
    setup: async (page) => {
      await page.getByLabel('One-time code length').fill('3');
    },
    field: 'One-time code length',
    message: 'A whole number from 4 to 10',
  },
  {
    what: 'a Firebase project ID with spaces',
    setup: async (page) => {
      await page.getByLabel('Provider', { exact: true }).selectOption('firebase');
      await page.getByLabel('Firebase project ID').fill('My Game');
    },
    field: 'Firebase project ID',
    message: 'Expected a Firebase project ID',
  },
  {
    what: 'an OIDC JWKS URL over http',
    setup: async (page) => {
      await page.getByLabel('Provider', { exact: true }).selectOption('oidc');
      await page.getByLabel('JWKS URL').fill('http://idp.example.com/jwks.json');
      await page.getByLabel('Audience').fill('my-game');
    },
    field: 'JWKS URL',
    message: 'Use an https URL',
  },
  {
    what: 'a PlayFab title ID of 2 characters',
    setup: async (page) => {
      await page.getByLabel('Provider', { exact: true }).selectOption('playfab');
      await page.getByLabel('PlayFab title ID').fill('A1');
    },
    field: 'PlayFab title ID',
    message: 'Expected a PlayFab title ID',
  },
];

test('providers: each invalid input has its message at the field; the API refuses the same', async ({ page }) => {
  test.setTimeout(60_000);
  const id = await ownProject(page, 'Providers invalid e2e');
  for (const c of INVALID) {
    await page.goto(`/${id}/test/providers`);
    await c.setup(page);
    await save(page);
    const field = page.getByLabel(c.field, { exact: true });
    await expect(field, c.what).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(c.message).first(), c.what).toBeVisible();
    await expect(page.getByText('Saving providers…')).toHaveCount(0);
  }
  // The API's own answers at the same paths.
  const res = await patchSettings(page, `/projects/${id}/test`, 'providers', {
    oauth: { discord: { enabled: true, clientId: null } },
    phone: { enabled: true, smsProvider: null },
    thirdParty: { provider: 'oidc', jwksUrl: 'http://idp.example.com/jwks.json', audience: null },
  });
  expect(res.status).toBe(400);
  expect(detailsOf(res.body)).toMatchObject({
    'oauth.discord.clientId': 'Enter the client ID',
    'oauth.discord.clientSecret': 'Enter the client secret',
    'phone.smsProvider': 'Choose the SMS provider that sends the codes',
    'thirdParty.jwksUrl': 'Use an https URL',
    'thirdParty.audience': 'Required for this provider',
  });
});

test('providers: a custom endpoint is saved and read back', async ({ page }) => {
  const id = await ownProject(page, 'Providers api e2e');
  await page.goto(`/${id}/test/providers`);
  await page.getByLabel('Provider', { exact: true }).selectOption('custom');
  await page.getByLabel('Verification endpoint').fill('https://auth.example.com/verify');
  await save(page);
  await expect(page.getByText('Providers saved')).toBeVisible();
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/providers`);
  expect(read.body.data.thirdParty).toMatchObject({ provider: 'custom', endpoint: 'https://auth.example.com/verify' });
});

test('providers: "Check configuration" fetches the JWKS from the server: parses, does not parse, refused', async ({
  page,
}) => {
  const id = await ownProject(page, 'Providers jwks e2e');
  await page.goto(`/${id}/test/providers`);
  await page.getByLabel('Provider', { exact: true }).selectOption('oidc');
  const url = page.getByLabel('JWKS URL');
  const check = page.getByRole('button', { name: 'Check configuration' });
  const status = page.getByRole('region', { name: 'Third-party auth' }).getByRole('status');

  // The local auth emulator's key set (loopback, allowed by the local development setting of the e2e stack).
  const browserRequests: string[] = [];
  page.on('request', (r) => browserRequests.push(r.url()));
  await url.fill(`${E2E.authURL}/auth/v1/.well-known/jwks.json`);
  await check.click();
  await expect(status).toContainText('Parses: 1 signing key (ES256)');
  // The browser asked our API, never the JWKS URL itself.
  expect(browserRequests.filter((u) => u.includes('jwks.json'))).toEqual([]);

  await url.fill(`${E2E.authURL}/inbox`);
  await check.click();
  await expect(status).toContainText('not JSON');

  await url.fill('https://169.254.169.254/latest/meta-data');
  await check.click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('link-local')).toBeVisible();
});

test('providers: a stale save says so, keeps what was typed, and saves after reloading', async ({ page }) => {
  const id = await ownProject(page, 'Providers stale e2e');
  await page.goto(`/${id}/test/providers`);
  await page.getByRole('switch', { name: 'Enable Epic Games' }).click();
  await page.getByLabel('Epic Games client ID').fill('epic-client-id');
  await page.getByLabel('Epic Games client secret').fill('epic-client-secret-5555');
  expect((await patchSettings(page, `/projects/${id}/test`, 'providers', { guest: { enabled: false } })).status).toBe(
    200,
  );
  await save(page);
  const notice = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(notice).toBeVisible();
  await expect(page.getByLabel('Epic Games client ID')).toHaveValue('epic-client-id');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByLabel('Epic Games client secret')).toHaveValue('epic-client-secret-5555');
  await save(page);
  await expect(page.getByText('Providers saved')).toBeVisible();
  await expect(card(page, 'epic_games').getByText('••••5555')).toBeVisible();
});

test('providers: accessible in light and dark; an unknown project is not found', async ({ page }) => {
  await page.goto(demoPath('test', '/providers'));
  await expect(page.getByRole('button', { name: 'Save providers' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/providers');
  await expect(page.getByText('No such project')).toBeVisible();
});

async function expectReadOnly(page: Page) {
  await page.goto(demoPath('test', '/providers'));
  await expect(page.getByText('Only admins and owners can change authentication settings')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Enable Google' })).toBeDisabled();
  for (const name of ['Save providers', 'Check configuration', /^Replace/])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  const res = await patchSettings(page, `/projects/${DEMO_PROJECT}/test`, 'providers', { guest: { enabled: false } });
  expect(res.status).toBe(403);
  const check = await apiAsUser(page, 'POST', `/projects/${DEMO_PROJECT}/test/auth/providers/check-jwks`, {
    jwksUrl: 'https://idp.example.com/jwks.json',
  });
  expect(check.status).toBe(403);
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('providers: read only, and the API refuses', async ({ page }) => expectReadOnly(page));
});

test.describe('as a developer', () => {
  test.use({ session: null });
  test('providers: read only, and the API refuses', async ({ page }) => {
    await signInAsDeveloper(page);
    await expectReadOnly(page);
  });
});
