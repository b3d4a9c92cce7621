import type { Page } from '@playwright/test';
import { expect, HOME_URL } from '../fixtures';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';
import { apiAsUser } from './member-helpers';

/** Signs the demo project's developer (Dave Dev) in through the login page. */
export async function signInAsDeveloper(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.developer.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.developer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(HOME_URL);
}

/** PATCHes one auth settings object at its current version, as the signed-in user. */
export async function patchSettings(page: Page, modePath: string, kind: string, body: Record<string, unknown>) {
  const cur = await apiAsUser(page, 'GET', `${modePath}/auth/${kind}`);
  return apiAsUser(page, 'PATCH', `${modePath}/auth/${kind}`, { ...body, version: cur.body.version });
}

/** Validation details of an API answer as `{ path: message }`. */
export function detailsOf(body: { error?: { details?: { path: string; message: string }[] } }) {
  return Object.fromEntries((body.error?.details ?? []).map((d) => [d.path, d.message]));
}
