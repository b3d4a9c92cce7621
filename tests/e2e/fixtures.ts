import { test as base, expect } from '@playwright/test';

type CachedAsset = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * Built assets the server marked `immutable` (`/_astro/*`, named by their content's hash), kept for the worker's later
 * tests as a browser's HTTP cache keeps them across visits. Each test's fresh context would otherwise fetch its
 * page's 30–75 modules again from the one-threaded local server: about 0.8 s of every page load, measured
 * (docs/decisions.md "npm test in under 20 minutes"). What is not immutable (pages, the API) is never kept.
 */
const assetCache = new Map<string, CachedAsset>();

/**
 * `test` that fails when the page reports a Content-Security-Policy violation or an uncaught error, and whose
 * contexts answer immutable assets from the worker's cache.
 */
export const test = base.extend<{ pageProblems: string[]; cacheAssets: boolean }>({
  /**
   * Off where a test watches the browser's own handling of requests and navigations (the hostile email templates):
   * routing puts Playwright's interception in the path of every request of the context.
   */
  cacheAssets: [true, { option: true }],
  context: async ({ context, cacheAssets }, use) => {
    if (!cacheAssets) return use(context);
    await context.route(/\/_astro\//, async (route) => {
      try {
        const url = route.request().url();
        let asset = assetCache.get(url);
        if (!asset) {
          const res = await route.fetch();
          const headers = { ...res.headers() };
          // The body is read decoded: its encoding and length no longer apply.
          delete headers['content-encoding'];
          delete headers['content-length'];
          asset = { status: res.status(), headers, body: await res.body() };
          if (res.ok() && /\bimmutable\b/.test(headers['cache-control'] ?? '')) assetCache.set(url, asset);
        }
        await route.fulfill(asset);
      } catch {
        // The test ended (its context closed) while this request was on its way, or the server did not answer.
        await route.abort().catch(() => {});
      }
    });
    await use(context);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The projects home, exactly `/` (a list's count is never written into the URL, docs/api.md "Lists"). */
export const HOME_URL = /^https?:\/\/[^/]+\/$/;
