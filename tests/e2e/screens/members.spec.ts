import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { E2E } from '../ports';
import { SIGNED_OUT, hydrated, latestEmail, linkPath, uniqueEmail } from '../auth/helpers';
import { DEMO_PROJECT, dataRows, demoPath, expectAccessible } from './helpers';
import { acceptInvite, apiAsUser as api, ownProject } from './member-helpers';

const MEMBERS = demoPath('test', '/settings/members');
const membersOf = (projectId: string) => `/${projectId}/test/settings/members`;

const row = (page: Page, text: string) => page.locator('#main tbody tr[data-row]').filter({ hasText: text });

test('members: the team with names and roles, pending invites with their expiry; filters, search and sort in the URL; accessible', async ({
  page,
}) => {
  await page.goto(MEMBERS);
  await dataRows(page);
  await expect(row(page, 'Alice Admin')).toContainText('alice.admin@example.com');
  await expect(row(page, 'Alice Admin')).toContainText('Admin');
  await expect(row(page, 'Dave Developer')).toContainText('Developer');
  await expect(row(page, 'Vera Viewer')).toContainText('Viewer');
  await expect(row(page, 'demo@example.com')).toContainText('You');
  await expect(row(page, 'demo@example.com')).toContainText('Owner');
  await expect(row(page, 'new.hire@example.com')).toContainText(/Pending\s*expires in \d+ h/);
  // No raw user ids anywhere on the page.
  await expect(page.locator('main')).not.toContainText('5b2a1f0e-');

  // Filters and search are in the URL, as the API takes them.
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Pending', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*status/);
  await expect(page.locator('#main tbody tr[data-row]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear Status filter' }).click();
  await page.getByRole('searchbox').fill('vera');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/nameOrEmail/);
  await expect(page.locator('#main tbody tr[data-row]')).toHaveCount(1);
  await expect(row(page, 'Vera Viewer')).toBeVisible();
  await page.goBack();
  await expect(page.locator('#main tbody tr[data-row]')).toHaveCount(5);
  await page.getByRole('button', { name: /^Role/ }).first().click();
  await page.getByRole('menuitemcheckbox', { name: 'Developer', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#main tbody tr[data-row]')).toHaveCount(2); // Dave and the pending new hire
  await page.getByRole('button', { name: 'Clear Role filter' }).click();
  await page.getByRole('columnheader', { name: /Role/ }).getByRole('button').click();
  await expect(page).toHaveURL(/order=role%3Adesc/);
  await expect(page.locator('#main tbody tr[data-row]').first()).toContainText('Owner');

  await expectAccessible(page);
  // The invite form and a member's dialog, keyboard only: Enter on a focused row opens it.
  await page.getByRole('button', { name: 'Invite members' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite members' });
  await expect(invite.getByLabel('Email addresses')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await row(page, 'Alice Admin').focus();
  await page.keyboard.press('Enter');
  const alice = page.getByRole('dialog', { name: 'Alice Admin' });
  await expect(alice.getByLabel('Change role')).toHaveValue('admin');
  await expectAccessible(page);
});

test('members: invite by email in the UI; the emulator inbox link sets a password and opens the project as a developer, who sees no member controls and is refused by the API', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const projectId = await ownProject(page, 'Members invite e2e');
  await page.goto(membersOf(projectId));
  await dataRows(page);
  const email = uniqueEmail('invitee');

  // Two addresses at once: one is not an address. The good one goes; the bad one stays typed, with the API's message.
  await page.getByRole('button', { name: 'Invite members' }).click();
  const form = page.getByRole('dialog', { name: 'Invite members' });
  await form.getByLabel('Email addresses').fill(`${email}, not-an-address`);
  await form.getByLabel('Role').selectOption('developer');
  await form.getByRole('button', { name: 'Send invites' }).click();
  await expect(form.getByText('not-an-address: Invalid email address')).toBeVisible();
  await expect(form.getByLabel('Email addresses')).toHaveValue('not-an-address');
  await expect(form.getByLabel('Email addresses')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('list', { name: 'Invites' })).toContainText(`${email} was emailed an invite`);
  await expect(page.getByText('1 of 2 addresses not invited')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row(page, email)).toContainText('Pending');
  await expect(row(page, email)).toContainText('Sent');
  await expect(row(page, email)).toContainText('Developer');

  // More than 10 at once is refused at the field before anything is sent.
  await page.getByRole('button', { name: 'Invite members' }).click();
  await form
    .getByLabel('Email addresses')
    .fill(Array.from({ length: 11 }, (_, i) => `many-${i}@example.com`).join('\n'));
  await form.getByRole('button', { name: 'Send invites' }).click();
  await expect(form.getByText('Invite at most 10 addresses at once (there are 11)')).toBeVisible();
  await page.keyboard.press('Escape');

  // The invitee: the email in the emulator's inbox, its link, a password, and the project.
  const message = await latestEmail(email, 'invite');
  const invitee = await (browser as Browser).newContext({ storageState: SIGNED_OUT });
  try {
    const other = await invitee.newPage();
    await other.goto(linkPath(message, '/auth/confirm'));
    await expect(other.getByRole('status')).toContainText('as a developer. Choose a password to accept.');
    await hydrated(other);
    await other.getByLabel('Password').fill('invitee-password');
    await other.getByRole('button', { name: /^Set password and join Members invite e2e/ }).click();
    await expect(other).toHaveURL(`/${projectId}/test`);
    await expect(other.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    // As a developer: the list, without any member control; the API refuses member changes.
    await other.goto(membersOf(projectId));
    await expect(other.getByText('Admins and owners invite members and change their roles.')).toBeVisible();
    await expect(row(other, email)).toContainText('You');
    await expect(row(other, email)).toContainText('Developer');
    await expect(other.getByRole('button', { name: 'Invite members' })).toHaveCount(0);
    await row(other, 'demo@example.com').click();
    const ownerDialog = other.getByRole('dialog', { name: 'demo@example.com' });
    await expect(ownerDialog).toContainText('Owner');
    await expect(ownerDialog.getByLabel('Change role')).toHaveCount(0);
    await expect(ownerDialog.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    const members = await api(other, 'GET', `/projects/${projectId}/members`);
    const owner = members.body.data.find((m: { role: string }) => m.role === 'owner');
    expect(
      (await api(other, 'POST', `/projects/${projectId}/members`, { email: 'x@example.com', role: 'viewer' })).status,
    ).toBe(403);
    expect(
      (await api(other, 'PATCH', `/projects/${projectId}/members/${owner.userId}`, { role: 'viewer', version: 1 }))
        .status,
    ).toBe(403);
    expect((await api(other, 'DELETE', `/projects/${projectId}/members/${owner.userId}`)).status).toBe(403);
  } finally {
    await invitee.close();
  }

  // The owner sees the invite became a member.
  await page.reload();
  await expect(row(page, email)).toContainText('Active');
  await expect(row(page, email)).toContainText('Developer');
  expect((await api(page, 'DELETE', `/projects/${projectId}?version=1`)).status).toBe(200);
});

test('members: change a role, the last owner is neither demoted nor removed (409), remove a member, resend and revoke an invite', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const projectId = await ownProject(page, 'Members roles e2e');
  const member = uniqueEmail('member');
  const pending = uniqueEmail('pending');
  for (const email of [member, pending])
    expect((await api(page, 'POST', `/projects/${projectId}/members`, { email, role: 'developer' })).status).toBe(201);
  await acceptInvite(member, projectId);
  await page.goto(membersOf(projectId));
  await expect(row(page, member)).toContainText('Active');

  // The last owner: the API's 409, shown where it happened.
  await row(page, 'demo@example.com').click();
  const me = page.getByRole('dialog', { name: 'demo@example.com' });
  await me.getByLabel('Change role').selectOption('admin');
  await me.getByRole('button', { name: 'Save role' }).click();
  await expect(me.getByRole('alert')).toHaveText('A project needs at least one owner: make someone else owner first');
  await me.getByRole('button', { name: 'Leave project' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave project' }).click();
  await expect(me.getByRole('alert').filter({ hasText: 'at least one owner' })).toHaveCount(2);
  // Still here: leaving was refused, so the page did not go home.
  await expect(page).toHaveURL(new RegExp(`${membersOf(projectId)}(\\?|$)`));
  await me.getByRole('button', { name: 'Close' }).click();

  // Change a member's role, then remove them.
  await row(page, member).click();
  const dialog = page.getByRole('dialog', { name: member });
  await dialog.getByLabel('Change role').selectOption('viewer');
  await expect(dialog.getByText('Reads everything in the project except API keys')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText(`${member} is now viewer`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save role' })).toBeDisabled();
  await expect(row(page, member)).toContainText('Viewer');
  await dialog.getByRole('button', { name: 'Remove from project' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText(`${member} removed`)).toBeVisible();
  await expect(row(page, member)).toHaveCount(0);

  // The pending invite: resend (a second email), then revoke.
  await row(page, pending).click();
  const inv = page.getByRole('dialog', { name: pending });
  await expect(inv).toContainText(/expires in 23 h|expires in 24 h/);
  await inv.getByRole('button', { name: 'Resend invite' }).click();
  await expect(page.getByText(`Invite sent again to ${pending}`)).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${E2E.authURL}/inbox/api/messages?to=${encodeURIComponent(pending)}`)).json()) as [])
          .length,
    )
    .toBe(2);
  await inv.getByRole('button', { name: 'Revoke invite' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke invite' }).click();
  await expect(page.getByText(`Invite to ${pending} revoked`)).toBeVisible();
  await expect(row(page, pending)).toHaveCount(0);
  // The audit log has it all.
  const audit = await api(page, 'GET', `/projects/${projectId}/audit-log?limit=50`);
  const actions = audit.body.data.map((e: { action: string }) => e.action);
  for (const a of [
    'member.invited',
    'member.role_changed',
    'member.removed',
    'member.invite_resent',
    'member.invite_canceled',
  ])
    expect(actions).toContain(a);
  expect((await api(page, 'DELETE', `/projects/${projectId}?version=1`)).status).toBe(200);
});

test('members: an unknown project is not found', async ({ page }) => {
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/settings/members');
  await expect(page.getByText('No such project')).toBeVisible();
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('members: the list without member controls; the API refuses a viewer (403)', async ({ page }) => {
    await page.goto(MEMBERS);
    await expect(page.getByText('Admins and owners invite members and change their roles.')).toBeVisible();
    await expect(row(page, 'Vera Viewer')).toContainText('You');
    await expect(page.getByRole('button', { name: 'Invite members' })).toHaveCount(0);
    await row(page, 'new.hire@example.com').click();
    const invite = page.getByRole('dialog', { name: 'new.hire@example.com' });
    await expect(invite).toContainText('Pending');
    await expect(invite.getByRole('button', { name: 'Resend invite' })).toHaveCount(0);
    await expect(invite.getByRole('button', { name: 'Revoke invite' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await row(page, 'Dave Developer').click();
    await expect(page.getByRole('dialog', { name: 'Dave Developer' }).getByLabel('Change role')).toHaveCount(0);

    const list = await api(page, 'GET', `/projects/${DEMO_PROJECT}/members`);
    const dave = list.body.data.find((m: { email: string }) => m.email === 'dave.dev@example.com');
    const invited = list.body.data.find((m: { email: string }) => m.email === 'new.hire@example.com');
    const base = `/projects/${DEMO_PROJECT}/members`;
    expect((await api(page, 'POST', base, { email: 'nope@example.com', role: 'viewer' })).status).toBe(403);
    expect((await api(page, 'PATCH', `${base}/${dave.userId}`, { role: 'viewer', version: dave.version })).status).toBe(
      403,
    );
    expect((await api(page, 'DELETE', `${base}/${dave.userId}`)).status).toBe(403);
    expect((await api(page, 'POST', `${base}/invites/${invited.inviteId}/resend`)).status).toBe(403);
    expect((await api(page, 'DELETE', `${base}/invites/${invited.inviteId}`)).status).toBe(403);
  });
});
