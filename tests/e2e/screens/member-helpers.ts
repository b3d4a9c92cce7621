import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { E2E } from '../ports';
import { AUTH_STORAGE_KEY } from '../../../src/shared/auth-storage';
import { LOCAL_ANON_KEY } from '../../../dev/auth-emulator/config';
import { latestEmail } from '../auth/helpers';

/** Calls the data API as the signed-in browser user. */
export async function apiAsUser(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body, key }) => {
      const token = JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body, key: AUTH_STORAGE_KEY },
  );
}

/** A project of the test's own (owned by the signed-in account), so its members change nothing another test reads. */
export async function ownProject(page: Page, name: string): Promise<string> {
  await page.goto('/');
  const created = await apiAsUser(page, 'POST', '/projects', { name: `${name} ${Date.now()}` });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/**
 * Accepts the invite emailed to `email` the way its link does, over the emulator's HTTP API (verify the link's token,
 * choose a password), then opens the project, which turns the invite into a membership. Returns the access token.
 */
export async function acceptInvite(email: string, projectId: string): Promise<string> {
  const message = await latestEmail(email, 'invite');
  const headers = { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' };
  const verified = await fetch(`${E2E.authURL}/auth/v1/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'invite', token_hash: message.token_hash }),
  });
  expect(verified.status).toBe(200);
  const session = (await verified.json()) as { access_token: string };
  const auth = { ...headers, Authorization: `Bearer ${session.access_token}` };
  await fetch(`${E2E.authURL}/auth/v1/user`, { method: 'PUT', headers: auth, body: '{"password":"member-password"}' });
  const opened = await fetch(`${E2E.baseURL}/api/v1/projects/${projectId}`, { headers: auth });
  expect(opened.status).toBe(200);
  return session.access_token;
}
