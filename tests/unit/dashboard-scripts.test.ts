import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dashboardScripts } from '../../scripts/build/dashboard-scripts';
import { inlineScriptHashes, pageScriptHashes } from '../../functions/_lib/shell-html';
import { DASHBOARD_SCRIPTS_META } from '../../src/shared/dashboard-scripts';

// The sign-in page's policy allows the dashboard's inline scripts (scripts/build/dashboard-scripts.ts), on a small
// built site: two dashboard pages with an inline script each of their own and one in common, and the sign-in page.
const dist = mkdtempSync(path.join(os.tmpdir(), 'dashboard-scripts-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const ROUTER = '<script type="module" src="/_astro/ClientRouter.astro_astro_type_script_index_0_lang.x.js"></script>';
const page = (head: string, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const files: Record<string, string> = {
  'shell/home.html': page(`${ROUTER}<script>theme()</script>`, '<script>island()</script>'),
  'shell/wallets.html': page(`${ROUTER}<script>theme()</script><script>sidebar()</script>`),
  'shell/auth-login.html': page('<script>guest()</script>'),
  'shell/auth-register.html': page('<script>guest()</script>'),
};
for (const [file, html] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), html);
}
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
const hashOf = async (script: string) => (await inlineScriptHashes(`<script>${script}</script>`))[0]!;

describe('the dashboard script hashes of the sign-in page', () => {
  it('list every inline script of every dashboard page, once, on the pages asked for only', async () => {
    const integration = dashboardScripts({ into: ['shell/auth-login.html'], under: 'shell' });
    const done = integration.hooks['astro:build:done'] as (options: unknown) => Promise<void>;
    await done({ dir: new URL(`file://${dist}/`), logger: { info: () => {} } });
    const expected = await Promise.all(['theme()', 'island()', 'sidebar()'].map(hashOf));
    const listed = new RegExp(`<meta name="${DASHBOARD_SCRIPTS_META}" content="([^"]*)">`).exec(
      read('shell/auth-login.html'),
    )?.[1];
    expect(listed?.split(' ')).toEqual([...expected].sort());
    expect(read('shell/auth-register.html')).not.toContain(DASHBOARD_SCRIPTS_META);
  });

  it('reach the policy with the page’s own; a dashboard page’s policy gets nothing more', async () => {
    const login = await pageScriptHashes(read('shell/auth-login.html'));
    const expected = await Promise.all(['guest()', 'theme()', 'island()', 'sidebar()'].map(hashOf));
    expect([...login].sort()).toEqual([...expected].sort());
    expect(await pageScriptHashes(read('shell/wallets.html'))).toEqual(
      await Promise.all(['theme()', 'sidebar()'].map(hashOf)),
    );
  });

  it('only well-formed digests reach the policy: anything else in the list is dropped', async () => {
    const digest = await hashOf('theme()');
    const html = page(
      `<meta name="${DASHBOARD_SCRIPTS_META}" content="'unsafe-inline' ${digest} https://evil.com x=">`,
    );
    expect(await pageScriptHashes(html)).toEqual([digest]);
  });
});
