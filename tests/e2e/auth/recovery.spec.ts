import { expect, test, HOME_URL } from '../fixtures';
import { hydrated, latestEmail, linkPath, registerAndConfirm, signIn, uniqueEmail } from './helpers';

test.use({ session: null });

test('forgot → inbox → reset → sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('recover');
  await registerAndConfirm(page, email, 'the first password');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);
  const link = linkPath(await latestEmail(email, 'recovery'), '/auth/reset-password');
  expect(link).toContain('type=recovery');
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel('New password', { exact: true }).fill('the second password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/auth/login');
  await signIn(page, email, 'the first password');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password').fill('the second password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(HOME_URL);
});

test('the forgot-password answer is the same for an unknown email', async ({ page }) => {
  const email = uniqueEmail('nobody');
  await page.goto('/auth/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);
});

test('an invalid reset link says so', async ({ page }) => {
  await page.goto('/auth/reset-password?token_hash=nope&type=recovery');
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
