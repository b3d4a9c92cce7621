import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from './fixtures';
import { AUTH_STORAGE_KEY } from '../../src/shared/auth-storage';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts';
import { DEMO_STORAGE_STATE } from './auth/helpers';

// Signs the demo account in once through the real login page; the default project reuses the stored session.
setup('sign in the demo account', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.demo.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  // Keep only the session: other keys (analytics state of this headless run, saved project) must not leak into tests.
  const state = await page.context().storageState();
  state.origins = state.origins.map((o) => ({
    ...o,
    localStorage: o.localStorage.filter((e) => e.name === AUTH_STORAGE_KEY),
  }));
  mkdirSync(path.dirname(DEMO_STORAGE_STATE), { recursive: true });
  writeFileSync(DEMO_STORAGE_STATE, JSON.stringify(state, null, 2));
});
