import type { Page } from '@playwright/test';
import { test, expect, HOME_URL } from '../fixtures';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { DEMO_PROJECT, demoPath, expectAccessible } from './helpers';
import { acceptInvite, ownProject } from './member-helpers';
import { uniqueEmail } from '../auth/helpers';
import { E2E } from '../ports';

/** Calls the data API as the signed-in browser user. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body, key }) => {
      const token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body, key: AUTH_STORAGE_KEY },
  );
}

test('settings: rename with field errors, a stale edit keeps the text, the audit log shows it, delete by name', async ({
  page,
}) => {
  // A project of its own, so renaming and deleting it changes nothing another test reads.
  await page.goto('/');
  const created = await api(page, 'POST', '/projects', { name: `Settings e2e ${Date.now()}` });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await page.goto(`/${id}/test/settings`);
  const name = page.getByLabel('Project name');
  await expect(name).toHaveValue(created.body.name);

  // The API's message at the field.
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Renaming project…')).toHaveCount(0);
  expect((await api(page, 'GET', `/projects/${id}`)).body.name).toBe(created.body.name);

  // Someone else renames meanwhile: the save is refused, the text stays, reload then save works.
  await api(page, 'PATCH', `/projects/${id}`, { name: 'Renamed elsewhere', version: created.body.version });
  await name.fill('Renamed here');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible();
  await expect(name).toHaveValue('Renamed here');
  await page.getByRole('button', { name: 'Reload' }).click();
  // Saving waits for the latest version; the typed text is still there.
  await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toHaveCount(0);
  await expect(name).toHaveValue('Renamed here');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Project renamed')).toBeVisible();
  await expect(page.getByRole('button', { name: /Switch project/ })).toContainText('Renamed here');

  // The audit log lists both renames; filter by action.
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByRole('row').filter({ hasText: 'project.renamed' })).toHaveCount(2);
  await audit.getByRole('searchbox').fill('project.created');
  await audit.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/filters=.*project\.created/);

  // Delete: the button waits for the typed name.
  const del = page.getByRole('button', { name: 'Delete project' });
  await expect(del).toBeDisabled();
  await page.getByLabel('Type “Renamed here” to confirm').fill('Renamed here');
  await del.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(page.getByText('Project “Renamed here” moved to the trash: restore it within 7 days')).toBeVisible();
  expect((await api(page, 'GET', `/projects/${id}`)).status).toBe(404);

  // The trash: listed under "Recently deleted" on the projects home (not among the projects), in the one list
  // component, restored from there.
  const trash = page.getByRole('region', { name: 'Recently deleted' });
  // Newest first: this run's delete (an earlier run may have left one of the same name there).
  const item = trash.getByRole('row', { name: 'Deleted project Renamed here' }).first();
  await expect(item).toContainText('in 7 days');
  // Its search is the list's own, with its URL state apart from the projects list's.
  await trash.getByRole('searchbox').fill('Renamed');
  await trash.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/[?&]trashFilters=/);
  await expect(item).toBeVisible();
  // Opening a row asks before restoring; Cancel leaves it in the trash.
  await item.press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'Restore “Renamed here”?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  // Two lists on one page, each with its own search: still accessible (no id twice). The delete's toast is left out:
  // it is fading in, and axe reads its contrast mid-way.
  await expectAccessible(page, { exclude: ['[data-sonner-toaster]'] });
  const hints = await page
    .getByRole('searchbox')
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-describedby')));
  expect(hints).toHaveLength(2);
  expect(new Set(hints).size, 'each search box has a hint of its own').toBe(2);
  const listed = async () =>
    (await api(page, 'GET', '/projects?limit=100')).body.data.map((p: { id: string }) => p.id) as string[];
  expect(await listed()).not.toContain(id);
  await expect(page.getByRole('heading', { name: 'Recently deleted' })).toBeVisible();
  for (const [scheme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['light', 390],
    ['dark', 390],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: test.info().outputPath(`projects-home-trash-${scheme}-${width}.png`),
      fullPage: true,
    });
    if (width === 390) {
      // On a phone Restore is in view beside the name, not past the table's scroll cue.
      await item.scrollIntoViewIfNeeded();
      await expect(item.getByRole('button', { name: 'Restore Renamed here' })).toBeInViewport({ ratio: 1 });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await item.getByRole('button', { name: 'Restore Renamed here' }).click();
  await expect(page.getByText('Project “Renamed here” restored')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Project Renamed here' }).first()).toBeVisible();
  expect(await listed()).toContain(id);
  expect((await api(page, 'GET', `/projects/${id}`)).status).toBe(200);
  const actions = (await api(page, 'GET', `/projects/${id}/audit-log?limit=5`)).body.data.map(
    (e: { action: string }) => e.action,
  );
  expect(actions.slice(0, 2)).toEqual(['project.restored', 'project.deleted']);
  // Leave nothing behind: the project goes to the trash again.
  const now = (await api(page, 'GET', `/projects/${id}`)).body.version;
  expect((await api(page, 'DELETE', `/projects/${id}?version=${now}`)).status).toBe(200);
});

test('settings: accessible in light and dark', async ({ page }) => {
  await page.goto(demoPath('test', '/settings'));
  await expect(page.getByLabel('Project name')).toHaveValue('Demo Game');
  await expectAccessible(page);
});

test('settings: an unknown project is not found', async ({ page }) => {
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/settings');
  await expect(page.getByText('No such project')).toBeVisible();
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('settings: read only, no ownership, audit log or deletion', async ({ page }) => {
    await page.goto(demoPath('test', '/settings'));
    await expect(page.getByLabel('Project name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save name' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Ownership' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Audit log' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete project' })).toHaveCount(0);
    // The API refuses the viewer too.
    const project = await api(page, 'GET', `/projects/${DEMO_PROJECT}`);
    const rename = await api(page, 'PATCH', `/projects/${DEMO_PROJECT}`, {
      name: 'Mine',
      version: project.body.version,
    });
    expect(rename.status).toBe(403);
  });
});

test('settings: transfer ownership to another member; afterwards they are an owner and you an admin', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A project of its own with a second member (invited, link accepted), so the transfer changes nothing else.
  const id = await ownProject(page, 'Ownership e2e');
  const email = uniqueEmail('next-owner');
  expect((await api(page, 'POST', `/projects/${id}/members`, { email, role: 'developer' })).status).toBe(201);
  const nextOwner = await acceptInvite(email, id);

  await page.goto(`/${id}/test/settings`);
  const ownership = page.getByRole('region', { name: 'Ownership' });
  await ownership.getByLabel('New owner').selectOption({ label: `${email} — developer` });
  await ownership.getByRole('button', { name: 'Transfer ownership' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Make ${email} the owner?` });
  await confirm.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(page.getByText('You are now an admin of this project')).toBeVisible();

  // The roles afterwards, as the API has them.
  const members = await api(page, 'GET', `/projects/${id}/members`);
  const roleOf = (e: string) => members.body.data.find((m: { email: string }) => m.email === e)?.role;
  expect(roleOf(email)).toBe('owner');
  expect(roleOf('demo@example.com')).toBe('admin');
  expect((await api(page, 'GET', `/projects/${id}`)).body.role).toBe('admin');
  // The page follows the new role: an admin has no ownership or deletion, but still the audit log.
  await expect(page.getByRole('region', { name: 'Ownership' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete project' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Audit log' })).toBeVisible();
  expect((await api(page, 'DELETE', `/projects/${id}`)).status).toBe(403);

  // The new owner can do what owners do: delete the project.
  const asNewOwner = await fetch(`${E2E.baseURL}/api/v1/projects/${id}`, {
    headers: { Authorization: `Bearer ${nextOwner}` },
  });
  const seen = (await asNewOwner.json()) as { role: string; version: number };
  expect(seen.role).toBe('owner');
  const deleted = await fetch(`${E2E.baseURL}/api/v1/projects/${id}?version=${seen.version}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${nextOwner}` },
  });
  // Deleting moves the project to the trash (docs/api.md "Project trash").
  expect(deleted.status).toBe(200);
});
