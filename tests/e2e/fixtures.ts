import { test as base, expect } from '@playwright/test';

/**
 * `test` that fails when the page reports a Content-Security-Policy violation or an uncaught error. (Immutable built
 * assets come from the e2e stack's asset cache, a proxy in front of the Pages server: scripts/lib/asset-cache-proxy.ts.)
 */
export const test = base.extend<{ pageProblems: string[] }>({
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
