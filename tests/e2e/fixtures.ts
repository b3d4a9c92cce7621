import { test as base, expect } from '@playwright/test';

/** `test` that fails when the page reports a Content-Security-Policy violation or an uncaught error. */
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

/**
 * The projects home: `/`, or `/?total=N` once its list has counted (every list carries its total in the URL,
 * docs/api.md "Lists"), so a test must not race that update.
 */
export const HOME_URL = /^https?:\/\/[^/]+\/(\?total=\d+)?$/;
