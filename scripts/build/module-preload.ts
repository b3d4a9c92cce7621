/**
 * Module preloads for every built page (docs/decisions.md "Module preloads, a warm list, first rows first"): an
 * island's module is requested only when its `<astro-island>` starts hydrating, and each chunk it imports only once
 * that module has arrived, so an uncached page fetched its JavaScript in four rounds (the island, its chunks, theirs).
 * A `<link rel="modulepreload">` for each module of the page's static graph (what scripts/bench/js-weight.ts counts:
 * nothing more is loaded) lets the browser request them all while it parses the head. The client router's hover
 * preload and the sign-in page's warm list read the same graph. The same step puts each dashboard shell's list
 * request at the top of its head as an inline script (docs/decisions.md "The list request from the head").
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

/** Modules a page runs as scripts (its `<script src>`). */
const SCRIPT_MODULE = /<script[^>]*\ssrc="(\/_astro\/[^"]+\.js)"/g;
/** Modules a page's islands load: the component, its renderer (as scripts/bench/js-weight.ts reads them). */
const ISLAND_MODULE = /(?:component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g;
/** Chunks an inline module script imports. */
const INLINE_IMPORT = /import\s*(?:[\w*{}\s,$]+from\s*)?["'](\/_astro\/[^"']+\.js)["']/g;
/** Static `import … from "./x.js"` / `export … from "./x.js"` of a built chunk. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
/** Marks a page already processed (a second run over the same output adds nothing). */
const MARK = 'data-graph-preload';

/** The static graph of these modules (each once, importers before what they import), added to `seen`. */
function closure(dist: string, entries: Iterable<string>, seen = new Set<string>()): string[] {
  const found: string[] = [];
  const visit = (url: string) => {
    if (seen.has(url)) return;
    let code: string;
    try {
      code = readFileSync(path.join(dist, url), 'utf8');
    } catch {
      return;
    }
    seen.add(url);
    found.push(url);
    for (const [, dep] of code.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(url), dep!));
  };
  for (const url of entries) visit(url);
  return found;
}

/**
 * The page's static module graph in two parts: what its scripts load (the early list request among them), then what
 * only its islands load.
 */
export function pageGraph(dist: string, html: string): { scripts: string[]; islands: string[] } {
  const seen = new Set<string>();
  const scripts = closure(
    dist,
    [...html.matchAll(SCRIPT_MODULE), ...html.matchAll(INLINE_IMPORT)].map(([, url]) => url!),
    seen,
  );
  const islands = closure(
    dist,
    [...html.matchAll(ISLAND_MODULE)].map(([, url]) => url!),
    seen,
  );
  return { scripts, islands };
}

/** Every module of the page's static graph. */
export function staticGraph(dist: string, html: string): string[] {
  const { scripts, islands } = pageGraph(dist, html);
  return [...scripts, ...islands];
}

/**
 * The early list request's module script (src/page-scripts/early-request.ts, the first module script of DashboardLayout):
 * its whole module is an import of the `early` chunk and the call.
 */
const EARLY_SCRIPT = /^import\{(\w+) as (\w+)\}from"\.\/early\.[\w-]+\.js";\2\(\);?\s*$/;
const MODULE_SCRIPT_TAG = /<script type="module"(?: async)? src="(\/_astro\/[^"]+\.js)"><\/script>/g;

/** The entry of the inline early request (src/page-scripts/early-request-inline.ts). */
export const EARLY_INLINE_ENTRY = fileURLToPath(
  new URL('../../src/page-scripts/early-request-entry.ts', import.meta.url),
);

/** The early request as one classic script (an IIFE, minified): what withEarlyRequestInline puts in the head. */
export async function earlyRequestInlineCode(entry = EARLY_INLINE_ENTRY): Promise<string> {
  const bundle = await rolldown({ input: entry, logLevel: 'warn' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    const code = output[0].code.trim();
    if (output.length !== 1 || /<\/script|<!--/i.test(code)) throw new Error('early request: not one inlinable script');
    return code;
  } finally {
    await bundle.close();
  }
}

/**
 * The page with its early request module script replaced by `code` as an inline script at the top of its head (before
 * its first module script, the router's): the list request then leaves once the head is parsed, while a module script
 * runs only once its chunks are loaded and the page's preloaded modules compiled (docs/decisions.md "The list request
 * from the head"). A page without that module script is returned as it is.
 */
export function withEarlyRequestInline(dist: string, html: string, code: string): string {
  let found = false;
  const without = html.replace(MODULE_SCRIPT_TAG, (tag, src: string) => {
    let module: string;
    try {
      module = readFileSync(path.join(dist, src), 'utf8');
    } catch {
      return tag;
    }
    if (!EARLY_SCRIPT.test(module)) return tag;
    found = true;
    return '';
  });
  if (!found) return html;
  const headEnd = without.indexOf('</head>');
  const firstModule = without.indexOf('<script type="module"');
  const at = firstModule >= 0 && firstModule < headEnd ? firstModule : headEnd;
  return `${without.slice(0, at)}<script>${code}</script>${without.slice(at)}`;
}

/**
 * The page with a modulepreload link for each module of its graph it does not load by a `src` already: those of its
 * scripts first, then those only its islands need, at low priority, so that the scripts' chunks (the early list
 * request's) and that request itself are not queued behind them on the connections of an uncached load.
 */
export function withModulePreloads(dist: string, html: string): string {
  if (html.includes(MARK) || !html.includes('</head>')) return html;
  const own = new Set([...html.matchAll(SCRIPT_MODULE)].map(([, src]) => src));
  const { scripts, islands } = pageGraph(dist, html);
  const link = (url: string, low: boolean) =>
    `<link rel="modulepreload" href="${url}"${low ? ' fetchpriority="low"' : ''} ${MARK}>`;
  const links = [
    ...scripts.filter((url) => !own.has(url)).map((url) => link(url, false)),
    ...islands.map((url) => link(url, true)),
  ].join('');
  return links ? html.replace('</head>', `${links}</head>`) : html;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === '_astro' ? [] : htmlFiles(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

/** The sign-in page's meta that src/lib/warm-cache.ts reads (`WARM_META` there). */
const WARM_META = 'dashboard-warm';

/**
 * The page with the list of modules to warm (src/lib/warm-cache.ts): those of the `pages` (their HTML) that the page
 * does not load itself.
 */
export function withWarmList(dist: string, html: string, pages: readonly string[]): string {
  if (html.includes(`name="${WARM_META}"`) || !html.includes('</head>')) return html;
  const own = new Set(staticGraph(dist, html));
  const warm = [...new Set(pages.flatMap((page) => staticGraph(dist, page)))].filter((url) => !own.has(url));
  return warm.length ? html.replace('</head>', `<meta name="${WARM_META}" content="${warm.join(' ')}"></head>`) : html;
}

/**
 * Astro integration: adds the preloads to every HTML file of the build, and to each page of `warm` (a file of the
 * output, e.g. `shell/auth-login.html`) the list of the modules of the pages it leads to.
 */
export function modulePreload(options: { warm?: Record<string, readonly string[]> } = {}) {
  return {
    name: 'module-preload',
    hooks: {
      'astro:build:done': async ({ dir }: { dir: URL }) => {
        const dist = decodeURIComponent(dir.pathname);
        const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
        const early = await earlyRequestInlineCode();
        for (const [page, targets] of Object.entries(options.warm ?? {}))
          writeFileSync(path.join(dist, page), withWarmList(dist, read(page), targets.map(read)));
        for (const file of htmlFiles(dist)) {
          const html = readFileSync(file, 'utf8');
          const next = withModulePreloads(dist, withEarlyRequestInline(dist, html, early));
          if (next !== html) writeFileSync(file, next);
        }
      },
    },
  };
}
