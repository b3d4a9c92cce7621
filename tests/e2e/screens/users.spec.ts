import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';
import { DEFAULT_PUBLIC_CONFIG } from '../../../src/shared/public-config';
import { E2E } from '../ports';
import { DEMO_PROJECT, OTHER_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';
import { apiAsUser } from './member-helpers';

const USERS = demoPath('test', '/users');

interface User {
  id: string;
  name: string | null;
  email: string | null;
  version: number;
}

async function users(page: Page, mode: 'live' | 'test', query: string): Promise<User[]> {
  const res = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/${mode}/users?${query}`);
  return (res.body as { data: User[] }).data;
}

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test('users: list, filter, sort, page, URL state, back/forward, open a user', async ({ page }) => {
  await page.goto(USERS);
  const rows = await dataRows(page);
  await expect(rows).toHaveCount(25);
  await expect(pagination(page)).toContainText('1–25 of 50');
  expect(page.url()).not.toContain('total=');

  // Only the users created through the API, without a sign-in identity.
  await page.getByRole('button', { name: /^Authenticated/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'No', exact: true }).click();
  await expect(page).toHaveURL(/filters=.*authenticated/);
  await expect(rows.first()).toContainText('Unauthenticated');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Unauthenticated');
  const filtered = await pagination(page).locator('p').innerText();

  // Sort by name, Z to A.
  const nameHeader = page.getByRole('columnheader', { name: /Name/ });
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/order=name%3Adesc/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  // The header turns at once; the rows follow when the answer arrives.
  await expect
    .poll(async () => {
      const names = await rows.locator('td:first-child').allInnerTexts();
      return names.join('|') === [...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)).join('|');
    })
    .toBe(true);

  // A reload reproduces the view.
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(pagination(page).locator('p')).toHaveText(filtered);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

  // Back restores the order by creation, forward the order by name.
  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(nameHeader).not.toHaveAttribute('aria-sort');
  await page.goForward();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

  // Clear the filter, then page.
  await page.getByRole('button', { name: 'Clear Authenticated filter' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pagination(page)).toContainText('26–50 of 50');

  // Enter on a row opens the user's page.
  const first = (await dataRows(page)).first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/test\/users\/pla_[0-9a-f-]+$/);
  const id = page.url().split('/').at(-1)!;
  const user = page.getByRole('region', { name: 'User' });
  await expect(user.getByText(id)).toBeVisible();
});

test("users: the user page, with the user's transactions paged in the URL", async ({ page }) => {
  await page.goto(USERS);
  await dataRows(page);
  // The user with the most transactions: its transactions two per page, the page in the URL.
  const txs0 = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/transactions?limit=100`);
  const counts = new Map<string, number>();
  for (const t of (txs0.body as { data: { userId: string | null }[] }).data)
    if (t.userId) counts.set(t.userId, (counts.get(t.userId) ?? 0) + 1);
  const [targetId] = [...counts].sort((x, y) => y[1] - x[1])[0]!;
  const target = (await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/users/${targetId}`)).body as User;
  const total = (
    (await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/test/users/${targetId}/transactions?limit=1`)).body as {
      total: number;
    }
  ).total;
  expect(total).toBeGreaterThanOrEqual(3);
  await page.goto(`${USERS}/${target.id}?limit=2`);
  await expect(page.getByRole('heading', { level: 2, name: target.name! })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linked accounts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallets' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /\/wallets\?wallet=acc_/,
  );
  const txs = page.getByRole('table', { name: 'Transactions of this user' }).locator('tbody tr[data-row]');
  await expect(txs).toHaveCount(2);
  await expect(pagination(page)).toContainText(`1–2 of ${total}`);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pagination(page)).toContainText(`3–${Math.min(4, total)} of ${total}`);
  await page.reload();
  await expect(pagination(page)).toContainText(`3–${Math.min(4, total)} of ${total}`);
});

test('users: search by email, by the start of a name, and by id', async ({ page }) => {
  await page.goto(USERS);
  await dataRows(page);
  const withMail = (await users(page, 'test', 'limit=100')).find((u) => u.email)!;

  const search = page.getByRole('searchbox', { name: /Search users/ });
  await search.fill(withMail.email!);
  await expect(page.getByText('Searching by an email')).toBeVisible();
  await search.press('Enter');
  const rows = await dataRows(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(withMail.email!);

  const part = withMail.name!.slice(0, 4);
  await search.fill(part.toLowerCase());
  await expect(page.getByText('Searching by the start of a name or email')).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/filters=.*nameOrEmail.*prefix/);
  await expect(rows.first()).toContainText(part);
  // Each row's name or email starts with it.
  for (const text of await rows.allInnerTexts()) {
    expect(text.split(/[\t\n]/).some((cell) => cell.trim().toLowerCase().startsWith(part.toLowerCase()))).toBe(true);
  }

  await search.fill(withMail.id);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${withMail.id}$`));
  await expect(page.getByRole('region', { name: 'User' }).getByText(withMail.email!).first()).toBeVisible();
});

// Live mode, so the counts the other user tests see (test mode) do not change while this one runs.
test('users: create (with the API’s field error at the field), edit, a stale edit, delete, with toasts', async ({
  page,
}) => {
  const name = `E2E player ${Date.now().toString(36)}`;
  await page.goto(demoPath('live', '/users'));
  await dataRows(page);

  // The API's validation message lands at its field.
  await page.route(
    '**/api/v1/projects/*/live/users',
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'invalid_request',
                message: 'The request body is not valid',
                details: [{ path: ['name'], message: 'This name is reserved' }],
              },
            }),
          })
        : route.fallback(),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a user' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Made by the e2e test');
  await dialog.getByRole('button', { name: 'Add a key' }).click();
  await dialog.getByLabel('Key 1').fill('level');
  await dialog.getByLabel('Value 1').fill('7');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('This name is reserved');
  await expect(page.getByText('The request body is not valid')).toBeVisible(); // the toast

  // Created for real: the user's page, with a toast.
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/live\/users\/pla_[0-9a-f-]+$/);
  await expect(page.getByText(`User “${name}” created`)).toBeVisible();
  const heading = page.getByRole('region', { name: 'User' }).getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(name);
  await expect(page.getByText('Unauthenticated', { exact: true })).toBeVisible();
  const metadata = page.getByRole('region', { name: 'Metadata' });
  await expect(metadata.getByRole('row', { name: 'level 7' })).toBeVisible();
  const id = page.url().split('/').at(-1)!;

  // Edit the name.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByLabel('Name').fill(`${name} renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(heading).toHaveText(`${name} renamed`);

  // Someone else changes the user while the form is open: the form says so, keeps the text, and saves over it after.
  await page.getByRole('button', { name: 'Edit' }).click();
  await edit.getByLabel('Name').fill(`${name} mine`);
  const current = await apiAsUser(page, 'GET', `/projects/${DEMO_PROJECT}/live/users/${id}`);
  const theirs = await apiAsUser(page, 'PATCH', `/projects/${DEMO_PROJECT}/live/users/${id}`, {
    description: 'Changed elsewhere',
    version: (current.body as User).version,
  });
  expect(theirs.status).toBe(200);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toContainText('changed by someone else');
  await expect(edit.getByLabel('Name')).toHaveValue(`${name} mine`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(heading).toHaveText(`${name} mine`);
  // Only the name was sent: the other person's description stays.
  await expect(page.getByRole('region', { name: 'User' })).toContainText('Changed elsewhere');

  // Two wallets of the user: the confirmation names them (they stay, without a user).
  for (const n of [1, 2]) {
    const address = `0x${(Date.now() * 10 + n).toString(16).padStart(40, '0')}`;
    const made = await apiAsUser(page, 'POST', `/projects/${DEMO_PROJECT}/live/wallets`, {
      address,
      chainId: 1,
      accountType: 'Smart Account',
      userId: id.replace(/[?#].*$/, ''),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  await page.reload();

  // Delete behind a confirmation naming what goes and what stays: back to the list, with a toast.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `Deletes ${name} mine from this project. Their 2 wallets and their transactions are kept, without a user.`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(page).toHaveURL(new RegExp(`/${DEMO_PROJECT}/live/users$`));
  await expect(page.getByText(`User “${name} mine” deleted`)).toBeVisible();
  await page.goto(demoPath('live', `/users/${id}`));
  await expect(page.getByText('No user with this id here')).toBeVisible();
});

test('users: a bad URL parameter shows the default view with a notice; unknown and foreign users are not found', async ({
  page,
  request,
}) => {
  await page.goto(`${USERS}?limit=abc`);
  await expect(page.getByRole('status').filter({ hasText: 'Part of this link was not valid' })).toBeVisible();
  await expect(await dataRows(page)).toHaveCount(25);
  await expect(page).not.toHaveURL(/limit=abc/);

  const notFound = async (id: string) => {
    await page.goto(`${USERS}/${id}`);
    await expect(page.getByText('No user with this id here')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to the users' })).toHaveAttribute('href', USERS);
  };
  await notFound('pla_01900000-0000-7000-8000-000000000bad');

  // A user of live mode is not one of test mode.
  const [live] = await users(page, 'live', 'limit=1');
  await notFound(live!.id);

  // A user of another owner's project.
  const session = await request.post(`${E2E.authURL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: DEFAULT_PUBLIC_CONFIG.supabaseAnonKey },
    data: { email: DEMO_ACCOUNTS.other.email, password: DEMO_ACCOUNTS.other.password },
  });
  expect(session.status()).toBe(200);
  const { access_token } = (await session.json()) as { access_token: string };
  const theirs = await request.get(`${E2E.baseURL}/api/v1/projects/${OTHER_PROJECT}/test/users?limit=1`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(theirs.status()).toBe(200);
  const [foreign] = ((await theirs.json()) as { data: User[] }).data;
  await notFound(foreign!.id);
});

test('users: the unauthenticated users list', async ({ page }) => {
  await page.goto(demoPath('test', '/users/unauthenticated'));
  await expect(page.getByRole('link', { name: 'Unauthenticated users' })).toHaveAttribute('aria-current', 'page');
  const rows = await dataRows(page);
  await expect(page.getByRole('columnheader', { name: 'Metadata' })).toBeVisible();
  await rows.first().click();
  await expect(page).toHaveURL(/\/test\/users\/pla_/);
  await expect(page.getByRole('region', { name: 'User' }).getByText('Unauthenticated', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linked accounts' })).toContainText('created through the API');
});

test('users: the list is accessible in light and dark', async ({ page }) => {
  // Ten rows carry every kind of cell (axe's time grows with the rows, not what it finds).
  await page.goto(`${USERS}?limit=10`);
  await dataRows(page);
  await expectAccessible(page);
});

test('users: the unauthenticated users list is accessible in light and dark', async ({ page }) => {
  await page.goto(demoPath('test', '/users/unauthenticated?limit=10'));
  await dataRows(page);
  await expectAccessible(page);
});

test('users: the user page is accessible in light and dark', async ({ page }) => {
  await page.goto(USERS);
  await dataRows(page);
  // A signed-in user: it has a linked account, a wallet and transactions.
  const u = (await users(page, 'test', 'limit=100')).find((x) => x.email)!;
  await page.goto(`${USERS}/${u.id}`);
  await expect(page.getByRole('region', { name: 'Linked accounts' }).getByRole('listitem').first()).toBeVisible();
  await dataRows(page);
  await expectAccessible(page);
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('users: no write controls on the lists and the user page', async ({ page }) => {
    await page.goto(USERS);
    await (await dataRows(page)).first().click();
    await expect(page).toHaveURL(/\/users\/pla_/);
    await expect(page.getByRole('region', { name: 'Metadata' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: /^(edit|delete|create user)$/i })).toHaveCount(0);
    await page.goto(USERS);
    await dataRows(page);
    await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(0);
    await page.goto(demoPath('test', '/users/unauthenticated'));
    await dataRows(page);
    await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(0);
  });
});
