import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import { DEMO_STORAGE_STATE, VIEWER_STORAGE_STATE } from './auth/state';

/** Who a test's browser is signed in as: the demo account (owner), its project's viewer, or nobody. */
export type Session = 'demo' | 'viewer' | null;

const SESSION_FILES = { demo: DEMO_STORAGE_STATE, viewer: VIEWER_STORAGE_STATE } as const;

/** The session the setup project saved for `who` (tests/e2e/auth.setup.ts): its origin and localStorage items. */
function savedSession(who: 'demo' | 'viewer'): { origin: string; items: [string, string][] } {
  const state = JSON.parse(readFileSync(SESSION_FILES[who], 'utf8')) as {
    origins: { origin: string; localStorage: { name: string; value: string }[] }[];
  };
  const [origin] = state.origins;
  if (!origin) throw new Error(`${SESSION_FILES[who]} holds no signed-in origin: run the setup project first`);
  return { origin: origin.origin, items: origin.localStorage.map((e) => [e.name, e.value]) };
}

/**
 * Puts the saved session into the site's localStorage before the first page of the context runs a script, once per
 * context: a marker key says it is done, so that signing out (which removes the session) stays signed out on the
 * next page. Runs in the page, as an init script (serialised: nothing from outside but its argument).
 */
function seedSession({ origin, items }: { origin: string; items: [string, string][] }) {
  if (location.origin !== origin) return;
  try {
    if (localStorage.getItem('e2e:session-seeded')) return;
    for (const [name, value] of items) localStorage.setItem(name, value);
    localStorage.setItem('e2e:session-seeded', '1');
  } catch {
    // An opaque origin (about:blank, data:) has no storage.
  }
}

/**
 * `test` with the browser signed in as `session` (default: nobody; the projects in playwright.config.ts set the demo
 * account) and failing when the page reports a Content-Security-Policy violation or an uncaught error. (Immutable
 * built assets come from the e2e stack's asset cache, a proxy in front of the Pages server:
 * scripts/lib/asset-cache-proxy.ts.)
 *
 * The session goes in by an init script, not Playwright's `storageState`: that opens and navigates a page of its own
 * in every new context to write localStorage (about 120 ms a test here, against 8 ms for a context without it).
 */
export const test = base.extend<{ pageProblems: string[]; session: Session }>({
  session: [null, { option: true }],
  context: async ({ context, session }, use) => {
    if (session) await context.addInitScript(seedSession, savedSession(session));
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
