import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { E2E } from '../ports';
import { DEMO_PROJECT, demoPath, expectAccessible } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';
import { detailsOf, patchSettings, signInAsDeveloper } from './auth-settings-helpers';
import { DEMO_ACCOUNTS } from '../../../src/shared/demo-accounts';
import { LOCAL_SMTP } from '../../../dev/smtp-inbox/config';

/**
 * Custom SMTP (docs/api.md "Custom SMTP"): the form, and "Send test email" through the e2e stack's real local SMTP
 * server (dev/smtp-inbox), whose inbox the tests read over its JSON (`/api/messages`).
 */

interface InboxMessage {
  subject: string;
  html: string | null;
  text: string | null;
  from: string;
  rcptTo: string[];
}
async function inbox(to: string): Promise<InboxMessage[]> {
  const res = await fetch(`${E2E.smtpInboxURL}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: InboxMessage[] }).messages;
}

const save = (page: Page) => page.getByRole('button', { name: 'Save SMTP settings' }).click();
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send test email' });
const result = (page: Page) => page.locator('[data-test-result]');

/** Fills the whole form for the local SMTP server; `change` overrides single fields by label. */
async function fillLocal(page: Page, change: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    Host: '127.0.0.1',
    Port: String(E2E.smtpPort),
    'User name': LOCAL_SMTP.user,
    Password: LOCAL_SMTP.password,
    'Sender name': 'Nebula Quest',
    'Sender address': 'no-reply@nebula.test',
    ...change,
  };
  const enable = page.getByRole('switch', { name: 'Enable custom SMTP' });
  if ((await enable.getAttribute('aria-checked')) !== 'true') await enable.click();
  await page.getByLabel('TLS', { exact: true }).selectOption(change.TLS ?? 'none');
  // A stored password shows only its hint: replace it to type one.
  const replace = page.getByRole('button', { name: 'Replace password' });
  if (await replace.count()) await replace.click();
  for (const [label, value] of Object.entries(values)) {
    if (label === 'TLS') continue;
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

test('custom SMTP: a valid save; the password is never shown again; the test email arrives rendered', async ({
  page,
}) => {
  const id = await ownProject(page, 'SMTP e2e');
  // The verification template with every variable, to see it rendered in the received message.
  const templates = await patchSettings(page, `/projects/${id}/test`, 'email-templates', {
    emailVerification: {
      subject: 'Verify {{email}} for {{projectName}}',
      body: '<h1>Welcome to {{projectName}}</h1><p>Your code: <b>{{code}}</b></p><p><a href="{{link}}">Verify</a></p>',
    },
  });
  expect(templates.status).toBe(200);
  await page.goto(`/${id}/test/email-templates/custom-smtp`);
  await expect(sendButton(page)).toBeDisabled();
  await expect(page.getByText('Save a server and a sender address first.')).toBeVisible();

  await fillLocal(page);
  // Unsaved changes: the test would use the saved settings, so it waits for the save.
  await expect(page.getByText('Save your changes first: the test email uses the saved settings.')).toBeVisible();
  await save(page);
  await expect(page.getByText('SMTP settings saved').first()).toBeVisible();
  await expect(page.getByText('••••word')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace password' })).toBeVisible();
  expect(await page.content()).not.toContain(LOCAL_SMTP.password);

  await page.reload();
  await expect(page.getByText('••••word')).toBeVisible();
  await expect(page.getByLabel('Host', { exact: true })).toHaveValue('127.0.0.1');
  await expect(page.getByLabel('TLS', { exact: true })).toHaveValue('none');
  await expect(page.getByRole('switch', { name: 'Enable custom SMTP' })).toHaveAttribute('aria-checked', 'true');
  expect(await page.content()).not.toContain(LOCAL_SMTP.password);
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/smtp`);
  expect(JSON.stringify(read.body)).not.toContain(LOCAL_SMTP.password);
  expect(read.body.data).toMatchObject({
    enabled: true,
    host: '127.0.0.1',
    port: E2E.smtpPort,
    user: LOCAL_SMTP.user,
    from: 'no-reply@nebula.test',
    fromName: 'Nebula Quest',
    tlsMode: 'none',
    passwordHint: '••••word',
  });

  // The recipient defaults to the signed-in user's own address; another one is typed here.
  await expect(page.getByLabel('Send to')).toHaveValue(DEMO_ACCOUNTS.demo.email);
  const to = `smtp-e2e-${Date.now()}@player.test`;
  await page.getByLabel('Send to').fill(to);
  await sendButton(page).click();
  await expect(result(page)).toHaveAttribute('data-test-result', 'ok');
  const projectName = (await apiAsUser(page, 'GET', `/projects/${id}`)).body.name as string;
  await expect(result(page)).toContainText(`Sent to ${to}: “Verify ${to} for ${projectName}”`);
  const [message, ...more] = await inbox(to);
  expect(more).toHaveLength(0);
  expect(message!.subject).toBe(`Verify ${to} for ${projectName}`);
  expect(message!.from).toBe('"Nebula Quest" <no-reply@nebula.test>');
  expect(message!.html).toContain(`<h1>Welcome to ${projectName}</h1><p>Your code: <b>482913</b></p>`);
  expect(message!.html).toContain('href="https://auth.example.com/verify?token_hash=5f2b8c1e9d&amp;type=email"');
  expect(message!.text).toContain('Your code: 482913');

  // Replace: a new password is typed, saved, and shown by its hint only.
  await page.getByRole('button', { name: 'Replace password' }).click();
  await page.getByLabel('Password', { exact: true }).fill('another-smtp-secret-7d7d');
  await save(page);
  await expect(page.getByText('SMTP settings saved').first()).toBeVisible();
  await expect(page.getByText('••••7d7d')).toBeVisible();
  expect(await page.content()).not.toContain('another-smtp-secret-7d7d');
});

/** Each rule: the field's label, what is typed, the message at it (from the form's rules or the API's). */
const INVALID: { what: string; change: Record<string, string>; field: string; message: string }[] = [
  {
    what: 'a host with a scheme',
    change: { Host: 'smtp://mail.example.com' },
    field: 'Host',
    message: 'without smtp://',
  },
  {
    what: 'a host with a port',
    change: { Host: 'mail.example.com:587' },
    field: 'Host',
    message: 'port in its own field',
  },
  { what: 'no host while enabled', change: { Host: '' }, field: 'Host', message: 'Enter the SMTP server' },
  { what: 'a private address (API: SSRF)', change: { Host: '10.0.0.7' }, field: 'Host', message: 'private address' },
  {
    what: 'the metadata address (API: SSRF)',
    change: { Host: '169.254.169.254' },
    field: 'Host',
    message: 'link-local',
  },
  { what: 'port 0', change: { Port: '0' }, field: 'Port', message: 'Enter a port from 1 to 65535' },
  { what: 'port 70000', change: { Port: '70000' }, field: 'Port', message: 'Enter a port from 1 to 65535' },
  { what: 'a short password', change: { Password: 'short' }, field: 'Password', message: 'at least 8 characters' },
  {
    what: 'a sender that is not an address',
    change: { 'Sender address': 'no-reply' },
    field: 'Sender address',
    message: 'Expected an email address',
  },
  {
    what: 'no sender while enabled',
    change: { 'Sender address': '' },
    field: 'Sender address',
    message: 'Enter the sender address',
  },
  {
    what: 'a sender name with quotes',
    change: { 'Sender name': 'Evil" <x@y.test>' },
    field: 'Sender name',
    message: 'Quotes',
  },
];

test('custom SMTP: each invalid input has its message at the field, and nothing is saved', async ({ page }) => {
  test.setTimeout(60_000);
  const id = await ownProject(page, 'SMTP invalid e2e');
  for (const c of INVALID) {
    await page.goto(`/${id}/test/email-templates/custom-smtp`);
    await fillLocal(page, c.change);
    await save(page);
    const field = page.getByLabel(c.field, { exact: true });
    await expect(field, c.what).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(c.message).first(), c.what).toBeVisible();
    await expect(field, c.what).toHaveValue(c.change[c.field]!);
  }
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/smtp`);
  expect(read.body.version).toBe(1);
  // The API's own answers at the same paths.
  const res = await patchSettings(page, `/projects/${id}/test`, 'smtp', {
    enabled: true,
    host: 'smtp://x',
    port: 0,
    from: 'no-reply',
    fromName: 'a"b',
    tlsMode: 'ssl',
  });
  expect(res.status).toBe(400);
  expect(detailsOf(res.body)).toMatchObject({
    host: 'Enter the host name only, without smtp:// or https://',
    port: 'Enter a port from 1 to 65535',
    from: 'Expected an email address such as no-reply@example.com',
    tlsMode: 'Choose none, STARTTLS or implicit TLS',
  });
});

/** Saved settings that reach the local server but fail there, and where the page says so. */
const FAILURES: { what: string; change: Record<string, string>; field: string; message: RegExp }[] = [
  {
    what: 'bad credentials',
    change: { Password: 'not-the-password' },
    field: 'Password',
    message: /refused the user name or password \(535/,
  },
  {
    what: 'a refused connection',
    change: { Port: String(E2E.smtpPort + 10_000) },
    field: 'Port',
    message: /refused the connection/,
  },
  {
    what: 'a TLS failure (STARTTLS, self-signed certificate)',
    change: { TLS: 'starttls' },
    field: 'TLS',
    message: /STARTTLS with 127\.0\.0\.1:\d+ failed/,
  },
  {
    what: 'a TLS failure (implicit TLS on a plain port)',
    change: { TLS: 'implicit' },
    field: 'TLS',
    message: /TLS handshake with 127\.0\.0\.1:\d+ failed/,
  },
];

test('custom SMTP: a send that fails says why, at the field it concerns, and nothing arrives', async ({ page }) => {
  test.setTimeout(60_000);
  const id = await ownProject(page, 'SMTP failures e2e');
  for (const f of FAILURES) {
    await page.goto(`/${id}/test/email-templates/custom-smtp`);
    await fillLocal(page, f.change);
    // Choosing a TLS mode moves a usual port along: keep the local server's port for the TLS cases.
    if (f.change.TLS) await page.getByLabel('Port', { exact: true }).fill(String(E2E.smtpPort));
    await save(page);
    await expect(page.getByText('SMTP settings saved').first(), f.what).toBeVisible();
    const to = `fail-${Date.now()}@player.test`;
    await page.getByLabel('Send to').fill(to);
    await sendButton(page).click();
    await expect(result(page), f.what).toHaveAttribute('data-test-result', 'failed');
    await expect(result(page), f.what).toContainText(f.message);
    // The same message at the field (under a stored password's hint, which has no input to mark invalid).
    await expect(page.getByText(f.message), f.what).toHaveCount(2);
    if (f.field !== 'Password')
      await expect(page.getByLabel(f.field, { exact: true }), f.what).toHaveAttribute('aria-invalid', 'true');
    expect(await inbox(to), f.what).toHaveLength(0);
  }
});

test('custom SMTP: the demo project is set up for the local SMTP inbox out of the box; accessible in light and dark', async ({
  page,
}) => {
  await page.goto(demoPath('test', '/email-templates/custom-smtp'));
  await expect(page.getByLabel('Host', { exact: true })).toHaveValue('127.0.0.1');
  await expect(page.getByText('••••word')).toBeVisible();
  const to = `demo-${Date.now()}@player.test`;
  await page.getByLabel('Send to').fill(to);
  await sendButton(page).click();
  await expect(result(page)).toHaveAttribute('data-test-result', 'ok');
  const [message] = await inbox(to);
  expect(message!.subject).toBe('Confirm your email');
  expect(message!.html).toContain('Your verification code is 482913.');
  expect(message!.from).toBe(`"${LOCAL_SMTP.fromName}" <${LOCAL_SMTP.from}>`);
  await expectAccessible(page);
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/email-templates/custom-smtp');
  await expect(page.getByText('No such project')).toBeVisible();
});

async function expectReadOnly(page: Page) {
  await page.goto(demoPath('test', '/email-templates/custom-smtp'));
  await expect(page.getByText('Only admins and owners can change authentication settings')).toBeVisible();
  await expect(page.getByLabel('Host', { exact: true })).toHaveValue('127.0.0.1');
  await expect(page.getByLabel('Host', { exact: true })).not.toBeEditable();
  await expect(page.getByRole('switch', { name: 'Enable custom SMTP' })).toBeDisabled();
  await expect(page.getByText('••••word')).toBeVisible();
  for (const name of ['Save SMTP settings', 'Send test email', /^Replace/])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  const res = await patchSettings(page, `/projects/${DEMO_PROJECT}/test`, 'smtp', { enabled: false });
  expect(res.status).toBe(403);
  const send = await apiAsUser(page, 'POST', `/projects/${DEMO_PROJECT}/test/auth/smtp/test`, { to: 'a@player.test' });
  expect(send.status).toBe(403);
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('custom SMTP: read only, and the API refuses', async ({ page }) => expectReadOnly(page));
});

test.describe('as a developer', () => {
  test.use({ session: null });
  test('custom SMTP: read only, and the API refuses', async ({ page }) => {
    await signInAsDeveloper(page);
    await expectReadOnly(page);
  });
});
