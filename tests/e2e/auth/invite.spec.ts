import { expect, test, HOME_URL } from '../fixtures';
import { E2E } from '../ports';
import { SAMPLE_PROJECT } from '../../route-samples';
import { LOCAL_SERVICE_ROLE_KEY } from '../../../dev/auth-emulator/config';
import { INVITED_PROJECT_KEY } from '../../../src/shared/invite';
import { hydrated, latestEmail, linkPath, signIn, uniqueEmail } from './helpers';

test.use({ session: null });

/** Invites `email` to `projectId` the way the dashboard does: Supabase Auth's admin invite with the project id. */
async function invite(email: string, projectId: string): Promise<void> {
  const response = await fetch(`${E2E.authURL}/auth/v1/invite`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
    },
    body: JSON.stringify({ email, data: { [INVITED_PROJECT_KEY]: projectId } }),
  });
  expect(response.status).toBe(200);
}

test('invite link → set a password → the invited project; the password then signs in', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('invited');
  await invite(email, SAMPLE_PROJECT);
  const message = await latestEmail(email, 'invite');
  await page.goto(linkPath(message, '/auth/confirm'));
  await expect(page.getByRole('status')).toHaveText('Your invitation is accepted. Choose a password to finish.');
  await expect(page).toHaveURL('/auth/confirm');
  await hydrated(page);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await page.getByLabel('Password').fill('invited password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(`/${SAMPLE_PROJECT}/test`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/auth/login');
  await signIn(page, email, 'invited password');
  await expect(page).toHaveURL(HOME_URL);
});

test('a used invite link explains why and offers a new one', async ({ page }) => {
  const email = uniqueEmail('invited-twice');
  await invite(email, SAMPLE_PROJECT);
  const link = linkPath(await latestEmail(email, 'invite'), '/auth/confirm');
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('Your invitation is accepted');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invite link does not work');
  await expect(page.getByRole('alert')).toContainText('Invite links work once and for 24 hours');
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
});
