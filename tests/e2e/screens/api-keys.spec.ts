import { test, expect } from '../fixtures';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { DEMO_PROJECT, VIEWER_STORAGE_STATE, dataRows, demoPath, expectAccessible } from './helpers';

const KEYS = demoPath('live', '/api-keys');

test('api keys: create a read-only key, its secret shown once, it authenticates within its scope; rotate and revoke', async ({
  page,
  request,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(KEYS);
  await dataRows(page);
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create a live key' });
  const name = `E2E read key ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/Read only/).check();
  await form.getByRole('button', { name: 'Create key' }).click();

  // The secret: once, in a dialog that Escape does not close until "saved" is confirmed.
  const once = page.getByRole('dialog', { name: /Your new key/ });
  const secret = (await once.locator('[data-secret]').innerText()).trim();
  expect(secret).toMatch(/^sk_live_/);
  await page.keyboard.press('Escape');
  await expect(once).toBeVisible();
  await expect(once.getByRole('button', { name: 'Done' })).toBeDisabled();
  await once.getByRole('button', { name: 'Copy secret key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await once.getByLabel('I have saved this secret key').check();
  await once.getByRole('button', { name: 'Done' }).click();
  await expect(once).toHaveCount(0);

  // Never again: not on the page, not in storage, not in the URL.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(secret);
  expect(page.url()).not.toContain(secret);

  // The key works within its scope and only there.
  const auth = { Authorization: `Bearer ${secret}` };
  const base = `/api/v1/projects/${DEMO_PROJECT}/live`;
  expect((await request.get(`${base}/wallets?limit=1`, { headers: auth })).status()).toBe(200);
  const write = await request.post(`${base}/users`, { headers: auth, data: { name: 'Nope' } });
  expect(write.status()).toBe(403);

  // Its page: rotate with no grace period; the old secret stops, the new one (shown once) works.
  await page.getByRole('row').filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Rotate' }).click();
  await page.getByLabel('Grace period for the old secret').selectOption({ label: 'None: the old key stops now' });
  await page.getByRole('button', { name: 'Rotate key' }).click();
  const rotated = page.getByRole('dialog', { name: /The new secret/ });
  const next = (await rotated.locator('[data-secret]').innerText()).trim();
  await rotated.getByLabel('I have saved this secret key').check();
  await rotated.getByRole('button', { name: 'Done' }).click();
  expect((await request.get(`${base}/wallets?limit=1`, { headers: auth })).status()).toBe(401);
  const nextAuth = { Authorization: `Bearer ${next}` };
  expect((await request.get(`${base}/wallets?limit=1`, { headers: nextAuth })).status()).toBe(200);

  // Revoke the new key behind a confirmation; it is refused from then on.
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Key revoked')).toBeVisible();
  await expect(page.locator('dd').getByText('Revoked', { exact: true })).toBeVisible();
  expect((await request.get(`${base}/wallets?limit=1`, { headers: nextAuth })).status()).toBe(401);
  // The key's page lists the audit entries about it.
  await expect(page.getByRole('region', { name: 'Audit entries' }).getByText('api_key.revoked')).toBeVisible();
});

test('api keys: a key created in the UI and rotated with a grace period keeps working and shows until when', async ({
  page,
  request,
}) => {
  // The screen's part. That the old secret answers 401 once the grace period has ended is proven with an injected
  // clock on the same routes and D1: tests/workers/api/key-grace-clock.test.ts (docs/decisions.md).
  await page.goto(KEYS);
  await dataRows(page);
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create a live key' });
  const name = `E2E grace key ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();
  const once = page.getByRole('dialog', { name: /Your new key/ });
  const secret = (await once.locator('[data-secret]').innerText()).trim();
  await once.getByLabel('I have saved this secret key').check();
  await once.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('row').filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const oldKeyPage = page.url();
  await page.getByRole('button', { name: 'Rotate' }).click();
  await page.getByLabel('Grace period for the old secret').selectOption({ label: '1 hour' });
  const rotatedAt = Date.now();
  await page.getByRole('button', { name: 'Rotate key' }).click();
  const rotated = page.getByRole('dialog', { name: /The new secret/ });
  const next = (await rotated.locator('[data-secret]').innerText()).trim();
  await rotated.getByLabel('I have saved this secret key').check();
  await rotated.getByRole('button', { name: 'Done' }).click();

  // Both secrets work during the grace period; the old key's page says how long it has left.
  const base = `/api/v1/projects/${DEMO_PROJECT}/live`;
  for (const key of [secret, next])
    expect(
      (await request.get(`${base}/wallets?limit=1`, { headers: { Authorization: `Bearer ${key}` } })).status(),
    ).toBe(200);
  await page.goto(oldKeyPage);
  await expect(page.locator('dd').getByText('Rotating', { exact: true })).toBeVisible();
  await expect(page.locator('dd').getByText(/works (59 min|1 h 0 min) more/)).toBeVisible();
  // The old key ends exactly the chosen hour after the rotation.
  const keyId = /\/api-keys\/(key_[^/?]+)/.exec(page.url())![1];
  const old = await page.evaluate(
    async ({ path, storageKey }) => {
      const token = JSON.parse(localStorage.getItem(storageKey) ?? '{}').access_token as string;
      return (await fetch(path, { headers: { Authorization: `Bearer ${token}` } })).json();
    },
    { path: `${base}/api-keys/${keyId}`, storageKey: AUTH_STORAGE_KEY },
  );
  expect(old.status).toBe('rotating');
  const grace = Date.parse(old.expiresAt) - rotatedAt;
  expect(grace).toBeGreaterThan(3_600_000 - 5_000);
  expect(grace).toBeLessThanOrEqual(3_600_000 + 60_000);
});

test('api keys: a bad name is answered at the field; accessible in light and dark', async ({ page }) => {
  await page.goto(KEYS);
  await dataRows(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create a live key' });
  await form.getByLabel('Name').fill('x');
  await form.getByLabel(/Custom/).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Give the key at least one scope')).toBeVisible();
});

test('api keys: an unknown key is not found', async ({ page }) => {
  await page.goto(demoPath('live', '/api-keys/key_01900000-0000-7000-8000-0000000000ff'));
  await expect(page.getByText('No API key with this id here')).toBeVisible();
});

test.describe('as a viewer', () => {
  test.use({ storageState: VIEWER_STORAGE_STATE });

  test('api keys: not for viewers', async ({ page }) => {
    await page.goto(KEYS);
    await expect(page.getByText('API keys are for admins and owners')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  });
});
