import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modulePreloads, modulesToPreload, writePreloads } from '../../scripts/build/module-preloads';
import { moduleClosureInOrder } from '../../scripts/lib/module-closure';
import { shellModules } from '../../src/lib/warm-cache';

// The build's module preloads of the dashboard's pages (scripts/build/module-preloads.ts), on a small built site.
const dist = mkdtempSync(path.join(os.tmpdir(), 'module-preloads-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const ROUTER_META = '<meta name="astro-view-transitions-enabled" content="true">';
// The client router's own script marks a dashboard page; the sign-in page has the router's meta without it.
const LAYOUT = 'ClientRouter.astro_astro_type_script_index_0_lang.x';
const files: Record<string, string> = {
  'shell/wallets.html': `<!doctype html><html><head><meta charset="utf-8"><title>W</title>${ROUTER_META}<script type="module" src="/_astro/${LAYOUT}.js"></script></head><body><astro-island component-url="/_astro/Wallets.js" renderer-url="/_astro/client.js"></astro-island></body></html>`,
  'shell/login.html': `<!doctype html><html><head><meta charset="utf-8">${ROUTER_META}</head><body><script type="module" src="/_astro/login.js"></script></body></html>`,
  [`_astro/${LAYOUT}.js`]: 'import"./routes.js";import("./lazy.js");',
  '_astro/Wallets.js': 'import{a}from"./react.js";export{t}from"./columns.js";',
  '_astro/columns.js': 'import{c}from"./chains.js";',
  '_astro/login.js': 'import{a}from"./react.js";',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), text);
}
for (const chunk of ['react', 'routes', 'client', 'chains', 'lazy'])
  writeFileSync(path.join(dist, `_astro/${chunk}.js`), '');
const url = (...names: string[]) => names.map((n) => `/_astro/${n}.js`);

describe('the modules a dashboard page preloads', () => {
  it('are found in the order the browser finds them: the page’s own, then level by level', () => {
    expect(moduleClosureInOrder(dist, 'shell/wallets.html')).toEqual(
      url(LAYOUT, 'Wallets', 'client', 'routes', 'react', 'columns', 'chains'),
    );
  });

  it('leave out the page’s own module scripts (the parser asks for those) and what loads later', () => {
    expect(modulesToPreload(dist, 'shell/wallets.html').sort()).toEqual(
      url('Wallets', 'client', 'routes', 'react', 'columns', 'chains').sort(),
    );
  });

  it('start with what the page’s own module scripts import: those run first, before any island', () => {
    expect(modulesToPreload(dist, 'shell/wallets.html')).toEqual(
      url('routes', 'Wallets', 'client', 'react', 'columns', 'chains'),
    );
  });

  it('go after the charset, at low priority', () => {
    writePreloads(dist, 'shell/wallets.html', url('react'));
    const html = readFileSync(path.join(dist, 'shell/wallets.html'), 'utf8');
    expect(html).toContain(
      '<meta charset="utf-8"><link rel="modulepreload" fetchpriority="low" href="/_astro/react.js"><title>',
    );
    writeFileSync(path.join(dist, 'shell/wallets.html'), files['shell/wallets.html']!);
  });

  it('are written into the pages the client router serves only', async () => {
    const integration = modulePreloads({ under: 'shell' });
    const done = integration.hooks['astro:build:done'] as (options: unknown) => void;
    const logger = { info: () => {} };
    await done({ dir: new URL(`file://${dist}/`), logger });
    const wallets = readFileSync(path.join(dist, 'shell/wallets.html'), 'utf8');
    expect(wallets.match(/rel="modulepreload"/g)).toHaveLength(6);
    expect(readFileSync(path.join(dist, 'shell/login.html'), 'utf8')).not.toContain('modulepreload');
    // Its own list, read again from the written page, is unchanged: a preload is not a new module.
    expect(moduleClosureInOrder(dist, 'shell/wallets.html').sort()).toEqual(
      url(LAYOUT, 'Wallets', 'client', 'routes', 'react', 'columns', 'chains').sort(),
    );
    // What the sign-in page warms from a shell it fetched (a `redirectTo` page) is exactly what that page runs.
    expect(shellModules(wallets).sort()).toEqual(moduleClosureInOrder(dist, 'shell/wallets.html').sort());
  });
});
