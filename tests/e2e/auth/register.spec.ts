import { expect, test, HOME_URL } from '../fixtures';
import { hydrated, latestEmail, linkPath, registerAndConfirm, uniqueEmail } from './helpers';

test.use({ session: null });

test('register → inbox → confirm link → user info → dashboard', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/auth/register');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await registerAndConfirm(page, email, 'a fine long password');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Company').fill('Analytical Engines');
  await page.getByLabel('Role in the team').selectOption('Engineering');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const meta = await page.evaluate(
    () => JSON.parse(localStorage.getItem('dashboard:auth') ?? '{}').user?.user_metadata,
  );
  expect(meta).toMatchObject({
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: 'Analytical Engines',
    role: 'Engineering',
  });
});

test('a used confirmation link explains why and offers to resend', async ({ page, context }) => {
  const email = uniqueEmail('reuse');
  await registerAndConfirm(page, email, 'a fine long password');
  const link = linkPath(await latestEmail(email, 'signup'), '/auth/confirm');
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByRole('status')).toContainText('Check your inbox');
});

test('an unknown confirmation type is a clear error', async ({ page }) => {
  await page.goto('/auth/confirm?token_hash=abc&type=magic');
  await expect(page.getByRole('alert')).toHaveText('Unknown confirmation type "magic": expected "signup" or "invite".');
});
