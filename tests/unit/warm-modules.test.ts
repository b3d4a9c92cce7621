import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modulesToWarm, writeWarmList } from '../../scripts/build/warm-modules';
import { staticModuleClosure } from '../../scripts/lib/module-closure';
import { WARM_MODULES_META } from '../../src/shared/warm-modules';

// The build's list of modules the sign-in page fetches while the password is typed (scripts/build/warm-modules.ts),
// on a small built site: three pages and their chunks.
const dist = mkdtempSync(path.join(os.tmpdir(), 'warm-modules-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const files: Record<string, string> = {
  'shell/login.html': '<html><head></head><body><script type="module" src="/_astro/login.js"></script></body></html>',
  'shell/home.html':
    '<html><head><script type="module" src="/_astro/layout.js"></script></head><body><astro-island component-url="/_astro/Home.js" renderer-url="/_astro/client.js"></astro-island></body></html>',
  'shell/wallets.html':
    '<html><head><script type="module" src="/_astro/layout.js"></script></head><body><astro-island component-url="/_astro/Wallets.js" renderer-url="/_astro/client.js"></astro-island></body></html>',
  '_astro/login.js': 'import{a}from"./react.js";import("./lazy.js");',
  '_astro/layout.js': 'import"./routes.js";',
  '_astro/Home.js': 'import{a}from"./react.js";import{s}from"./shell.js";',
  '_astro/Wallets.js': 'import{a}from"./react.js";export{t}from"./columns.js";',
  '_astro/columns.js': 'import{c}from"./chains.js";',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), text);
}
for (const chunk of ['react', 'routes', 'shell', 'client', 'chains', 'lazy'])
  writeFileSync(path.join(dist, `_astro/${chunk}.js`), '');

describe('the modules a page loads before any interaction', () => {
  it('follows static imports and re-exports, not dynamic imports', () => {
    expect(staticModuleClosure(dist, 'shell/login.html')).toEqual(['/_astro/login.js', '/_astro/react.js']);
    expect(staticModuleClosure(dist, 'shell/wallets.html')).toEqual(
      ['Wallets', 'chains', 'client', 'columns', 'layout', 'react', 'routes'].map((m) => `/_astro/${m}.js`),
    );
  });
});

describe('the sign-in page’s list of modules to warm', () => {
  const list = modulesToWarm(dist, 'shell/login.html', ['shell/home.html', 'shell/wallets.html']);

  it('holds what the pages load and the sign-in page does not', () => {
    expect([...list].sort()).toEqual(
      ['Home', 'Wallets', 'chains', 'client', 'columns', 'layout', 'routes', 'shell'].map((m) => `/_astro/${m}.js`),
    );
  });

  it('puts what only the later page loads first, then the rest of its modules: the first page opened asks for its own', () => {
    const wallets = staticModuleClosure(dist, 'shell/wallets.html').filter((m) => list.includes(m));
    const home = staticModuleClosure(dist, 'shell/home.html');
    const walletsOnly = wallets.filter((m) => !home.includes(m));
    expect(walletsOnly.sort()).toEqual(['/_astro/Wallets.js', '/_astro/chains.js', '/_astro/columns.js']);
    expect(list.slice(0, walletsOnly.length).sort()).toEqual(walletsOnly);
    expect(list.slice(0, wallets.length).sort()).toEqual(wallets.sort());
    expect(list.indexOf('/_astro/Home.js')).toBeGreaterThanOrEqual(wallets.length);
  });

  it('is written into the head, where the page reads it', () => {
    writeWarmList(dist, 'shell/login.html', list);
    const html = readFileSync(path.join(dist, 'shell/login.html'), 'utf8');
    expect(html).toContain(`<meta name="${WARM_MODULES_META}" content="${list.join(' ')}"></head>`);
  });
});
