/**
 * A section rendered ahead of its click (docs/decisions.md "Sections prepared on hover"). While the pointer (or the
 * keyboard focus) rests on a sidebar link, the section's main region (from the shell the hover prefetched) is put
 * into this document, hidden, beside the page's own: its island hydrates, its list takes the hover's data and renders
 * its rows, and the browser lays it out. The click then swaps only that region in
 * (src/page-scripts/client-navigation.ts): the sidebar and the header stay where they are, nothing is parsed or
 * hydrated after the click, and the rows are on screen in the click's own frame. This is the in-document form of
 * speculative prerendering: the section is still its own island, from its own page's HTML.
 *
 * A section is prepared only when it reads exactly what it will read once on screen: the same project, mode and route
 * parameters, and no query string on either page (the stores hold the page's own). It is dropped when anything it read
 * changes, when another one is prepared, and after PREFETCH_MAX_AGE_MS (its data is never shown older than the
 * hover's hand-off allows).
 */
import { PREFETCH_MAX_AGE_MS } from '../lib/prefetch-handoff';
import { matchRoute } from '../shared/routes';
import { prefetchedShell } from '../lib/prefetch-section';
import { markPreparedRows } from '../lib/first-row-mark';
import { PREPARED_ATTR, preparedKey } from '../lib/prepared-region';
import { isLoaderRunHere } from '../lib/astro-directive-loader';
import { $search } from '../stores/location';
import { $projectRoute, readProjectRoute } from '../stores/project-context';

/** How long the pointer rests on a link before its section is rendered (a pointer crossing the sidebar renders none). */
const REST_MS = 60;
/** How long the keyboard focus rests on a link before its section is rendered. */
const FOCUS_REST_MS = 300;
/** The longest the region a prepared section replaced waits for an idle moment to go. */
const SETTLE_MS = 300;
/**
 * The sections rendered on hover: the lists of the sidebar, whose islands only read (their data) when they mount.
 * Not prepared: pages that act when they open (user migrations resume a running import), forms and settings (read
 * when shown, never worth a hidden copy), the overview and analytics (charts; analytics pages bring a stylesheet of
 * their own), billing (a payment's result in the URL).
 */
const PREPARED_SECTIONS = new Set([
  'wallets',
  'users',
  'transactions',
  'policies',
  'contracts',
  'backend-wallets',
  'api-keys',
  'webhooks',
  'events',
  'logs',
  'members',
]);
/** The page's main region (`<main id="main">` in src/layouts/DashboardLayout.astro). */
const MAIN = 'main#main';

interface Prepared {
  href: string;
  /** The shell's document (the router swaps its head in). */
  doc: Document;
  main: HTMLElement;
  stop: () => void;
}

let prepared: Prepared | null = null;

/** Unmounts the islands under `root` (React's report for a root unmounted while hydrating is expected: kept quiet). */
export function unmountIslands(root: ParentNode, keep: (island: Element) => boolean = () => false): void {
  addEventListener('error', expectedUnmountError, true);
  try {
    for (const island of root.querySelectorAll('astro-island')) {
      if (!keep(island)) island.dispatchEvent(new CustomEvent('astro:unmount'));
    }
  } finally {
    removeEventListener('error', expectedUnmountError, true);
  }
}

/**
 * React's report when a root is unmounted before its hydration finished (a click in the first moments of a load:
 * the leaving page's island is still hydrating): "This root received an early update, before anything was able to
 * hydrate" (#424), reported while the unmount runs. That root is the one going away, so the report is expected and
 * kept off the console; any other error still goes through.
 */
function expectedUnmountError(event: ErrorEvent): void {
  const message = String((event.error as Error | undefined)?.message ?? event.message);
  if (/React error #424\b|received an early update, before anything was able to hydrate/.test(message))
    event.preventDefault();
}

/** Drops the prepared section, if any (its island unmounts, its region leaves the document). */
export function discardPrepared(): void {
  const p = prepared;
  if (!p) return;
  prepared = null;
  p.stop();
  unmountIslands(p.main);
  p.main.remove();
}

/**
 * Whether the page at `url` is a section rendered on hover that would read the same stores as this one (project,
 * mode, parameters, no query string).
 */
function readsTheSame(url: URL): boolean {
  if (url.origin !== location.origin || url.pathname === location.pathname) return false;
  if (url.search || location.search || $search.get()) return false;
  const here = $projectRoute.get();
  const there = readProjectRoute(url.pathname);
  const shell = matchRoute(url.pathname)?.route.shell;
  return Boolean(
    here && there && JSON.stringify(here) === JSON.stringify(there) && shell && PREPARED_SECTIONS.has(shell),
  );
}

function styleSheetsOf(doc: Document): string[] {
  return [...doc.head.querySelectorAll('style, link[rel="stylesheet"]')].map((el) => el.outerHTML);
}

/** Renders the section of `href` from its shell, hidden beside the page's main region. */
function prepare(href: string, html: string): void {
  const key = preparedKey(href);
  if (prepared?.href === key) return;
  const url = new URL(key);
  const current = document.querySelector<HTMLElement>(MAIN);
  if (!current || !readsTheSame(url)) return;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const shellMain = doc.querySelector<HTMLElement>(MAIN);
  if (!doc.querySelector('[name="astro-view-transitions-enabled"]') || !shellMain) return;
  // No script of its own: only Astro's directive loaders, which this document has run.
  if (![...shellMain.querySelectorAll('script')].every(isLoaderRunHere)) return;
  // Styled by this page's stylesheets: a page with others would be styled again when shown.
  const here = new Set(styleSheetsOf(document));
  if (!styleSheetsOf(doc).every((sheet) => here.has(sheet))) return;
  discardPrepared();
  doc.querySelectorAll('noscript').forEach((el) => el.remove());
  // A copy: the shell stays whole, so the router can still swap it in the usual way if this one is dropped meanwhile.
  const main = document.importNode(shellMain, true);
  main.querySelectorAll('script').forEach((script) => script.remove());
  main.removeAttribute('id');
  main.setAttribute(PREPARED_ATTR, key);
  main.setAttribute('aria-hidden', 'true');
  // Laid out at the width it will have, out of the flow, with no height (its vertical padding too) and nothing shown
  // outside it. Only properties that its content does not inherit: showing it restyles the region element alone.
  const width = current.getBoundingClientRect().width;
  main.style.cssText = `position:absolute;top:0;left:0;width:${width}px;height:0;padding-block:0;overflow:hidden`;
  const timer = setTimeout(discardPrepared, PREFETCH_MAX_AGE_MS);
  const unlisten = [$search.listen(discardPrepared), $projectRoute.listen(discardPrepared)];
  // Nothing in it is reachable by pointer (no height) or assistive technology (aria-hidden); Tab past the page's last
  // control could reach it, and then it goes. Not `inert`: ending that restyles the whole region (5–13 ms).
  main.addEventListener('focusin', discardPrepared);
  prepared = {
    href: key,
    doc,
    main,
    stop: () => {
      clearTimeout(timer);
      unlisten.forEach((off) => off());
      main.removeEventListener('focusin', discardPrepared);
    },
  };
  // Its island hydrates as it connects (client:load).
  current.after(main);
}

/** The parsed shell of the section prepared for `href`, if it is the one prepared. */
export function preparedDocument(href: string): Document | undefined {
  return prepared?.href === preparedKey(href) ? prepared.doc : undefined;
}

/** The prepared section for a navigation to `href` (taken: the next one starts afresh), or null. */
export function takePrepared(href: string): Omit<Prepared, 'stop'> | null {
  const p = prepared;
  if (!p || p.href !== preparedKey(href) || !p.main.isConnected) return null;
  prepared = null;
  p.stop();
  return p;
}

/**
 * Puts a taken prepared section on screen in place of the page's main region; the rest of the body stays. The swap
 * changes as little as it can: the leaving region is hidden, and its islands unmount and it goes when the main thread
 * is next idle (at most SETTLE_MS later; React's unmount of a whole list: ~5 ms). Until then they read the same
 * stores as the shown one (a prepared section keeps the query string and the project route): nothing to follow.
 */
export function showPrepared(p: Omit<Prepared, 'stop'>): void {
  const current = document.querySelector<HTMLElement>(MAIN);
  const { main } = p;
  if (current) {
    current.removeAttribute('id');
    current.hidden = true;
    requestIdleCallback(
      () => {
        unmountIslands(current);
        current.remove();
      },
      { timeout: SETTLE_MS },
    );
  }
  // Shown where it is (a moved subtree would be styled and laid out again from scratch).
  main.removeAttribute('style');
  main.removeAttribute('aria-hidden');
  main.removeAttribute(PREPARED_ATTR);
  main.id = 'main';
  if (current && current.nextElementSibling !== main) current.after(main);
  // The router announces the new page in a live region it adds to the body (the body it swaps in has none).
  document.querySelectorAll('body > .astro-route-announcer').forEach((el) => el.remove());
  markPreparedRows(main);
}

/**
 * Root attributes the page sets at run time (the theme's variables, the sign-in gate's state) or the router owns:
 * not the shell's to change.
 */
const OWN_ROOT_ATTRIBUTES = new Set(['style', 'data-auth', 'data-astro-transition', 'data-astro-transition-fallback']);

/**
 * Brings the root element's attributes to the next page's, touching only those that differ. The router's own swap
 * removes and sets them all, which restyles the whole document (7 ms here; nothing else of a prepared swap does);
 * the theme's variables are set again after every swap (src/page-scripts/dashboard-shell.ts), to the same values.
 */
export function syncRootAttributes(doc: Document): void {
  const root = document.documentElement;
  const next = doc.documentElement;
  for (const { name } of [...root.attributes])
    if (!next.hasAttribute(name) && !OWN_ROOT_ATTRIBUTES.has(name)) root.removeAttribute(name);
  for (const { name, value } of next.attributes) if (root.getAttribute(name) !== value) root.setAttribute(name, value);
}

/**
 * Wires preparation on intent for the given links (once per link): the pointer resting on one (REST_MS), or the
 * keyboard focus resting on one (FOCUS_REST_MS: someone tabbing through the sidebar passes most links quickly).
 */
const wired = new WeakSet<HTMLAnchorElement>();
export function prepareOnIntent(links: Iterable<HTMLAnchorElement>): void {
  for (const a of links) {
    if (wired.has(a)) continue;
    wired.add(a);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const after = (ms: number, still: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const href = a.href;
        void prefetchedShell(href)?.then((html) => {
          if (html && a.matches(still)) prepare(href, html);
        });
      }, ms);
    };
    a.addEventListener('pointerenter', () => after(REST_MS, ':hover'));
    a.addEventListener('pointerleave', () => clearTimeout(timer));
    a.addEventListener('focus', () => after(FOCUS_REST_MS, ':focus-visible'));
    a.addEventListener('blur', () => clearTimeout(timer));
  }
}
