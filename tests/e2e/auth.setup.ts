import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test as setup, HOME_URL } from './fixtures';
import { AUTH_STORAGE_KEY } from '../../src/shared/auth-storage';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts';
import { DEMO_STORAGE_STATE, VIEWER_STORAGE_STATE } from './auth/state';

// Signs the demo account (owner) and the viewer in once each through the real login page; tests reuse the sessions.
for (const [who, file] of [
  ['demo', DEMO_STORAGE_STATE],
  ['viewer', VIEWER_STORAGE_STATE],
] as const) {
  setup(`sign in the ${who} account`, async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS[who], file);
  });
}

async function signIn(page: Page, account: { email: string; password: string }, file: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(HOME_URL);
  // Keep only the session: other keys (analytics state of this headless run, saved project) must not leak into tests.
  const state = await page.context().storageState();
  state.origins = state.origins.map((o) => ({
    ...o,
    localStorage: o.localStorage.filter((e) => e.name === AUTH_STORAGE_KEY),
  }));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state, null, 2));
}
