import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { test as base, expect } from '../fixtures';
import { DEMO_PROJECT, demoPath, expectAccessible } from './helpers';
import { apiAsUser, ownProject } from './member-helpers';
import { detailsOf, patchSettings, signInAsDeveloper } from './auth-settings-helpers';
import { EMAIL_TEMPLATE_DEFAULTS } from '../../../src/shared/email-templates';

const test = base;
const save = (page: Page) => page.getByRole('button', { name: 'Save email templates' }).click();
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const subject = (page: Page) => page.getByRole('textbox', { name: 'Subject' });
const body = (page: Page) => page.getByRole('textbox', { name: 'Body (HTML)' });
const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of the"]');

test('email templates: edit with the variables helper, save with its toast; reload and the API read it back', async ({
  page,
}) => {
  const id = await ownProject(page, 'Mail e2e');
  await page.goto(`/${id}/test/email-templates`);
  await expect(tab(page, 'Email verification')).toHaveAttribute('aria-selected', 'true');
  // Keyboard: arrows move between the templates.
  await tab(page, 'Email verification').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Invite')).toBeFocused();
  await expect(tab(page, 'Invite')).toHaveAttribute('aria-selected', 'true');

  await subject(page).fill('Join ');
  await page.getByRole('button', { name: 'Insert {{projectName}}' }).click();
  await expect(subject(page)).toHaveValue('Join {{projectName}}');
  await body(page).fill('<h1>Welcome</h1><p><a href="">Accept</a></p>');
  // The cursor inside href="": the link goes there.
  await body(page).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(28, 28));
  await page.getByRole('button', { name: 'Insert {{link}}' }).click();
  await expect(body(page)).toHaveValue('<h1>Welcome</h1><p><a href="{{link}}">Accept</a></p>');
  // The preview shows sample values, the subject with the project's name.
  await expect(page.getByTestId('preview-subject')).toHaveText(/^Join Mail e2e \d+$/);
  await expect(preview(page).getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(preview(page).getByRole('link', { name: 'Accept' })).toHaveAttribute(
    'href',
    /^https:\/\/auth\.example\.com\/verify\?token_hash=/,
  );
  await tab(page, 'Magic link').click();
  await subject(page).fill('Your link to {{projectName}}');
  await save(page);
  await expect(page.getByText('Email templates saved')).toBeVisible();

  await page.reload();
  await tab(page, 'Invite').click();
  await expect(subject(page)).toHaveValue('Join {{projectName}}');
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/email-templates`);
  expect(read.body.data).toEqual({
    ...EMAIL_TEMPLATE_DEFAULTS,
    invite: { subject: 'Join {{projectName}}', body: '<h1>Welcome</h1><p><a href="{{link}}">Accept</a></p>' },
    magicLink: { ...EMAIL_TEMPLATE_DEFAULTS.magicLink, subject: 'Your link to {{projectName}}' },
  });
});

/** Each rule: the template, the field, what is typed, the message at the field — the browser's and the API's. */
const INVALID: { tab: string; kind: string; field: 'Subject' | 'Body (HTML)'; value: string; message: string }[] = [
  {
    tab: 'Password reset',
    kind: 'passwordReset',
    field: 'Body (HTML)',
    value: '<p>Reset your password here</p>',
    message: 'Add {{link}}: without it the user cannot act on the email',
  },
  {
    tab: 'Email verification',
    kind: 'emailVerification',
    field: 'Body (HTML)',
    value: '<p>Welcome aboard</p>',
    message: 'Add {{link}} or {{code}}: without one the user cannot act on the email',
  },
  {
    tab: 'Magic link',
    kind: 'magicLink',
    field: 'Body (HTML)',
    value: '<a href="{{ .ConfirmationURL }}">Sign in</a>',
    message: 'Unknown variable {{.ConfirmationURL}}: use {{link}}, {{code}}, {{email}}, {{projectName}}',
  },
  { tab: 'Invite', kind: 'invite', field: 'Body (HTML)', value: '   ', message: 'Enter the body' },
  { tab: 'Invite', kind: 'invite', field: 'Subject', value: '', message: 'Enter a subject' },
  {
    tab: 'Password reset',
    kind: 'passwordReset',
    field: 'Subject',
    value: 'Your code {{code}}',
    message: 'Unknown variable {{code}}: use {{link}}, {{email}}, {{projectName}}',
  },
  { tab: 'Magic link', kind: 'magicLink', field: 'Subject', value: 'x'.repeat(201), message: 'At most 200 characters' },
];

for (const c of INVALID)
  test(`email templates: ${c.kind} ${c.field.toLowerCase()} "${c.value.slice(0, 30)}" is refused at the field by the browser and by the API`, async ({
    page,
  }) => {
    const id = await ownProject(page, 'Mail invalid e2e');
    await page.goto(`/${id}/test/email-templates`);
    await tab(page, c.tab).click();
    const input = page.getByRole('textbox', { name: c.field });
    await input.fill(c.value);
    // Saving from another template shows the one with the error.
    await tab(page, c.tab === 'Invite' ? 'Magic link' : 'Invite').click();
    await save(page);
    await expect(tab(page, c.tab)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, c.tab)).toContainText('(has errors)');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeFocused();
    await expect(page.getByText(c.message, { exact: true })).toBeVisible();
    await expect(page.getByText('Saving email templates…')).toHaveCount(0);
    const field = c.field === 'Subject' ? 'subject' : 'body';
    const res = await patchSettings(page, `/projects/${id}/test`, 'email-templates', {
      [c.kind]: { [field]: c.value },
    });
    expect(res.status).toBe(400);
    expect(detailsOf(res.body)).toEqual({ [`${c.kind}.${field}`]: c.message });
  });

test("email templates: the API's message shows at the field when the browser lets it through", async ({ page }) => {
  const id = await ownProject(page, 'Mail API e2e');
  await page.goto(`/${id}/test/email-templates`);
  // The API answers 400 at invite.body (as for a rule only the server knows).
  await page.route('**/auth/email-templates', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'bad_request',
          message: 'Invalid settings',
          details: [{ path: 'invite.body', message: 'Refused by the server' }],
        },
      }),
    });
  });
  // A change on another tab (Save waits for a change): the answer's field brings its own tab forward.
  await tab(page, 'Password reset').click();
  await subject(page).fill('Reset your password, please');
  await save(page);
  await expect(tab(page, 'Invite')).toHaveAttribute('aria-selected', 'true');
  await expect(body(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Refused by the server')).toBeVisible();
});

test('email templates: reset to default puts the default back, and saving stores it', async ({ page }) => {
  const id = await ownProject(page, 'Mail reset e2e');
  const changed = { subject: 'Reset it', body: '<p>Go: <a href="{{link}}">reset</a></p>' };
  expect(
    (await patchSettings(page, `/projects/${id}/test`, 'email-templates', { passwordReset: changed })).status,
  ).toBe(200);
  await page.goto(`/${id}/test/email-templates`);
  await tab(page, 'Password reset').click();
  await expect(subject(page)).toHaveValue('Reset it');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(subject(page)).toHaveValue(EMAIL_TEMPLATE_DEFAULTS.passwordReset.subject);
  await expect(body(page)).toHaveValue(EMAIL_TEMPLATE_DEFAULTS.passwordReset.body);
  await expect(page.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  await save(page);
  await expect(page.getByText('Email templates saved')).toBeVisible();
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/email-templates`);
  expect(read.body.data.passwordReset).toEqual(EMAIL_TEMPLATE_DEFAULTS.passwordReset);
});

test('email templates: a stale save keeps the text and saves after reloading', async ({ page }) => {
  const id = await ownProject(page, 'Mail stale e2e');
  await page.goto(`/${id}/test/email-templates`);
  await subject(page).fill('Mine');
  expect(
    (await patchSettings(page, `/projects/${id}/test`, 'email-templates', { invite: { subject: 'Theirs' } })).status,
  ).toBe(200);
  await save(page);
  const notice = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0);
  await expect(subject(page)).toHaveValue('Mine');
  await save(page);
  await expect(page.getByText('Email templates saved')).toBeVisible();
  // Only the template edited here was sent: the other's edit of another template stays.
  const read = await apiAsUser(page, 'GET', `/projects/${id}/test/auth/email-templates`);
  expect(read.body.data.emailVerification.subject).toBe('Mine');
  expect(read.body.data.invite.subject).toBe('Theirs');
});

/**
 * Hostile templates: each tries to run script on the dashboard (a flag on the top window, its title, its local
 * storage), to navigate the top page or the preview, or to fetch from a host (a loopback capture server).
 */
const HOSTILE: { name: string; html: (u: string) => string; click?: boolean }[] = [
  {
    name: 'script tag',
    html: (u) =>
      `<script>top.__pwned=1;parent.document.title="pwned";localStorage.setItem("pwned","1");fetch("${u}/script")</script>`,
  },
  {
    name: 'img onerror',
    html: (u) => `<img src="${u}/img" onerror="top.__pwned=1;parent.document.title='pwned'">`,
  },
  { name: 'svg onload', html: () => `<svg onload="top.__pwned=1;parent.document.title='pwned'"></svg>` },
  {
    name: 'javascript: link, clicked',
    html: () => `<a id="go" href="javascript:top.__pwned=1;parent.document.title='pwned';void 0">Go</a>`,
    click: true,
  },
  {
    name: 'javascript: link with target=_top, clicked',
    html: () => `<a id="go" target="_top" href="javascript:top.__pwned=1;void 0">Go</a>`,
    click: true,
  },
  { name: 'https link, clicked', html: (u) => `<a id="go" href="${u}/link">Go</a>`, click: true },
  {
    name: 'https link with target=_top, clicked',
    html: (u) => `<a id="go" target="_top" href="${u}/top">Go</a>`,
    click: true,
  },
  { name: 'meta refresh', html: (u) => `<meta http-equiv="refresh" content="0;url=${u}/refresh">` },
  {
    name: 'base href with a relative image and link, clicked',
    html: (u) => `<base href="${u}/base/"><img src="pixel.png"><a id="go" href="next">Go</a>`,
    click: true,
  },
  {
    name: 'nested srcdoc iframe with script',
    html: (u) =>
      `<iframe srcdoc="<script>top.__pwned=1;parent.parent.document.title='pwned';fetch('${u}/nested')</script><img src='${u}/nested-img'>"></iframe>`,
  },
  { name: 'iframe of another host', html: (u) => `<iframe src="${u}/frame"></iframe>` },
  {
    name: 'CSS url() to another host',
    html: (u) =>
      `<style>@import url("${u}/import.css");body{background:url("${u}/bg.png")}@font-face{font-family:x;src:url("${u}/font.woff")}</style><div style="background-image:url('${u}/inline.png');font-family:x">styled</div>`,
  },
  {
    name: 'form posted to another host, clicked',
    html: (u) => `<form action="${u}/form" method="post"><button id="go">Go</button></form>`,
    click: true,
  },
  { name: 'object and embed', html: (u) => `<object data="${u}/object"></object><embed src="${u}/embed">` },
];

/** The loopback capture server: every request it gets, by path. */
let capture: { server: Server; origin: string; hits: string[] };
test.beforeAll(async () => {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('captured');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  capture = { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
});
test.afterAll(() => new Promise<void>((r) => capture.server.close(() => r())));

/**
 * The sandbox and the preview's policy report what they refused on the console: expected here, from the preview. The
 * override keeps the fixture automatic (Playwright keeps the options of the fixture it overrides).
 */
const hostileTest = base.extend<{ pageProblems: string[] }>({
  pageProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      const fromPreview = m.location().url === 'about:srcdoc' || m.text().includes(capture.origin);
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()) && !fromPreview)
        problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await use(problems);
    expect(problems, 'CSP violations or page errors outside the preview').toEqual([]);
  },
});

hostileTest.describe('hostile templates', () => {
  // The browser's own handling of the sandbox is what is tested: no Playwright routing is in the path of any request
  // (the e2e stack's asset cache is a proxy, not an interception).
  for (const h of HOSTILE)
    hostileTest(
      `email templates preview: ${h.name} runs nothing, loads nothing and navigates nowhere`,
      async ({ page }) => {
        await page.goto(demoPath('test', '/email-templates'));
        await expect(body(page)).toBeEditable();
        const url = page.url();
        const title = await page.title();
        const left: string[] = [];
        const popups: string[] = [];
        const dialogs: string[] = [];
        // The browser reports loads the policy blocks as requests that fail; only an answer means a request left.
        page.on('response', (r) => {
          const req = r.request();
          if (req.frame() !== page.mainFrame() || req.url().startsWith(capture.origin)) left.push(req.url());
        });
        page.context().on('page', (p) => popups.push(p.url()));
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        capture.hits.length = 0;

        await body(page).fill(`<p id="marker">Hostile preview</p>${h.html(capture.origin)}{{link}}`);
        const frame = preview(page);
        await expect(frame.locator('#marker')).toHaveText('Hostile preview');
        if (h.click) await frame.locator('#go').click();
        // Time for a refresh, an error handler or a navigation to happen if it could.
        await page.waitForTimeout(1_000);

        const top = await page.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
          title: document.title,
          stored: localStorage.getItem('pwned'),
        }));
        expect(top).toEqual({ pwned: null, title, stored: null });
        expect(page.url()).toBe(url);
        const iframe = (await page.locator('iframe[title^="Preview of the"]').elementHandle())!;
        const previewFrame = (await iframe.contentFrame()) as Frame;
        expect(previewFrame.url()).toBe('about:srcdoc');
        await expect(frame.locator('#marker')).toHaveText('Hostile preview');
        for (const child of previewFrame.childFrames())
          expect(child.url()).toMatch(/^(about:srcdoc|about:blank|chrome-error:\/\/chromewebdata\/)$/);
        expect(left, 'answers to requests from the preview').toEqual([]);
        expect(capture.hits, 'requests the capture server got').toEqual([]);
        expect(popups).toEqual([]);
        expect(dialogs).toEqual([]);
      },
    );
});

test('email templates: accessible in light and dark; an unknown project is not found', async ({ page }) => {
  await page.goto(demoPath('test', '/email-templates'));
  await expect(page.getByRole('button', { name: 'Save email templates' })).toBeVisible();
  await expect(preview(page).locator('body')).toContainText('verification code');
  // axe cannot run inside the sandboxed preview (no scripts there); the frame itself is named.
  await expect(page.getByTitle('Preview of the email verification email')).toBeVisible();
  await expectAccessible(page, { exclude: ['iframe[title^="Preview of the"]'] });
  // Screenshots to look at (light, dark, phone), each once the preview shows its email.
  const shot = async (name: string, text: string) => {
    await expect(preview(page).locator('body')).toContainText(text);
    await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  };
  await page.setViewportSize({ width: 1280, height: 1000 });
  await shot('light', 'verification code');
  await page.emulateMedia({ colorScheme: 'dark' });
  await tab(page, 'Invite').click();
  await shot('dark', 'You have been invited');
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 390, height: 844 });
  await tab(page, 'Magic link').click();
  await shot('phone', 'Sign in to');
  // The preview itself, in view (a full-page capture may leave the sandboxed frame blank below the fold).
  await page.getByTitle('Preview of the magic link email').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: test.info().outputPath('phone-preview.png') });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.goto('/pro_01900000-0000-7000-8000-0000000000ff/test/email-templates');
  await expect(page.getByText('No such project')).toBeVisible();
});

async function expectReadOnly(page: Page) {
  await page.goto(demoPath('test', '/email-templates'));
  await expect(page.getByText('Only admins and owners can change authentication settings')).toBeVisible();
  await expect(subject(page)).toHaveAttribute('readonly', '');
  await expect(body(page)).toHaveAttribute('readonly', '');
  await expect(preview(page).locator('body')).toContainText('verification code');
  await expect(page.getByText('{{link}}', { exact: true })).toBeVisible();
  for (const name of ['Save email templates', 'Reset to default', 'Insert {{link}}'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  const res = await patchSettings(page, `/projects/${DEMO_PROJECT}/test`, 'email-templates', {
    invite: { subject: 'Hello' },
  });
  expect(res.status).toBe(403);
}

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('email templates: read only, and the API refuses', async ({ page }) => expectReadOnly(page));
});

test.describe('as a developer', () => {
  test.use({ session: null });
  test('email templates: read only, and the API refuses', async ({ page }) => {
    await signInAsDeveloper(page);
    await expectReadOnly(page);
  });
});
