import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { E2E } from '../ports';

/** A browser with nothing stored: a second, signed-out context (`browser.newContext({ storageState: SIGNED_OUT })`). */
export const SIGNED_OUT = { cookies: [], origins: [] };

/** A fresh address for one test. */
export function uniqueEmail(tag = 'e2e'): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

interface InboxMessage {
  to: string;
  type: string;
  links: string[];
  token_hash: string;
  created_at: string;
}

/** The newest email of `type` sent to `email` (polls the emulator's inbox). */
export async function latestEmail(email: string, type: string): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (
          await fetch(`${E2E.authURL}/inbox/api/messages?to=${encodeURIComponent(email)}`)
        ).json()) as InboxMessage[];
        found = messages.find((m) => m.type === type);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The email's link, made relative to the site (the emulator writes absolute links to the e2e origin). */
export function linkPath(message: InboxMessage, contains: string): string {
  const link = message.links.find((l) => l.includes(contains));
  if (!link) throw new Error(`no link with ${contains} in ${JSON.stringify(message.links)}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Waits until every island on the page has hydrated (a click before that would submit the plain HTML form). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island').length > 0 && !document.querySelector('astro-island[ssr]'),
  );
}

/** Signs in through the login page. */
export async function signIn(page: Page, email: string, password: string, path = '/auth/login'): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Registers and confirms a new account through the pages; ends on /auth/user-info. */
export async function registerAndConfirm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/register');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  const message = await latestEmail(email, 'signup');
  await page.goto(linkPath(message, '/auth/confirm'));
  await expect(page).toHaveURL('/auth/user-info');
  await hydrated(page);
}
