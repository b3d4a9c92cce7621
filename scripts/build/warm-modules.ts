/**
 * Warm cache after sign-in, the build's half (docs/decisions.md "The first page after sign-in"): after the build, each
 * page in `into` gets a `<meta>` listing every module the pages in `pages` load before any interaction and it does
 * not load itself, in one flat list. The sign-in page then fetches them all at once (src/lib/warm-cache.ts), where
 * reading the shells and following each chunk's imports took one round trip per level of the import graph.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { staticModuleClosure } from '../lib/module-closure.ts';
import { WARM_MODULES_META } from '../../src/shared/warm-modules.ts';

/**
 * The modules of `pages` (built HTML files under `dist`) that `page` does not load itself, in the order they are asked
 * for. The sign-in opens the first page (the projects home), which asks for its own modules as soon as it opens; a
 * module only a later page needs has no other chance to be in the cache, so those come first, then the rest of the
 * later pages', then the first page's. A sign-in in the middle of the warm-up (a password manager) leaves with
 * whatever is still under way: its answer is not cached (a `keepalive` fetch outlives the page, its answer does not
 * reach the cache), so what is asked for first is what counts.
 */
export function modulesToWarm(dist: string, page: string, pages: readonly string[]): string[] {
  const own = new Set(staticModuleClosure(dist, page));
  const [opened, ...later] = pages;
  const first = new Set(opened ? staticModuleClosure(dist, opened) : []);
  const rest = [...later].reverse().flatMap((p) => staticModuleClosure(dist, p));
  const ordered = new Set([...rest.filter((url) => !first.has(url)), ...rest, ...first]);
  return [...ordered].filter((url) => !own.has(url));
}

/** Writes the list into the head of `page` (a built HTML file). */
export function writeWarmList(dist: string, page: string, modules: readonly string[]): void {
  const file = path.join(dist, page);
  const html = readFileSync(file, 'utf8');
  const meta = `<meta name="${WARM_MODULES_META}" content="${modules.join(' ')}">`;
  const at = html.indexOf('</head>');
  if (at === -1) throw new Error(`${page} has no </head>`);
  writeFileSync(file, html.slice(0, at) + meta + html.slice(at));
}

export function warmModules(options: { into: readonly string[]; pages: readonly string[] }): AstroIntegration {
  return {
    name: 'warm-modules',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        for (const page of options.into) {
          const modules = modulesToWarm(dist, page, options.pages);
          if (modules.length === 0)
            throw new Error(`nothing to warm for ${page}: are ${options.pages.join(', ')} built?`);
          writeWarmList(dist, page, modules);
          logger.info(`${page}: ${modules.length} modules to warm`);
        }
      },
    },
  };
}
