import { TOTP } from 'otpauth';
import { expect, test, HOME_URL } from '../fixtures';
import { registerAndConfirm, signIn, uniqueEmail } from './helpers';

test.use({ session: null });

const code = (secret: string) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();

test('enroll TOTP on the profile → sign out → sign in asks for the code → dashboard', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('mfa');
  const password = 'mfa user password';
  await registerAndConfirm(page, email, password);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(HOME_URL);

  await page.goto('/profile');
  await expect(page.getByText('No authenticator app is set up.')).toBeVisible();
  await page.getByLabel('Name for the new app').fill('Work phone');
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill('000000' === code(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not correct');
  await page.getByLabel('Code from the app').fill(code(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Work phone' });
  await expect(row).toContainText('TOTP');
  await expect(row).toContainText('verified');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await signIn(page, email, password, '/auth/login?redirectTo=%2Fprofile');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  // Until the code is given, the dashboard sends back to the code step.
  await page.getByLabel('Authentication code').fill(code(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('row').filter({ hasText: 'Work phone' })).toBeVisible();
});

test('an aal1 session of a user with a factor is sent to the code step by the dashboard gate', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('mfa-gate');
  const password = 'mfa gate password';
  await registerAndConfirm(page, email, password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(code(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'verified' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // Password accepted, then the user leaves the code step for a dashboard page.
  await signIn(page, email, password);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.goto('/profile?tab=security');
  await expect(page).toHaveURL(`/auth/login?step=mfa&redirectTo=${encodeURIComponent('/profile?tab=security')}`);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.getByLabel('Authentication code').fill(code(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/profile?tab=security');
});
