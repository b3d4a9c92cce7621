import { test, expect } from '../fixtures';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';

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
  test.use({ session: 'viewer' });

  test('api keys: not for viewers', async ({ page }) => {
    await page.goto(KEYS);
    await expect(page.getByText('API keys are for admins and owners')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  });
});

test('api keys: restrict a secret key to an allowlist and a rate limit; other addresses get 403, calls over it 429', async ({
  page,
  request,
}) => {
  // A new secret key, through the screen.
  await page.goto(KEYS);
  await dataRows(page);
  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create a live key' });
  const name = `E2E restricted key ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();
  const once = page.getByRole('dialog', { name: /Your new key/ });
  const secret = (await once.locator('[data-secret]').innerText()).trim();
  await once.getByLabel('I have saved this secret key').check();
  await once.getByRole('button', { name: 'Done' }).click();
  const base = `/api/v1/projects/${DEMO_PROJECT}/live`;
  const call = (ip: string) =>
    request.get(`${base}/wallets?limit=1`, { headers: { Authorization: `Bearer ${secret}`, 'CF-Connecting-IP': ip } });
  expect((await call('198.51.100.23')).status()).toBe(200);

  await page.getByRole('row').filter({ hasText: name }).click();
  const card = page.getByRole('region', { name: 'Restrictions' });
  const entry = (n: number) => card.getByRole('textbox', { name: `Address or range ${n}`, exact: true });
  await expect(card.getByText('No addresses: the key works from any address.')).toBeVisible();
  // The project's limit is shown as the maximum.
  await expect(card.getByText(/below the project's limit of [\d,]+ per minute/)).toBeVisible();
  // The address it was just used from.
  const seen = page.getByRole('region', { name: 'Last addresses seen' });
  await expect(seen.getByRole('rowheader', { name: '198.51.100.23' })).toBeVisible();

  // Bad entries and a limit at the project's are answered at their fields; nothing is saved.
  await card.getByRole('button', { name: 'Add address or range' }).click();
  await entry(1).fill('10.1.2.3/8');
  await card.getByRole('button', { name: 'Add address or range' }).click();
  await entry(2).fill('not-an-ip');
  const limit = card.getByLabel('Rate limit (requests per minute)');
  const projectLimit = Number((await limit.getAttribute('max'))!) + 1;
  await limit.fill(String(projectLimit));
  await card.getByRole('button', { name: 'Save restrictions' }).click();
  await expect(card.getByText('Host bits are set past the /8: the range is 10.0.0.0/8')).toBeVisible();
  await expect(card.getByText(/Expected an IPv4 or IPv6 address/)).toBeVisible();
  await expect(card.getByText(/Must be below the project's limit/)).toBeVisible();
  await expect(entry(1)).toBeFocused();

  // Fixed: saved (canonical form), with the unsaved-changes bar back to "All changes saved".
  await entry(1).fill('2001:DB8:0:0::/32');
  await entry(2).fill('198.51.100.0/24');
  await limit.fill('2');
  await expect(card.getByText('Unsaved changes')).toBeVisible();
  await card.getByRole('button', { name: 'Save restrictions' }).click();
  await expect(page.getByText('Restrictions saved')).toBeVisible();
  await expect(card.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(entry(1)).toHaveValue('2001:db8::/32');
  await expect(card.getByLabel('Rate limit (requests per minute)')).toHaveValue('2');
  await expectAccessible(page);

  // From outside the allowlist: 403 ip_not_allowed (not counted). Inside: at most two calls a minute (the first call
  // above may share the window), then 429 with Retry-After.
  const refused = await call('192.0.2.50');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('ip_not_allowed');
  const statuses: number[] = [];
  let last = await call('198.51.100.24');
  for (statuses.push(last.status()); last.status() === 200 && statuses.length < 4; statuses.push(last.status()))
    last = await call('2001:db8::5');
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
  expect(last.status()).toBe(429);
  expect(Number(last.headers()['retry-after'])).toBeGreaterThanOrEqual(1);

  // The change is in the key's audit entries.
  await expect(
    page.getByRole('region', { name: 'Audit entries' }).getByText('api_key.restrictions_changed'),
  ).toBeVisible();
});
