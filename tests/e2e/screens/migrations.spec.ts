import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';
import { signInAsDeveloper } from './auth-settings-helpers';

// Imports run in a project of the test's own (test mode), so the users they create change nothing another test counts.

const wizard = (projectId: string) => `/${projectId}/test/migrations?import=new`;

async function chooseFile(page: Page, source: string, name: string, content: string) {
  await page.getByRole('radio', { name: new RegExp(`^${source}`) }).check();
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
}

async function migrationOf(page: Page, projectId: string) {
  const res = await apiAsUser(page, 'GET', `/projects/${projectId}/test/auth/migrations`);
  return res.body.data[0] as { id: string; status: string; importedCount: number; failedCount: number };
}

async function usersTotal(page: Page, projectId: string) {
  return (await apiAsUser(page, 'GET', `/projects/${projectId}/test/users?limit=1`)).body.total as number;
}

async function downloadFailedRows(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Failed rows (CSV)' }).click(),
  ]);
  return readFileSync((await download.path())!, 'utf8');
}

/** Chunk requests answered a little later, so a person (or a test) has time to pause mid-import. */
async function slowChunks(page: Page, ms: number) {
  await page.route('**/chunks/*', async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test('migrations list: the seeded import, the shared list, new import for the owner; accessible', async ({ page }) => {
  await page.goto(demoPath('test', '/migrations'));
  const rows = await dataRows(page);
  await expect(rows.first()).toContainText('Auth0');
  await expect(rows.first()).toContainText('completed');
  // The seeded import brought the 42 demo users with an email (test mode), and 13 rows failed.
  await expect(rows.first()).toContainText('55 / 55');
  await expect(page.getByRole('button', { name: 'Import users' })).toBeVisible();
  await expectAccessible(page);
  await rows.first().click();
  await expect(page).toHaveURL(/migration=amg_/);
  await expect(page.getByTestId('migration-counts')).toContainText('42 imported · 13 failed');
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await expectAccessible(page);
  // The seeded import's failed rows, as stored with its chunk.
  const failed = (await downloadFailedRows(page)).trim().split('\n');
  expect(failed).toHaveLength(14);
  expect(failed[1]).toBe('2,player-at-example,Not an email address: player-at-example');
});

test('Firebase JSON: mapping suggested, dry run with row numbers, import, failed rows file', async ({ page }) => {
  test.slow();
  const pid = await ownProject(page, 'Firebase import');
  await page.goto(wizard(pid));
  const users = {
    users: [
      {
        localId: 'fb-1',
        email: 'ana@example.com',
        emailVerified: true,
        displayName: 'Ana Firebase',
        providerUserInfo: [{ providerId: 'google.com', rawId: '1' }],
      },
      { localId: 'fb-2', email: 'bad-email', providerUserInfo: [{ providerId: 'password' }] },
      { localId: 'fb-3', email: 'ben@example.com', providerUserInfo: [{ providerId: 'password' }] },
    ],
  };
  await chooseFile(page, 'Firebase', 'users.json', JSON.stringify(users));
  await expect(page.getByText('3 rows read from users.json')).toBeVisible();
  await expect(page.getByLabel('Email (required)')).toHaveValue('email');
  await expect(page.getByLabel('User id in the source')).toHaveValue('localId');
  await expect(page.getByLabel('Provider')).toHaveValue('providerUserInfo.0.providerId');
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview).toContainText('Ana Firebase');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-summary')).toHaveText('2 of 3 rows can be imported; 1 will fail.');
  const errors = page.getByRole('table', { name: 'Rows that will fail' });
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  await expect(errors.locator('tbody tr').first()).toContainText(/2\s*bad-email\s*Not an email address: bad-email/);

  // The button counts the rows that will be imported, not the rows read.
  await expect(page.getByRole('button', { name: 'Import 3 rows' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page).toHaveURL(/migration=amg_/);
  await expect(page.getByTestId('migration-status')).toHaveText('completed');
  await expect(page.getByTestId('migration-counts')).toContainText('2 imported · 1 failed');
  expect(await downloadFailedRows(page)).toBe('row,email,reason\n2,bad-email,Not an email address: bad-email\n');

  const found = await apiAsUser(page, 'GET', `/projects/${pid}/test/users?limit=10`);
  const ana = found.body.data.find((u: { email: string }) => u.email === 'ana@example.com');
  expect(ana).toMatchObject({ name: 'Ana Firebase', emailVerified: true });
  const linked = await apiAsUser(page, 'GET', `/projects/${pid}/test/users/${ana.id}/linked-accounts`);
  expect(linked.body.data[0]).toMatchObject({ provider: 'google', subject: 'fb-1' });
  expect(found.body.total).toBe(2);
});

test('CSV: mapping and prefix, dry run errors, run, pause, resume, reload resumes; nothing lost or twice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pid = await ownProject(page, 'CSV import');
  // One user already there, to be found by the dry run.
  const first = await apiAsUser(page, 'POST', `/projects/${pid}/test/auth/migrations`, {
    sourceProvider: 'csv',
    mappingStrategy: 'email',
    totalCount: 1,
  });
  await apiAsUser(page, 'PATCH', `/projects/${pid}/test/auth/migrations/${first.body.id}`, {
    status: 'running',
    version: first.body.version,
  });
  await apiAsUser(page, 'PUT', `/projects/${pid}/test/auth/migrations/${first.body.id}/chunks/0`, {
    rows: [{ row: 1, email: 'here@example.com' }],
  });

  const N = 6000;
  const lines = ['user_id,Email,Full Name,provider,verified'];
  for (let i = 1; i <= N; i++) {
    const email =
      i === 3
        ? 'three-at-example.com'
        : i === 5
          ? 'user1@example.com'
          : i === 9
            ? 'here@example.com'
            : `User${i}@Example.com`;
    lines.push(`id-${i}, ${email} ,User ${i},${i === 7 ? 'myspace' : 'google'},${i % 2 ? 'true' : 'false'}`);
  }
  await page.goto(wizard(pid));
  await chooseFile(page, 'CSV file', 'players.csv', lines.join('\n'));
  await expect(page.getByText('6,000 rows read from players.csv')).toBeVisible();
  await expect(page.getByLabel('Email (required)')).toHaveValue('Email');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await page.getByLabel('Name', { exact: true }).selectOption('Full Name');
  await page.getByLabel('Prefix to ids').fill('csv-');
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.locator('tbody tr').first()).toContainText(/csv-id-1\s*User 1/);
  await expect(preview.locator('tbody tr').first()).toContainText('User1@Example.com');

  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-summary')).toHaveText('5,996 of 6,000 rows can be imported; 4 will fail.');
  await page.setViewportSize({ width: 390, height: 800 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors = page.getByRole('table', { name: 'Rows that will fail' }).locator('tbody tr');
  await expect(errors).toHaveText([
    /^3\s*three-at-example\.com\s*Not an email address/,
    /^5\s*user1@example\.com\s*Duplicate email in the file \(first at row 1\)/,
    /^7\s*User7@Example\.com\s*Unknown provider: myspace/,
    /^9\s*here@example\.com\s*A user with this email already exists/,
  ]);

  await slowChunks(page, 350);
  await page.getByRole('button', { name: 'Import 5,996 rows' }).click();
  await expect(page.getByTestId('migration-status')).toHaveText('running');
  const bar = page.getByRole('progressbar', { name: 'Rows processed' });
  await expect(bar).not.toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('migration-status')).toHaveText('paused');
  // Paused: what the server holds stays put, and is whole chunks.
  await page.waitForTimeout(1200);
  const paused = await migrationOf(page, pid);
  expect(paused.status).toBe('paused');
  const pausedDone = paused.importedCount + paused.failedCount;
  expect(pausedDone % 500).toBe(0);
  expect(pausedDone).toBeLessThan(N);
  await page.waitForTimeout(800);
  expect(await migrationOf(page, pid)).toMatchObject({ importedCount: paused.importedCount });
  expect(await usersTotal(page, pid)).toBe(1 + paused.importedCount);

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('migration-status')).toHaveText('running');
  await expect
    .poll(async () => {
      const m = await migrationOf(page, pid);
      return m.importedCount + m.failedCount;
    })
    .toBeGreaterThan(pausedDone);
  // A reload mid-import: the page finds the rows in IndexedDB and continues where the API says it stopped.
  await page.reload();
  await expect(page.getByTestId('migration-status')).toHaveText('completed', { timeout: 60_000 });
  await expect(page.getByTestId('migration-counts')).toContainText('5,996 imported · 4 failed');
  expect(await usersTotal(page, pid)).toBe(1 + 5996);
  expect(await migrationOf(page, pid)).toMatchObject({ status: 'completed', importedCount: 5996, failedCount: 4 });
  const csv = await downloadFailedRows(page);
  expect(
    csv
      .trim()
      .split('\n')
      .map((l) => l.split(',')[0]),
  ).toEqual(['row', '3', '5', '7', '9']);
  expect(csv).toContain('9,here@example.com,A user with this email already exists in this project');
  // The mapping reached the users: trimmed lowercase emails, names, prefixed ids.
  const some = await apiAsUser(page, 'GET', `/projects/${pid}/test/users?limit=5`);
  for (const u of some.body.data.filter((x: { email: string }) => x.email !== 'here@example.com')) {
    const n = /^user(\d+)@example\.com$/.exec(u.email)?.[1];
    expect(n, u.email).toBeTruthy();
    expect(u).toMatchObject({ name: `User ${n}`, metadata: { externalId: `csv-id-${n}` } });
  }
});

test('cancel stops the import: the rows not sent are not imported, and it cannot resume', async ({ page }) => {
  test.slow();
  const pid = await ownProject(page, 'Canceled upload');
  const lines = ['email'];
  for (let i = 1; i <= 3000; i++) lines.push(`c${i}@example.com`);
  await page.goto(wizard(pid));
  await chooseFile(page, 'CSV file', 'cancel.csv', lines.join('\n'));
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-summary')).toHaveText('3,000 of 3,000 rows can be imported; 0 will fail.');
  await slowChunks(page, 500);
  await page.getByRole('button', { name: 'Import 3,000 rows' }).click();
  await expect(page.getByRole('progressbar', { name: 'Rows processed' })).not.toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('button', { name: 'Cancel import', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel import', exact: true }).click();
  await expect(page.getByTestId('migration-status')).toHaveText('canceled');
  await page.waitForTimeout(1200);
  const m = await migrationOf(page, pid);
  expect(m.status).toBe('canceled');
  expect(m.importedCount).toBeLessThan(3000);
  expect(await usersTotal(page, pid)).toBe(m.importedCount);
  for (const name of ['Pause', 'Resume', 'Cancel import'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  const refused = await apiAsUser(page, 'PUT', `/projects/${pid}/test/auth/migrations/${m.id}/chunks/5`, {
    rows: [{ row: 2501, email: 'late@example.com' }],
  });
  expect(refused.status).toBe(409);
});

test('without the rows in this browser: the same file again (checked by its hash) continues the import', async ({
  page,
}) => {
  test.slow();
  const pid = await ownProject(page, 'Same file');
  const lines = ['email,id'];
  for (let i = 1; i <= 2000; i++) lines.push(`${i === 4 ? 'four' : `s${i}@example.com`},s-${i}`);
  const content = lines.join('\n');
  await page.goto(wizard(pid));
  await chooseFile(page, 'CSV file', 'same.csv', content);
  await page.getByLabel('Prefix to ids').fill('p-');
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-summary')).toHaveText('1,999 of 2,000 rows can be imported; 1 will fail.');
  await slowChunks(page, 500);
  await page.getByRole('button', { name: 'Import 1,999 rows' }).click();
  await expect(page.getByRole('progressbar', { name: 'Rows processed' })).not.toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('migration-status')).toHaveText('paused');

  // As in another browser: no rows stored here.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const req = indexedDB.deleteDatabase('dashboard-user-imports');
        req.onsuccess = req.onerror = req.onblocked = () => resolve(null);
      }),
  );
  await page.reload();
  await expect(page.getByText('The rows of this import are not in this browser')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  const same = page.getByLabel('Same file');
  await same.setInputFiles({
    name: 'same.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(content + '\nx@example.com,x'),
  });
  await expect(page.getByRole('alert')).toContainText('This is not same.csv as it was when the import started');
  await expect(same).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await same.setInputFiles({ name: 'renamed.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('migration-status')).toHaveText('completed', { timeout: 60_000 });
  await expect(page.getByTestId('migration-counts')).toContainText('1,999 imported · 1 failed');
  expect(await usersTotal(page, pid)).toBe(1999);
  // The recorded mapping was used: ids carry the prefix chosen in the first browser.
  const some = await apiAsUser(page, 'GET', `/projects/${pid}/test/users?limit=3`);
  for (const u of some.body.data) expect(u.metadata.externalId).toMatch(/^p-s-\d+$/);
});

async function expectReadOnly(page: Page) {
  await page.goto(demoPath('test', '/migrations'));
  const rows = await dataRows(page);
  await expect(rows.first()).toContainText('Auth0');
  await expect(page.getByRole('button', { name: 'Import users' })).toHaveCount(0);
  // The wizard's link shows the list to them.
  await page.goto(demoPath('test', '/migrations?import=new'));
  await expect(page.getByLabel('File', { exact: true })).toHaveCount(0);
  await dataRows(page);
  await rows.first().click();
  await expect(page.getByTestId('migration-counts')).toBeVisible();
  for (const name of ['Pause', 'Resume', 'Cancel import', 'Run'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  const listed = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/auth/migrations`);
  const refused = await apiAsUser(
    page,
    'PUT',
    `/projects/${DEMO_PROJECT}/test/auth/migrations/${listed.body.data[0].id}/chunks/0`,
    {
      rows: [{ row: 1, email: 'nope@example.com' }],
    },
  );
  expect(refused.status).toBe(403);
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('migrations: read only', async ({ page }) => expectReadOnly(page));
});

test.describe('as a developer', () => {
  test.use({ session: null });
  test('migrations: read only', async ({ page }) => {
    await signInAsDeveloper(page);
    await expectReadOnly(page);
  });
});
