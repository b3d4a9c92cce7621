import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { E2E } from '../ports';
import { SIGNED_OUT, hydrated, registerAndConfirm, signIn, uniqueEmail } from '../auth/helpers';
import { dataRows } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';

/**
 * Issue 19 item 5, "Invites always arrive and say what they are": one email per invite, naming the project, the role
 * and who invited: a new address gets the auth server's invite (the emulator's inbox), an existing account the
 * dashboard's own notification (the local SMTP inbox). Both links end in a membership with the role; the toast says
 * which email went where; the acceptance page is titled for the invite.
 */
const SHOTS = 'tests/.artifacts/screenshots';
const row = (page: Page, text: string) => page.locator('tbody tr[data-row]').filter({ hasText: text });

interface AuthMail {
  subject: string;
  text: string;
  type: string;
  links: string[];
}
async function authInbox(to: string): Promise<AuthMail[]> {
  return (await fetch(`${E2E.authURL}/inbox/api/messages?to=${encodeURIComponent(to)}`)).json() as Promise<AuthMail[]>;
}
interface SmtpMail {
  subject: string;
  text: string;
  html: string;
}
async function smtpInbox(to: string): Promise<SmtpMail[]> {
  const res = await fetch(`${E2E.smtpInboxURL}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: SmtpMail[] }).messages;
}
/** Polls until `read` answers `n` messages, then returns them. */
async function arrived<T>(read: () => Promise<T[]>, n = 1): Promise<T[]> {
  let got: T[] = [];
  await expect.poll(async () => (got = await read()).length, { timeout: 10_000 }).toBe(n);
  return got;
}
/** Errors thrown on a page of another browser context (the fixture watches only the test's own page). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
const relative = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/** Light and dark at 1280 and 390 px wide, saved to be looked at; the page never scrolls sideways. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('invites: a new address and an existing account each get one email naming the project, the role and who invited; both links end in a membership with the role', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const projectId = await ownProject(page, 'Invites e2e');
  const project = await apiAsUser(page, 'GET', `/projects/${projectId}`);
  const projectName = project.body.name as string;
  const newEmail = uniqueEmail('invite-new');
  const existingEmail = uniqueEmail('invite-existing');

  // An existing account: registered and confirmed through the pages, in its own browser.
  const existing = await (browser as Browser).newContext({ storageState: SIGNED_OUT });
  await registerAndConfirm(await existing.newPage(), existingEmail, 'existing-password');
  await existing.close();
  const authMailBefore = (await authInbox(existingEmail)).length;

  // The owner invites both as developers: the dialog and the toast say which email went where.
  await page.goto(`/${projectId}/test/settings/members`);
  await dataRows(page);
  await page.getByRole('button', { name: 'Invite members' }).click();
  const form = page.getByRole('dialog', { name: 'Invite members' });
  await form.getByLabel('Email addresses').fill(`${newEmail}\n${existingEmail}`);
  await form.getByLabel('Role').selectOption('developer');
  await form.getByRole('button', { name: 'Send invites' }).click();
  const outcomes = form.getByRole('list', { name: 'Invites' });
  await expect(outcomes).toContainText(`${newEmail} was emailed an invite`);
  await expect(outcomes).toContainText(
    `${existingEmail} already has an account: we emailed them a link to sign in and join`,
  );
  await expect(
    page.getByText('1 new address emailed an invite; 1 existing account emailed a sign-in link'),
  ).toBeVisible();
  await shoot(page, 'invites-dialog');
  await page.keyboard.press('Escape');
  await expect(row(page, newEmail)).toContainText('Sent');
  await expect(row(page, existingEmail)).toContainText('Sign-in link sent');

  // One email each, never two: the auth server's invite to the new address, the dashboard's to the existing account.
  const [invite] = await arrived(() => authInbox(newEmail));
  expect(await smtpInbox(newEmail)).toHaveLength(0);
  expect(invite!.type).toBe('invite');
  expect(invite!.subject).toBe(`demo@example.com invited you to ${projectName}`);
  expect(invite!.text).toContain(`demo@example.com invited you to join ${projectName} as a developer.`);
  const [notice] = await arrived(() => smtpInbox(existingEmail));
  expect(await authInbox(existingEmail)).toHaveLength(authMailBefore);
  expect(notice!.subject).toBe(`demo@example.com invited you to ${projectName}`);
  expect(notice!.text).toContain(`demo@example.com invited you to join ${projectName} as a developer.`);

  // The new address: the acceptance page is titled for the invite and names the project, the role and the inviter.
  const invitee = await (browser as Browser).newContext({ storageState: SIGNED_OUT });
  try {
    const other = await invitee.newPage();
    const errors = pageErrors(other);
    await other.goto(relative(invite!.links.find((l) => l.includes('/auth/confirm'))!));
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Join ${projectName}`);
    await expect(other).toHaveTitle(`Join ${projectName} · Dashboard`);
    await expect(other.getByRole('status')).toHaveText(
      `demo@example.com invited you to join ${projectName} as a developer. Choose a password to accept.`,
    );
    await hydrated(other);
    await shoot(other, 'invites-accept');
    await other.getByLabel('Password').fill('invitee-password');
    await other.getByRole('button', { name: `Set password and join ${projectName}` }).click();
    await expect(other).toHaveURL(`/${projectId}/test`);
    expect((await apiAsUser(other, 'GET', `/projects/${projectId}`)).body.role).toBe('developer');

    // The same link again: used, so the page says the invite link does not work and what to do.
    await other.goto(relative(invite!.links.find((l) => l.includes('/auth/confirm'))!));
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('This invite link does not work');
    await expect(other.getByRole('alert')).toContainText('ask the person who invited you to send the invite again');
    await expect(other.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
    await shoot(other, 'invites-link-used');
    expect(errors).toEqual([]);
  } finally {
    await invitee.close();
  }

  // The existing account: the link signs them in and opens the project, where the invite becomes their membership.
  const link = /https?:\/\/\S+\/auth\/login\?\S+/.exec(notice!.text)![0];
  expect(link).toContain(`redirectTo=${encodeURIComponent(`/${projectId}`)}&invite=inv_`);
  const member = await (browser as Browser).newContext({ storageState: SIGNED_OUT });
  try {
    const other = await member.newPage();
    const errors = pageErrors(other);
    // The sign-in page it opens is titled for the invite too.
    await other.goto(relative(link));
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Join ${projectName}`);
    await expect(other.getByRole('status')).toHaveText(
      `demo@example.com invited you to join ${projectName} as a developer. Sign in to accept.`,
    );
    await shoot(other, 'invites-sign-in');
    await signIn(other, existingEmail, 'existing-password', relative(link));
    // The project opens in its default mode (`/{projectId}` forwards there).
    await expect(other).toHaveURL(`/${projectId}/test`);
    await expect(other.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect((await apiAsUser(other, 'GET', `/projects/${projectId}`)).body.role).toBe('developer');
    expect(errors).toEqual([]);
  } finally {
    await member.close();
  }

  // The owner sees two developers.
  await page.reload();
  await expect(row(page, newEmail)).toContainText('Active');
  await expect(row(page, newEmail)).toContainText('Developer');
  await expect(row(page, existingEmail)).toContainText('Active');
  await expect(row(page, existingEmail)).toContainText('Developer');
});
