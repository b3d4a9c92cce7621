import { expect, test } from './fixtures';
import { E2E } from './ports';
import { SAMPLE_PROJECT } from '../route-samples';
import type { CapturedEvent } from '../../dev/capture-server';

// posthog-js drops events from headless browsers' user agents: browse as a desktop Chrome does.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
});

// posthog-js also drops events when navigator.webdriver is true, as it is under automation; a person's browser says false.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
});

// The capture server is shared by the whole run: each test finds its own events by a unique path.
async function eventsFor(path: string): Promise<CapturedEvent[]> {
  const all = (await (await fetch(`${E2E.captureURL}/__events`)).json()) as CapturedEvent[];
  return all.filter((e) => e.properties.path === path || String(e.properties.$current_url ?? '').includes(path));
}

test('on 127.0.0.1 a page view reaches the capture server, tagged and with route params', async ({ page }) => {
  const path = `/${SAMPLE_PROJECT}/test/users/pla_analytics1`;
  await page.goto(path);
  await expect
    .poll(() => eventsFor(path), { timeout: 15_000 })
    .toContainEqual(
      expect.objectContaining({
        event: '$pageview',
        properties: expect.objectContaining({
          project: 'dashboard',
          path,
          route: '/{projectId}/{mode}/users/{playerId}',
          params: { projectId: SAMPLE_PROJECT, mode: 'test', playerId: 'pla_analytics1' },
        }),
      }),
    );
});

test('a legacy path that cannot be mapped sends error_page from the 404', async ({ page }) => {
  const path = `/${SAMPLE_PROJECT}/live/developers/unknown-tool`;
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect
    .poll(async () => (await eventsFor(path)).map((e) => e.event), { timeout: 15_000 })
    .toContain('error_page');
});

test('on localhost analytics stays off: nothing is sent', async ({ page }) => {
  const path = `/${SAMPLE_PROJECT}/test/users/pla_localhost1`;
  const requests: string[] = [];
  page.on('request', (r) => r.url().startsWith(E2E.captureURL) && requests.push(r.url()));
  await page.goto(`http://localhost:${E2E.port}${path}`);
  await page.waitForLoadState('load');
  await page.waitForTimeout(4000);
  expect(requests).toEqual([]);
  expect(await eventsFor(path)).toEqual([]);
});
