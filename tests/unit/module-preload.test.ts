import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  earlyRequestInlineCode,
  staticGraph,
  withEarlyRequestInline,
  withModulePreloads,
  withWarmList,
} from '../../scripts/build/module-preload.ts';

/** A built output with a page whose island imports a chunk that imports another, and a chunk only imported lazily. */
function dist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'module-preload-'));
  mkdirSync(path.join(dir, '_astro'));
  const files: Record<string, string> = {
    'page.js': 'import{t as e}from"./shared.js";e();',
    'Island.js': 'import{a}from"./list.js";export default a;',
    'list.js': 'import{b}from"./cells.js";const l=()=>import("./lazy.js");export{b as a,l};',
    'cells.js': 'export const b=1;',
    'lazy.js': 'export const z=1;',
    'shared.js': 'export const t=()=>{};',
    'client.js': 'export default 1;',
    'early-script.js': 'import{t as e}from"./early.AbC-12.js";e();',
    'early.AbC-12.js': 'export const t=()=>{};',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, '_astro', name), code);
  return dir;
}

const page =
  '<html><head><script type="module" src="/_astro/page.js"></script>' +
  '<script type="module" src="/_astro/early-script.js"></script></head><body>' +
  '<astro-island component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island></body></html>';

describe('module preloads of a built page', () => {
  it('lists the static graph of its scripts and islands, not what is imported lazily', () => {
    expect(staticGraph(dist(), page).sort()).toEqual(
      [
        '/_astro/Island.js',
        '/_astro/cells.js',
        '/_astro/client.js',
        '/_astro/early-script.js',
        '/_astro/early.AbC-12.js',
        '/_astro/list.js',
        '/_astro/page.js',
        '/_astro/shared.js',
      ].sort(),
    );
  });

  it('preloads every module the page does not load by a script tag, once', () => {
    const dir = dist();
    const once = withModulePreloads(dir, page);
    const preloaded = [...once.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded.sort()).toEqual(
      [
        '/_astro/Island.js',
        '/_astro/cells.js',
        '/_astro/client.js',
        '/_astro/early.AbC-12.js',
        '/_astro/list.js',
        '/_astro/shared.js',
      ].sort(),
    );
    expect(once.indexOf('modulepreload')).toBeLessThan(once.indexOf('</head>'));
    // The scripts' chunks first and at their normal priority; what only the islands need after them, at low priority.
    expect(once).toContain('<link rel="modulepreload" href="/_astro/shared.js" data-graph-preload>');
    expect(once).toContain(
      '<link rel="modulepreload" href="/_astro/Island.js" fetchpriority="low" data-graph-preload>',
    );
    expect(once.indexOf('/_astro/early.AbC-12.js"')).toBeLessThan(once.indexOf('href="/_astro/Island.js"'));
    expect(withModulePreloads(dir, once)).toBe(once);
  });

  it('replaces the early request module script by the inline script at the top of the head, once', () => {
    const dir = dist();
    const shell = '<html><head><meta charset="utf-8"><script>gate()</script>' + page.slice('<html><head>'.length);
    const out = withEarlyRequestInline(dir, shell, 'early()');
    expect(out).not.toContain('/_astro/early-script.js');
    expect(out).toContain('<script type="module" src="/_astro/page.js">');
    // After the inline scripts before it (the gate), before the first module script.
    expect(out).toContain(
      '<script>gate()</script><script>early()</script><script type="module" src="/_astro/page.js">',
    );
    expect(withEarlyRequestInline(dir, out, 'early()')).toBe(out);
    // A page without the early request (an auth page) is left as it is.
    const login = '<html><head><script type="module" src="/_astro/page.js"></script></head><body></body></html>';
    expect(withEarlyRequestInline(dir, login, 'early()')).toBe(login);
  });

  it('bundles the early request into one classic script that a page can inline', async () => {
    const code = await earlyRequestInlineCode();
    expect(code).toMatch(/^\(function\(\)\{/);
    expect(code).not.toMatch(/\bimport\s*\(|\bimport\s*[{*"']|<\/script/i);
    // The hand-off the list reads (src/lib/prefetch-handoff.ts), and no API client or supabase-js.
    expect(code).toContain('__dashboardPrefetched');
    expect(code).not.toMatch(/supabase|refreshSession/);
    expect(code.length).toBeLessThan(20_000);
  });

  it('lists for warming the modules of the target pages the page does not load itself', () => {
    const dir = dist();
    const login = '<html><head><script type="module" src="/_astro/page.js"></script></head><body></body></html>';
    const out = withWarmList(dir, login, [page]);
    const content = out.match(/<meta name="dashboard-warm" content="([^"]*)">/)?.[1]?.split(' ') ?? [];
    expect(content.sort()).toEqual(
      [
        '/_astro/Island.js',
        '/_astro/cells.js',
        '/_astro/client.js',
        '/_astro/early-script.js',
        '/_astro/early.AbC-12.js',
        '/_astro/list.js',
      ].sort(),
    );
    expect(withWarmList(dir, out, [page])).toBe(out);
  });
});
