/**
 * The built JavaScript and the page icon are served by Cloudflare Pages as static files, not through the Pages
 * Function (docs/decisions.md "Static assets without the Pages Function"). The root middleware answers every path
 * (`/*`), so without a `_routes.json` each of a page's ~40 module requests was a Function invocation: billed as a
 * Workers request and counted against the daily quota (100,000 on the free plan), while static asset requests are
 * free and unlimited. `_routes.json` keeps these paths out of the Function, and `_headers` gives them what the edge
 * gave them: the security headers of every response, the locked-down policy of non-HTML answers and their cache
 * policy (a `_headers` value replaces the one Pages sends by default).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { CACHE, COMMON_HEADERS, NON_HTML_CSP } from '../../functions/_lib/security-headers.ts';

/** The static paths Pages serves without the Function, with the cache policy of each. */
export const STATIC_ASSETS: readonly { pattern: string; cacheControl: string }[] = [
  // Content-hashed file names: a changed file is a new URL.
  { pattern: '/_astro/*', cacheControl: CACHE.immutable },
  // Browsers ask for it again on every section switch; a changed icon shows within a day.
  { pattern: '/favicon.svg', cacheControl: CACHE.icon },
];

/** `_routes.json`: the Function runs for every path but the static assets. */
export function routesJson(): string {
  return `${JSON.stringify({ version: 1, include: ['/*'], exclude: STATIC_ASSETS.map((a) => a.pattern) }, null, 2)}\n`;
}

/** `_headers`: for each static path, the edge's security headers, the non-HTML policy and its cache policy. */
export function headersFile(): string {
  const blocks = STATIC_ASSETS.map((a) => {
    const headers = { ...COMMON_HEADERS, 'Content-Security-Policy': NON_HTML_CSP, 'Cache-Control': a.cacheControl };
    return [a.pattern, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

export function staticAssets(): AstroIntegration {
  return {
    name: 'static-assets',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        writeFileSync(path.join(dist, '_routes.json'), routesJson());
        writeFileSync(path.join(dist, '_headers'), headersFile());
        logger.info(`${STATIC_ASSETS.map((a) => a.pattern).join(', ')} served without the Pages Function`);
      },
    },
  };
}
