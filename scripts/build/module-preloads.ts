/**
 * Every module of a dashboard page asked for at once (docs/decisions.md "The first page after sign-in"): after the
 * build, each page the client router serves gets a `<link rel="modulepreload" fetchpriority="low">` in its head for
 * each module it loads before any interaction and does not name in a `<script>` of its own. Without them the browser
 * finds a chunk only when its importer has arrived: four to five round trips, even from the HTTP cache (the React
 * chunk of a cached wallets page was asked for 150 ms into the load and arrived at 240 ms). Low priority: they never
 * come before what the page needs to paint (high-priority preloads moved Lighthouse's LCP of the wallets page from
 * 872–964 ms to 1,303 ms; these did not move it).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { closureOf, moduleClosureInOrder } from '../lib/module-closure.ts';

/**
 * The modules to preload for `page` (a built HTML file under `dist`): its closure minus its own module scripts. What
 * those scripts import comes first, each script's in turn: the browser runs them in document order once the document
 * is parsed, the first of them before any island (a list page's early rows: src/lib/early-rows.ts); then the rest in
 * the order the browser finds it.
 */
export function modulesToPreload(dist: string, page: string): string[] {
  const html = readFileSync(path.join(dist, page), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const own = new Set(scripts);
  const first = scripts.flatMap((script) => closureOf(dist, [script]));
  return [...new Set([...first, ...moduleClosureInOrder(dist, page)])].filter((url) => !own.has(url));
}

/** Writes the preloads into the head of `page`, after its `<meta charset>` (which must stay in the first 1,024 bytes). */
export function writePreloads(dist: string, page: string, modules: readonly string[]): void {
  const file = path.join(dist, page);
  const html = readFileSync(file, 'utf8');
  const charset = /<meta charset="[^"]*">/i.exec(html);
  const head = /<head>/i.exec(html);
  const at = charset ? charset.index + charset[0].length : head ? head.index + head[0].length : -1;
  if (at === -1) throw new Error(`${page} has no <head>`);
  const links = modules.map((href) => `<link rel="modulepreload" fetchpriority="low" href="${href}">`).join('');
  writeFileSync(file, html.slice(0, at) + links + html.slice(at));
}

/**
 * Pages of the dashboard's layout, whose client router serves the pages after them: where a full load is the first of
 * many pages. Known by the router's own script (the sign-in page has the router's meta, and loads it only at idle).
 */
export const ROUTED_PAGE = /<script type="module" src="\/_astro\/ClientRouter\.astro_astro_type_script/;

export function modulePreloads(options: { under: string }): AstroIntegration {
  return {
    name: 'module-preloads',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const pages = readdirSync(path.join(dist, options.under))
          .filter((f) => f.endsWith('.html'))
          .map((f) => path.posix.join(options.under, f))
          .filter((page) => ROUTED_PAGE.test(readFileSync(path.join(dist, page), 'utf8')));
        if (pages.length === 0) throw new Error(`no page under ${options.under} uses the client router`);
        let most = 0;
        for (const page of pages) {
          const modules = modulesToPreload(dist, page);
          writePreloads(dist, page, modules);
          most = Math.max(most, modules.length);
        }
        logger.info(`${pages.length} pages: up to ${most} module preloads each`);
      },
    },
  };
}
