/**
 * The sign-in page's policy allows the dashboard's inline scripts (src/shared/dashboard-scripts.ts): after the build,
 * the hashes of every inline script of the pages served by the client router go into a `<meta>` of each page in
 * `into`, hashed by the edge's own function, so the list and the policy cannot disagree.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { inlineScriptHashes } from '../../functions/_lib/shell-html.ts';
import { DASHBOARD_SCRIPTS_META } from '../../src/shared/dashboard-scripts.ts';
import { ROUTED_PAGE } from './module-preloads.ts';

/** The hashes of every inline script of the routed pages under `under` (built HTML files in `dist`), sorted. */
export async function dashboardScriptHashes(dist: string, under: string): Promise<string[]> {
  const pages = readdirSync(path.join(dist, under))
    .filter((f) => f.endsWith('.html'))
    .map((f) => readFileSync(path.join(dist, under, f), 'utf8'))
    .filter((html) => ROUTED_PAGE.test(html));
  if (pages.length === 0) throw new Error(`no page under ${under} uses the client router`);
  const hashes = new Set((await Promise.all(pages.map(inlineScriptHashes))).flat());
  return [...hashes].sort();
}

export function dashboardScripts(options: { into: readonly string[]; under: string }): AstroIntegration {
  return {
    name: 'dashboard-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const hashes = await dashboardScriptHashes(dist, options.under);
        for (const page of options.into) {
          const file = path.join(dist, page);
          const html = readFileSync(file, 'utf8');
          const at = html.indexOf('</head>');
          if (at === -1) throw new Error(`${page} has no </head>`);
          const meta = `<meta name="${DASHBOARD_SCRIPTS_META}" content="${hashes.join(' ')}">`;
          writeFileSync(file, html.slice(0, at) + meta + html.slice(at));
        }
        logger.info(`${hashes.length} dashboard script hashes listed in ${options.into.join(', ')}`);
      },
    },
  };
}
