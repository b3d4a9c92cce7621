/**
 * Prefetch on intent (docs/decisions.md "Prefetch on intent"): hovering or focusing a link to another section starts
 * that page's first data request and fetches its shell. The client router takes the shell from here when the link is
 * clicked (src/page-scripts/client-navigation.ts) and the list takes the data from the hand-off
 * (lib/prefetch-handoff.ts), so the click waits for neither.
 */
import { apiFetch } from './api-client';
import { pageRequestsOf } from './page-request';
import { prefetchOnce } from './prefetch-handoff';
import { isPrepared } from './prepared-region';

/** How long a prefetched shell may wait for its click (shells carry no data: this only bounds memory). */
const HTML_MAX_AGE_MS = 30_000;
const shells = new Map<string, { at: number; html: Promise<string | null> }>();

/**
 * Starts the first data requests of the page at this URL (its lists' first pages: one list but on the projects home),
 * each unless a fresh one is under way. Returns whether it started the first list's.
 */
export function prefetchPageData(url: URL, options: { acrossLoads?: boolean } = {}): boolean {
  const [first, ...others] = pageRequestsOf(url.pathname, url.search);
  if (!first) return false;
  const start = (path: string) =>
    prefetchOnce(
      path,
      async () => {
        const response = await apiFetch(path);
        return response.ok ? ((await response.json()) as unknown) : undefined;
      },
      options,
    );
  const started = start(first);
  others.forEach(start);
  return started;
}

/** The shell of `href` fetched on intent (null when that fetch failed or was not HTML); undefined when none is fresh. */
export function prefetchedShell(href: string): Promise<string | null> | undefined {
  const key = new URL(href, location.href);
  key.hash = '';
  const hit = shells.get(key.href);
  if (hit && Date.now() - hit.at > HTML_MAX_AGE_MS) shells.delete(key.href);
  return shells.get(key.href)?.html;
}

const MODULE_URL = /(?:component-url|renderer-url|before-hydration-url|src)="(\/_astro\/[^"]+\.js)"/g;
/** Static `import … from "./x.js"` / `export … from "./x.js"` of a built chunk (as scripts/bench/js-weight.ts reads them). */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const preloaded = new Set<string>();

/**
 * Fetches one module and the chunks it imports statically (a module preload alone does not follow imports), then
 * compiles it without running it (`modulepreload` of the cached, immutable answer).
 */
function preloadModule(href: string): void {
  const url = new URL(href, location.href).href;
  if (preloaded.has(url)) return;
  preloaded.add(url);
  void fetch(url)
    .then((r) => (r.ok ? r.text() : ''))
    .then((code) => {
      if (!code) return;
      for (const [, dep] of code.matchAll(STATIC_IMPORT)) if (dep) preloadModule(new URL(dep, url).href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = url;
      document.head.append(link);
    })
    .catch(() => {
      // Only a head start: the page loads its modules itself.
    });
}

/**
 * Fetches and compiles (without running) the modules a page's shell names (its islands, their renderer, its
 * scripts) and their static imports, those this document has not loaded yet: the click then only runs them.
 */
export function preloadModulesOf(html: string): void {
  // What this document loaded already is in its module map.
  for (const entry of performance.getEntriesByType('resource'))
    if (entry.name.endsWith('.js')) preloaded.add(entry.name);
  for (const [, src] of html.matchAll(MODULE_URL)) if (src) preloadModule(src);
}

function prefetchShell(url: URL): void {
  const key = new URL(url);
  key.hash = '';
  if (prefetchedShell(key.href)) return;
  const html = fetch(key.href, { credentials: 'same-origin' })
    .then((r) =>
      r.ok && !r.redirected && (r.headers.get('content-type') ?? '').startsWith('text/html') ? r.text() : null,
    )
    .then((text) => {
      if (text) preloadModulesOf(text);
      return text;
    })
    .catch(() => null);
  shells.set(key.href, { at: Date.now(), html });
}

/**
 * Starts the shell and the first data request of the page behind `href` (another page of this origin), unless that
 * section is rendered already (prepared on hover: the focus of its click would fetch its data again).
 */
export function prefetchSection(href: string): void {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname || isPrepared(url.href)) return;
  prefetchShell(url);
  prefetchPageData(url, { acrossLoads: true });
}

/** Wires prefetch on pointer hover and keyboard focus of the given links (once per link). */
const wired = new WeakSet<HTMLAnchorElement>();
export function prefetchOnIntent(links: Iterable<HTMLAnchorElement>): void {
  for (const a of links) {
    if (wired.has(a)) continue;
    wired.add(a);
    const go = () => prefetchSection(a.href);
    a.addEventListener('pointerenter', go);
    a.addEventListener('focus', go);
  }
}
