import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook as Verifier } from 'standardwebhooks';
import { test, expect } from '../fixtures';
import { DEMO_PROJECT, apiAsUser, dataRows, demoPath, expectAccessible } from './helpers';

// Reads on the test mode's seeded webhooks (three: two enabled, one disabled, eight attempts each); writes in live
// mode on webhooks the test creates, so parallel tests never change the rows another one counts.
const LIST = demoPath('test', '/webhooks');
const LIVE = demoPath('live', '/webhooks');
const UNKNOWN = 'whk_01900000-0000-7000-8000-000000000bad';

type Webhook = { id: string; url: string; enabled: boolean; topics: string[]; lastDeliveryStatus?: string | null };

async function seeded(page: Page, mode: 'test' | 'live'): Promise<Webhook[]> {
  return ((await apiAsUser(page, `/projects/${DEMO_PROJECT}/${mode}/webhooks?limit=100`)).body as { data: Webhook[] })
    .data;
}

/** The first page of a run may wait for a busy machine: a longer first wait for rows. */
async function firstRows(page: Page) {
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible({ timeout: 20_000 });
  return dataRows(page);
}

/** Creates a webhook through the dialog and closes its secret dialog; returns the secret shown once. */
async function createThroughDialog(page: Page, url: string, topics: string[]): Promise<string> {
  await page.getByRole('button', { name: 'Add webhook' }).first().click();
  const form = page.getByRole('dialog', { name: /Add a (live|test) webhook/ });
  await form.getByLabel('Endpoint URL').fill(url);
  for (const t of topics) await form.getByLabel(t, { exact: true }).check();
  await form.getByRole('button', { name: 'Add webhook' }).click();
  const once = page.getByRole('dialog', { name: 'Your webhook’s signing secret' });
  const secret = (await once.locator('[data-secret]').innerText()).trim();
  await once.getByLabel('I have saved this signing secret').check();
  await once.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/webhooks\/whk_/);
  return secret;
}

test('webhooks: list with status, success rate and last delivery; filter; a webhook with its delivery log and an attempt', async ({
  page,
}) => {
  test.slow(); // axe three times
  await page.goto(LIST);
  const rows = await firstRows(page);
  await expect(rows.filter({ hasText: 'https://hooks.example.com/test/' })).toHaveCount(3);
  for (const i of [0, 1, 2])
    await expect(rows.filter({ hasText: `https://hooks.example.com/test/${i}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: '/test/2' })).toContainText('Disabled: 410 Gone');
  // The engine disabled it after its endpoint answered 410: that delivery is its last, and it failed.
  const goneHook = (await seeded(page, 'test')).find((w) => w.url.endsWith('/test/2'))!;
  expect(goneHook.lastDeliveryStatus).toBe('failed');
  await expect(rows.filter({ hasText: '/test/2' }).getByText('Failed', { exact: true })).toBeVisible();
  const last = await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks/${goneHook.id}/deliveries?limit=1`);
  expect(last.body.data[0]).toMatchObject({ status: 'failed', responseCode: 410 });
  await expect(rows.filter({ hasText: '/test/0' })).toContainText('Enabled');
  await expect(page.getByRole('columnheader', { name: 'Success (24 h)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last delivery' })).toBeVisible();
  await expectAccessible(page);

  // Filter: disabled only.
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Disabled' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*enabled/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('/test/2');

  // Enter on a row opens the webhook's page with its delivery log (one row per attempt).
  await page.goto(LIST);
  await firstRows(page);
  await rows.filter({ hasText: '/test/0' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/webhooks\/whk_/);
  await expect(page.getByRole('heading', { name: 'https://hooks.example.com/test/0' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr[data-row]');
  // Eight seeded attempts (more when another test's data change made an event on its topics meanwhile).
  await expect(log.nth(7)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);

  // Status filter: only failed attempts (as many as the API counts), each with its response code.
  const hookId = /\/webhooks\/(whk_[^/?]+)/.exec(page.url())![1]!;
  const failedFilter = encodeURIComponent(JSON.stringify([{ field: 'status', op: 'eq', value: 'failed' }]));
  const failed = (
    await apiAsUser(
      page,
      `/projects/${DEMO_PROJECT}/test/webhooks/${hookId}/deliveries?limit=1&filters=${failedFilter}`,
    )
  ).body as { total: number };
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Failed' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filters=.*status/);
  await expect(log).toHaveCount(Math.min(failed.total, 25));
  await expect(log.filter({ has: page.getByText('Succeeded', { exact: true }) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Status filter' }).click();
  await expect(log.nth(7)).toBeVisible();

  // Date filter: from 4 hours ago, the attempts of the last 4 hours only (2 seeded), with a "From" chip.
  await page.getByRole('button', { name: 'Date' }).click();
  const dates = page.getByRole('dialog', { name: 'Filter by date' });
  const ms = Date.now() - 4 * 3600_000;
  await dates
    .getByLabel('From')
    .fill(new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
  await dates.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filters=.*createdAt/);
  await expect(page.getByRole('group', { name: 'Filters' })).toContainText('From');
  await expect(log.nth(1)).toBeVisible();
  expect(await log.count()).toBeLessThan(8);
  await expect(log.filter({ hasText: /(5|6|9|1\d|2\d) hours ago/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear created at filter' }).click();
  await expect(log.nth(7)).toBeVisible();

  // An attempt in its sheet: status, response code, latency and the request payload.
  await log.first().click();
  const sheet = page.getByRole('dialog', { name: /(Succeeded|Failed|Pending) delivery$/ });
  await expect(sheet.getByText('Response code')).toBeVisible();
  await expect(sheet.getByText('Latency')).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Request payload' })).toBeVisible();
  await expect(sheet.locator('pre').first()).toContainText('"data"');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('webhooks: create, the API’s refusal at the URL field, the signing secret shown once', async ({ page }) => {
  test.slow();
  await page.goto(LIVE);
  await firstRows(page);
  await page.getByRole('button', { name: 'Add webhook' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a live webhook' });
  const url = form.getByLabel('Endpoint URL');

  // Nothing chosen: the messages sit at their fields; nothing is sent.
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Choose at least one topic.')).toBeVisible();
  await expectAccessible(page);

  // A private address: the server's SSRF guard refuses it, its message at the URL field; what was typed stays.
  await url.fill('https://10.0.0.1/hooks');
  await form.getByLabel('user.created', { exact: true }).check();
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  const message = form.locator(`#${(await url.getAttribute('aria-describedby'))!.split(' ').at(-1)}`);
  await expect(message).toContainText(/private|not allowed|refused|public/i);
  // The toast says a field needs a change, not the API's generic "Invalid request body".
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Not saved: a field needs a change' }),
  ).toBeVisible();
  await expect(page.getByText('Invalid request body')).toHaveCount(0);
  await expect(url).toHaveValue('https://10.0.0.1/hooks');
  await expect(form.getByLabel('user.created', { exact: true })).toBeChecked();

  // Not https in live mode: refused at the field too.
  await url.fill('http://hooks.example.com/plain');
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');

  // A good URL: created, the secret shown once (Escape does not close it before "saved").
  const target = `https://hooks.example.com/e2e-${Date.now().toString(36)}`;
  await url.fill(target);
  await form.getByLabel('Description (optional)').fill('E2E receiver');
  await form.getByRole('button', { name: 'Add webhook' }).click();
  const once = page.getByRole('dialog', { name: 'Your webhook’s signing secret' });
  const secret = (await once.locator('[data-secret]').innerText()).trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
  await page.keyboard.press('Escape');
  await expect(once).toBeVisible();
  await expect(once.getByRole('button', { name: 'Done' })).toBeDisabled();
  await once.getByLabel('I have saved this signing secret').check();
  await once.getByRole('button', { name: 'Done' }).click();

  // Its page; the secret is nowhere any more (only its hint).
  await expect(page).toHaveURL(/\/webhooks\/whk_/);
  await expect(page.getByRole('heading', { name: target })).toBeVisible();
  await expect(page.getByText('E2E receiver')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: target })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(secret);
  expect((await seeded(page, 'live')).some((w) => w.url === target)).toBe(true);
});

test('webhooks: settings edit with field errors, disable and enable, rotate the secret (24 h grace), delete', async ({
  page,
}) => {
  test.slow();
  await page.goto(LIVE);
  await firstRows(page);
  const target = `https://hooks.example.com/e2e-edit-${Date.now().toString(36)}`;
  await createThroughDialog(page, target, ['user.created']);
  const webhookUrl = page.url();

  // Settings: a refused URL shows at the field; a good edit saves and survives a reload.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/tab=settings/);
  const settings = page.getByRole('form', { name: 'Webhook settings' });
  const url = settings.getByLabel('Endpoint URL');
  await url.fill('https://169.254.169.254/latest');
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  const edited = `${target}/v2`;
  await url.fill(edited);
  await settings.getByLabel('account.created', { exact: true }).check();
  await settings.getByLabel('Description (optional)').fill('Edited in e2e');
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Webhook saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: edited })).toBeVisible();
  await expect(settings.getByLabel('account.created', { exact: true })).toBeChecked();
  await expect(settings.getByLabel('Description (optional)')).toHaveValue('Edited in e2e');

  // Disable, then enable again.
  const status = page.locator('dd').filter({ hasText: /^(Enabled|Disabled)$/ });
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(status).toHaveText('Disabled');
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(status).toHaveText('Enabled');

  // Rotation: the new secret once, with the 24 h grace and its end; the summary says until when the old one signs.
  const hint = (await page.locator('dd').filter({ hasText: /••••/ }).innerText()).trim();
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  const rotatedAt = Date.now();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = page.getByRole('dialog', { name: 'The new signing secret' });
  const next = (await rotated.locator('[data-secret]').innerText()).trim();
  expect(next).toMatch(/^whsec_/);
  await expect(rotated).toContainText('For 24 hours every delivery carries two signatures');
  const end = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(rotatedAt + 86_400_000));
  await expect(rotated).toContainText(`The old secret stops signing on ${end}`);
  await rotated.getByLabel('I have saved this signing secret').check();
  await rotated.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/the previous secret also signs until/)).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: /••••/ }).first()).not.toHaveText(hint);

  // Delete behind a confirmation: back on the list, without it.
  await page.goto(webhookUrl);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIVE}(\\?.*)?$`));
  await expect(page.getByText('Webhook deleted')).toBeVisible();
  await firstRows(page);
  await expect(page.getByRole('row').filter({ hasText: edited })).toHaveCount(0);
});

test('webhooks: an unknown id, a malformed one, or another project’s is a not-found state', async ({ page }) => {
  for (const path of [`${LIST}/${UNKNOWN}`, `${LIST}/whk_nope`]) {
    await page.goto(path);
    await expect(page.getByText('No webhook with this id here')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'All webhooks' })).toBeVisible();
  }
  // A live webhook's id under test mode is another scope's object: not found either.
  await page.goto(LIVE);
  await firstRows(page);
  const live = (await seeded(page, 'live'))[0]!;
  await page.goto(`${LIST}/${live.id}`);
  await expect(page.getByText('No webhook with this id here')).toBeVisible();
});

test('webhooks: owners see the disabled-webhook notice on the list (this mode) and the overview (both); dismissible', async ({
  page,
}) => {
  // The demo data: the third webhook of each mode was turned off by the engine after a 410, with a notice.
  await page.goto(LIST);
  await firstRows(page);
  const testNotice = page.getByRole('status').filter({ hasText: 'A test webhook was disabled' });
  await expect(testNotice).toContainText('the endpoint answered 410 Gone');
  await expect(testNotice.getByRole('link', { name: 'https://hooks.example.com/test/2' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'A live webhook was disabled' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(demoPath('test'));
  const liveNotice = page.getByRole('status').filter({ hasText: 'A live webhook was disabled' });
  await expect(liveNotice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'A test webhook was disabled' })).toBeVisible();
  await liveNotice.getByRole('button', { name: /Dismiss the notice/ }).click();
  await expect(liveNotice).toHaveCount(0);
  await expect(page.getByText('Notice dismissed')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'A test webhook was disabled' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(liveNotice).toHaveCount(0);
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });

  test('webhooks: read only — no create, no actions, settings and attempts without controls', async ({ page }) => {
    await page.goto(LIST);
    const rows = await firstRows(page);
    await expect(rows.filter({ hasText: 'https://hooks.example.com/test/' })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);
    // The notices are for owners and admins.
    await expect(page.getByRole('status').filter({ hasText: 'webhook was disabled' })).toHaveCount(0);
    await rows.filter({ hasText: '/test/0' }).click();
    await expect(page.getByRole('heading', { name: 'https://hooks.example.com/test/0' })).toBeVisible();
    for (const name of ['Send test event', 'Disable', 'Rotate secret', 'Delete', 'Replay failed'])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    const log = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr[data-row]');
    await expect(log.first()).toBeVisible({ timeout: 20_000 });
    await log.first().click();
    const sheet = page.getByRole('dialog', { name: /delivery/ });
    await expect(sheet.getByRole('heading', { name: 'Request payload' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Resend this event' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByLabel('Endpoint URL')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.locator('dd').getByText('https://hooks.example.com/test/0')).toBeVisible();
  });
});

type Attempt = { eventId: string; attempt: number; status: string; createdAt: string; nextAttemptAt: string | null };

/** The dispatcher's schedule clock (test stacks only): moved forward by `ms`, or back to real time. */
async function clock(page: Page, move: number | 'reset'): Promise<number> {
  const at = async (advanceMs: number) =>
    (
      (await (await page.request.post('/api/v1/__dispatcher/__test/clock', { data: { advanceMs } })).json()) as {
        now: number;
      }
    ).now;
  const now = await at(0);
  return move === 'reset' ? at(Date.now() - now) : at(move);
}

/**
 * Runs the retry schedule of a webhook's events to its end on the moved clock (each due attempt enqueued by the
 * cron's sweep), until every event's latest attempt is a failure with no next attempt.
 */
async function exhaustRetries(page: Page, hookId: string) {
  for (let round = 0; round < 15; round++) {
    const list = (
      (await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks/${hookId}/deliveries?limit=100`)).body as {
        data: Attempt[];
      }
    ).data;
    const latest = new Map<string, Attempt>();
    for (const d of list) if ((latest.get(d.eventId)?.attempt ?? 0) < d.attempt) latest.set(d.eventId, d);
    const open = [...latest.values()].filter((d) => d.status === 'pending' || d.nextAttemptAt);
    if (!open.length) return;
    const due = Math.max(...open.map((d) => Date.parse(d.nextAttemptAt ?? d.createdAt)));
    await clock(page, Math.max(0, due - (await clock(page, 0))) + 1000);
    await page.request.post('/api/v1/__dispatcher/__test/sweep?graceMs=0');
    await page.waitForTimeout(1500);
  }
  throw new Error('the retry schedule did not end');
}

/** A receiver on 127.0.0.1 that verifies every delivery with the standardwebhooks library; its answer can change. */
async function receiver() {
  const state = { status: 200, secret: '', received: [] as { id: string; verified: boolean; type: string }[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean;
      try {
        new Verifier(state.secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const parsed = JSON.parse(body || '{}') as { type?: string };
      state.received.push({ id: String(req.headers['webhook-id']), verified, type: parsed.type ?? '' });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status < 300 ? 'ok' : 'down for e2e');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => server.close() };
}

test('webhooks: a test event to a local receiver in the log with its code; the receiver fails; replay the window', async ({
  page,
}) => {
  test.slow();
  const rx = await receiver();
  try {
    await page.goto(LIST);
    await firstRows(page);
    rx.state.secret = await createThroughDialog(page, rx.url, ['user.created']);
    const log = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr[data-row]');
    const refresh = page.getByRole('button', { name: 'Refresh' });

    // A test event: delivered, verified by the receiver, in the log with its 200.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(async () => {
      await refresh.click();
      await expect(
        log.filter({ has: page.getByText('Succeeded', { exact: true }) }).filter({ hasText: '200' }),
      ).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(rx.state.received.at(-1)).toMatchObject({ verified: true, type: 'test' });

    // The receiver fails: two test events fail with 500, and so does every retry of their schedule (the
    // dispatcher's clock is moved through it: test stacks only), until their latest attempts are final failures.
    rx.state.status = 500;
    const from = Date.now() - 1000;
    const before = rx.state.received.length;
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByText('Test event sent: its delivery appears in the log').last()).toBeVisible();
    }
    await expect(async () => {
      await refresh.click();
      await expect(
        log.filter({ has: page.getByText('Failed', { exact: true }) }).filter({ hasText: '500' }),
      ).not.toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const hookId = /\/webhooks\/(whk_[^/?]+)/.exec(page.url())![1]!;
    await exhaustRetries(page, hookId);
    await refresh.click();
    const failedIds = new Set(rx.state.received.slice(before).map((r) => r.id));
    expect(failedIds.size).toBe(2);

    // It comes back; replay the failed window: both are sent again (same webhook-id) and succeed.
    rx.state.status = 200;
    await page.getByRole('button', { name: 'Replay failed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay failed deliveries' });
    const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog.getByLabel('From').fill(local(from - 60_000));
    await dialog.getByLabel('To').fill(local(Date.now() + 60_000));
    await dialog.getByRole('button', { name: 'Replay failed deliveries' }).click();
    await expect(page.getByText('2 failed events are being sent again.')).toBeVisible();
    await expect(async () => {
      await refresh.click();
      await expect(
        log.filter({ has: page.getByText('Succeeded', { exact: true }) }).filter({ hasText: '200' }),
      ).toHaveCount(3, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const replayed = rx.state.received.slice(-2);
    expect(replayed.every((r) => r.verified && failedIds.has(r.id))).toBe(true);
    expect(new Set(replayed.map((r) => r.id)).size).toBe(2);
  } finally {
    // The test mode's list keeps its seeded rows only: this webhook goes (its id is in the page's URL).
    const id = /\/webhooks\/(whk_[^/?]+)/.exec(page.url())?.[1];
    if (id) await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks/${id}`, { method: 'DELETE' });
    await clock(page, 'reset');
    rx.close();
  }
});

test('webhooks: after a URL change, replay asks before sending older events to the new URL', async ({ page }) => {
  test.slow();
  const oldRx = await receiver();
  const newRx = await receiver();
  let hookId: string | undefined;
  try {
    await page.goto(LIST);
    await firstRows(page);
    oldRx.state.status = 500;
    oldRx.state.secret = await createThroughDialog(page, oldRx.url, ['user.created']);
    hookId = /\/webhooks\/(whk_[^/?]+)/.exec(page.url())![1]!;
    const from = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event sent: its delivery appears in the log').last()).toBeVisible();
    await expect.poll(() => oldRx.state.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await exhaustRetries(page, hookId);
    const sent = oldRx.state.received.at(-1)!.id;
    // The URL changes (another receiver, with the same secret).
    const hook = (await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks/${hookId}`)).body as {
      version: number;
    };
    newRx.state.secret = oldRx.state.secret;
    const patched = await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks/${hookId}`, {
      method: 'PATCH',
      body: { url: newRx.url, version: hook.version },
    });
    expect(patched.status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Replay failed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay failed deliveries' });
    const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog.getByLabel('From').fill(local(from - 60_000));
    await dialog.getByLabel('To').fill(local(Date.now() + 60_000));
    await dialog.getByRole('button', { name: 'Replay failed deliveries' }).click();
    const question = dialog.getByRole('alert').filter({ hasText: 'changed after 1 event' });
    await expect(question).toBeVisible();
    await expect(question).toContainText(newRx.url);
    expect(newRx.state.received).toEqual([]);
    await question.getByRole('button', { name: 'Send to the new URL' }).click();
    await expect(page.getByText('1 failed event is being sent again.')).toBeVisible();
    await expect.poll(() => newRx.state.received.map((r) => r.id), { timeout: 20_000 }).toEqual([sent]);
    expect(newRx.state.received[0]!.verified).toBe(true);
  } finally {
    if (hookId) await apiAsUser(page, `/projects/${DEMO_PROJECT}/test/webhooks/${hookId}`, { method: 'DELETE' });
    await clock(page, 'reset');
    oldRx.close();
    newRx.close();
  }
});
