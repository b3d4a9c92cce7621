import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { DEMO_PROJECT, demoPath, expectAccessible, islandHydrated } from './helpers';

const LOGS = demoPath('test', '/logs');

/** Calls the data API as the signed-in browser user; answers the status and the X-Request-Id. */
async function apiAsUser(page: Page, path: string) {
  return page.evaluate(
    async ({ path, key }) => {
      const token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      const res = await fetch(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
      await res.text();
      return { status: res.status, requestId: res.headers.get('X-Request-Id')! };
    },
    { path, key: AUTH_STORAGE_KEY },
  );
}

/** Waits until the request log holds this request (written by the dispatcher's queue consumer a moment later). */
async function recorded(page: Page, requestId: string) {
  await expect
    .poll(async () => (await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/logs/${requestId}`)).status, {
      timeout: 20_000,
    })
    .toBe(200);
}

/** Wallet ids no wallet has: this test's requests, told apart from any other test's by the path prefix. */
const PREFIX = '/wallets/acc_00000000-0000-7000-8000-';
let n = 0;
const missingWallet = () => `${PREFIX}${(Date.now() * 10 + n++).toString(16).padStart(12, '0').slice(-12)}`;
const apiPath = (short: string) => `/projects/${DEMO_PROJECT}/test${short}`;

test('logs: filter by status, open a request (curl without secrets), export CSV, live tail and pause', async ({
  page,
}) => {
  test.slow();
  await page.goto(LOGS);
  const table = page.getByRole('table', { name: 'Requests' });
  const rows = table.locator('tbody tr[data-row]');
  // A request of this test: a 404 for a wallet that does not exist, with a secret-looking query value.
  const firstPath = missingWallet();
  const first = await apiAsUser(page, `${apiPath(firstPath)}?token=e2e-secret-value`);
  expect(first.status).toBe(404);

  // Filter 4xx: the live tail brings the request in without a reload.
  await islandHydrated(page, 'LogsPage');
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitemcheckbox', { name: '4xx' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/statusClass/);
  const firstRow = rows.filter({ hasText: '404' }).first();
  await expect(firstRow).toBeVisible({ timeout: 20_000 });
  // Search by the start of the path: only this test's requests.
  // A path with a status class: page 1 comes without its count, which is asked apart (`…/logs/count`).
  const counted = page.waitForResponse((r) => /\/logs\/count\?/.test(r.url()) && r.status() === 200);
  await page.getByRole('searchbox').fill(PREFIX);
  await page.keyboard.press('Enter');
  await counted;
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.first()).toContainText(firstPath);
  // The pager shows the count once it arrives.
  await expect(page.getByRole('navigation', { name: 'Pagination' }).locator('p')).toHaveText('1–1 of 1');
  await checkPaused(page);

  // The detail sheet: what was recorded, and the request as curl, with the secret query value redacted.
  await firstRow.click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByText('not_found')).toBeVisible();
  const curl = sheet.getByTestId('log-curl');
  await expect(curl).toContainText(
    `curl -X GET '${new URL(page.url()).origin}/api/v1/projects/${DEMO_PROJECT}/test/wallets/acc_`,
  );
  await expect(curl).toContainText('token=[redacted]');
  await expect(curl).toContainText('Authorization: Bearer $API_KEY');
  await expect(sheet).not.toContainText('e2e-secret-value');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // CSV export of the filtered view: this request only.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^id,createdAt,method,route,path,shortPath,query,status/);
  expect(csv).toContain(first.requestId);
  const records = csv.trim().split('\r\n').slice(1);
  expect(records).toHaveLength(1);
  expect(records[0]).toContain(',404,');
  expect(csv).not.toContain('e2e-secret-value');

  // Live tail: a request made meanwhile appears at the top.
  const secondPath = missingWallet();
  await apiAsUser(page, apiPath(secondPath));
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await expect(rows.first()).toContainText(secondPath);

  // Paused: a new request is recorded but the list does not take it in until resumed.
  await page.getByRole('button', { name: 'Pause live tail' }).click();
  await expect(page.getByRole('button', { name: 'Resume live tail' })).toBeVisible();
  const thirdPath = missingWallet();
  const third = await apiAsUser(page, apiPath(thirdPath));
  await recorded(page, third.requestId);
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Resume live tail' }).click();
  await expect(rows).toHaveCount(3, { timeout: 20_000 });
  await expect(rows.first()).toContainText(thirdPath);

  // A request on a page of its own (a link to share).
  await page.goto(demoPath('test', `/logs/${first.requestId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Request' })).toBeVisible();
  await expect(page.getByText(`/api/v1${apiPath(firstPath)}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('log-curl')).toContainText('token=[redacted]');
});

test('logs: project-level requests (members, settings, billing) under their own scope', async ({ page }) => {
  await page.goto(LOGS);
  const table = page.getByRole('table', { name: 'Requests' });
  const rows = table.locator('tbody tr[data-row]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  // A request of a project-level route: no mode in its path.
  const members = await apiAsUser(page, `/projects/${DEMO_PROJECT}/members`);
  expect(members.status).toBe(200);
  await recordedAt(page, `/projects/${DEMO_PROJECT}/logs/${members.requestId}`);

  // This mode's log does not hold it; the project scope does.
  await page.getByRole('searchbox').fill(members.requestId);
  await page.keyboard.press('Enter');
  await expect(page.getByText('No results for these filters')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Requests of').selectOption('project');
  await expect(page).toHaveURL(/scope=project/);
  await expect(page.getByText(/settings, members and billing/)).toBeVisible();
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.first()).toContainText('/members');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  // Its sheet reads it from the project-level log.
  await rows.first().click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByText('/api/v1/projects/:projectId/members')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await checkPaused(page);

  // Back to this mode's requests: the scope leaves the URL.
  await page.getByLabel('Requests of').selectOption('mode');
  await expect(page).not.toHaveURL(/scope=project/);
});

/**
 * The accessibility check with the live tail paused: its refresh dims the rows for a moment (`opacity-60`), and axe
 * would measure the contrast of the dimmed text. Resumed afterwards.
 */
async function checkPaused(page: Page) {
  await page.getByRole('button', { name: 'Pause live tail' }).click();
  await expect(page.getByRole('table', { name: 'Requests' }).locator('tbody tr.opacity-60')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Resume live tail' }).click();
}

/** Waits until the request log holds a request, read at this API path (the consumer writes it a moment later). */
async function recordedAt(page: Page, path: string) {
  await expect.poll(async () => (await apiAsUser(page, path)).status, { timeout: 20_000 }).toBe(200);
}
