/**
 * Warm cache after sign-in (docs/decisions.md "The first page after sign-in"): while the sign-in page waits for the
 * password, the browser fetches the JavaScript of the pages a sign-in opens (the projects home and a section page)
 * into its HTTP cache, at the lowest priority, so the first dashboard page after signing in loads its modules from
 * the cache. The build lists them, flat, in the page's head (scripts/build/warm-modules.ts): all are asked for at
 * once, the modules only a later page needs first. Each is a `keepalive` fetch: a request the page has sent goes on
 * when the page leaves, as the sign-in does as soon as the password is accepted, but an answer that comes after the
 * page has gone is not cached (measured: 19 of 26 not cached when the page left at once; a plain fetch, 26 of 26; a
 * `<link rel="prefetch">`, 21 of 36). So a sign-in during the warm-up leaves with what is in. Nothing is run or
 * compiled here.
 */
import { WARM_MODULES_META } from '../shared/warm-modules';

/** The module URLs this document lists to warm (none when it lists none). */
function listedModules(doc: Document): string[] {
  const list = doc.querySelector(`meta[name="${WARM_MODULES_META}"]`)?.getAttribute('content') ?? '';
  return list.split(/\s+/).filter((href) => href.startsWith('/_astro/') && href.endsWith('.js'));
}

const asking = new Set<string>();
/** Whether the warm-up has started, and how many of its requests are still under way. */
let started = false;
let underWay = 0;

/** Counts `request` as under way until it settles. */
function track(request: Promise<unknown>): void {
  underWay++;
  void request.finally(() => underWay--);
}

/**
 * Whether the warm-up has run and every request it made is in: the sign-in page has settled. The sign-in swaps the
 * dashboard in only then (src/lib/open-after-sign-in.ts); during the warm-up it loads the page in full, as before.
 */
export function warmUpSettled(): boolean {
  return started && underWay === 0;
}

/** Asks for each of these modules this document has not loaded or asked for yet. Returns how many it asked for. */
function warm(hrefs: readonly string[]): number {
  started = true;
  const loaded = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
  let asked = 0;
  for (const href of hrefs) {
    const url = new URL(href, location.href).href;
    if (loaded.has(url) || asking.has(url)) continue;
    asking.add(url);
    // `keepalive`: a request the page has sent outlives it (its answer is cached only while the page is there).
    track(
      fetch(url, { priority: 'low', credentials: 'same-origin', keepalive: true }).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      ),
    );
    asked++;
  }
  return asked;
}

/** Asks for each listed module this document has not loaded or asked for yet. Returns how many it asked for. */
export function warmDashboardCache(doc: Document = document): number {
  return warm(listedModules(doc));
}

/**
 * The modules a dashboard page's shell names: its module scripts and the preloads the build writes for everything
 * else it runs before any interaction (scripts/build/module-preloads.ts).
 */
export function shellModules(html: string): string[] {
  const found = html.matchAll(
    /<(?:script type="module" src|link rel="modulepreload"[^>]*? href)="(\/_astro\/[^"]+\.js)"/g,
  );
  return [...new Set([...found].map((m) => m[1]!))];
}

/**
 * When the sign-in goes on to a page the list does not cover (a `redirectTo` link to another section), that page's
 * modules too: its shell is asked for at low priority and the modules it names are warmed like the list's. Only a
 * dashboard path on this site (the caller passes `safeRedirectPath`'s answer); `/` is the list's own.
 */
export async function warmTargetPage(path: string): Promise<number> {
  if (!path.startsWith('/') || path.startsWith('//') || path === '/' || path.startsWith('/auth/')) return 0;
  try {
    const shell = fetch(path, { priority: 'low', credentials: 'same-origin' });
    track(
      shell.then(
        () => undefined,
        () => undefined,
      ),
    );
    const response = await shell;
    if (!response.ok || !response.headers.get('content-type')?.includes('text/html')) return 0;
    return warm(shellModules(await response.text()));
  } catch {
    return 0;
  }
}
