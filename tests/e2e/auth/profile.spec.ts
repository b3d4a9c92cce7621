import { TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, test, HOME_URL } from '../fixtures';
import { SIGNED_OUT, hydrated, registerAndConfirm, signIn, uniqueEmail } from './helpers';

test.use({ session: null });

const code = (secret: string) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/** A new confirmed account, signed in, on /profile. */
async function newAccount(page: Page, tag: string, password: string): Promise<string> {
  const email = uniqueEmail(tag);
  await registerAndConfirm(page, email, password);
  await page.goto('/profile');
  await hydrated(page);
  return email;
}

async function addAuthenticator(page: Page, name: string): Promise<string> {
  await page.getByLabel('Name for the new app').fill(name);
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(code(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('verified');
  return secret;
}

test('change the password: too short is refused, then the new one signs in and the old one does not', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = await newAccount(page, 'pw-change', 'first password');
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('New password').fill('short');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Use at least 8 characters.')).toBeVisible();
  await password.getByLabel('New password').fill('second password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(password.getByLabel('New password')).toHaveValue('');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/auth/login');
  await signIn(page, email, 'first password');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password').fill('second password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(HOME_URL);
});

test('rename a factor (kept after reload), then remove it after confirming; sign-in no longer asks for a code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await newAccount(page, 'factor-edit', 'factor edit password');
  await addAuthenticator(page, 'Work phone');
  const secret = await addAuthenticator(page, 'Tablet');

  await page.getByRole('button', { name: 'Rename Work phone' }).click();
  await page.getByLabel('New name for Work phone').fill('tablet');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Another factor already has this name.')).toBeVisible();
  await page.getByLabel('New name for Work phone').fill('Pixel 9');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Pixel 9' })).toContainText('TOTP');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Pixel 9' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Work phone' })).toHaveCount(0);

  // Cancel keeps the factor; confirming removes it.
  await page.getByRole('button', { name: 'Remove Pixel 9' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove "Pixel 9"?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Pixel 9' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Pixel 9' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Pixel 9' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Tablet' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No authenticator app is set up.')).toBeVisible();
  expect(secret).not.toBe('');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/auth/login');
  await signIn(page, email, 'factor edit password', '/auth/login?redirectTo=%2Fprofile');
  await expect(page).toHaveURL('/profile');
});

test('sign out of every device ends the other browsers’ sessions too', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = await newAccount(page, 'global-out', 'global out password');
  const other = await browser.newContext({ storageState: SIGNED_OUT });
  const otherPage = await other.newPage();
  await signIn(otherPage, email, 'global out password', '/auth/login?redirectTo=%2Fprofile');
  await expect(otherPage).toHaveURL('/profile');

  await page.getByRole('button', { name: 'Sign out of every device' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?success=/);
  await expect(page.getByRole('status')).toHaveText('You are signed out of every device.');

  // The other browser's session is gone on the auth server while its access token is unexpired: the API refuses it,
  // the refresh is refused, and the page leaves for sign-in with the session removed, to stay there (no loop back).
  await otherPage.goto('/');
  await expect(otherPage).toHaveURL('/auth/login?redirectTo=%2F');
  await expect(otherPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await otherPage.evaluate(() => localStorage.getItem('dashboard:auth'))).toBeNull();
  const loaded = await otherPage.evaluate(() => performance.timeOrigin);
  const navigations: string[] = [];
  otherPage.on('framenavigated', (f) => f === otherPage.mainFrame() && navigations.push(f.url()));
  await otherPage.waitForTimeout(1500);
  // No loop back: no other page, and this one not loaded again. The sign-in page's router, loaded at idle, updates the
  // history entry in place (`replaceState`), which Playwright also reports as the frame navigating, to the same URL.
  expect(navigations.filter((url) => new URL(url).pathname !== '/auth/login')).toEqual([]);
  expect(await otherPage.evaluate(() => performance.timeOrigin)).toBe(loaded);
  await other.close();
});

test('signing out in one tab sends the dashboard open in other tabs to the sign-in page', async ({ page }) => {
  test.setTimeout(60_000);
  await newAccount(page, 'tab-out', 'tab out password');
  // Two more tabs of the same browser on the projects home: one whose session watch has started (it waits for the
  // page to settle, src/page-scripts/auth-gate.ts), one opened just before the sign-out, whose watch has not.
  const settled = await page.context().newPage();
  await settled.goto('/');
  await expect(settled.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await settled.waitForTimeout(2500);
  const fresh = await page.context().newPage();
  await fresh.goto('/');
  await expect(fresh.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.bringToFront();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(settled).toHaveURL(/\/auth\/login/, { timeout: 15_000 });
  await expect(fresh).toHaveURL(/\/auth\/login/, { timeout: 15_000 });
});
