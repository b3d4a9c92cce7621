/**
 * Navigation without a document reload (docs/decisions.md "Navigation without a document reload"). Astro's client
 * router (`<ClientRouter />` in src/layouts/DashboardLayout.astro) fetches the next dashboard page and swaps its body
 * in: the modules stay evaluated, the persisted layout stays, only the section's island mounts. This module keeps what
 * a full load gives: the sign-in gate, the data request started before the island hydrates, the page's stores (URL
 * search, project route), the first-row mark, focus on the new page's heading, scroll restored on back and forward,
 * and the CSP (a page whose inline scripts the current policy may not allow is loaded in full instead).
 */
import { focusHeading } from '../lib/focus-heading';
import { swapFunctions } from 'astro:transitions/client';
import type { TransitionBeforePreparationEvent, TransitionBeforeSwapEvent } from 'astro:transitions/client';
import { needsMfaStep } from '../shared/auth-storage';
import { $search, setPagePath } from '../stores/location';
import { $projectRoute, readProjectRoute } from '../stores/project-context';
import { forgetListAnswers } from '../lib/query';
import { FIRST_ROW_MARK } from '../lib/first-row-mark';
import { prefetchedShell, preloadModulesOf } from '../lib/prefetch-section';
import { startPageRequest } from './early-request';
import {
  discardPrepared,
  preparedDocument,
  showPrepared,
  syncRootAttributes,
  takePrepared,
  unmountIslands,
} from './prepared-section';
import { storedSession } from './auth-gate';
import { skipUnchangedReplaceState } from '../lib/history-writes';
import { swapHeadElements } from '../lib/head-swap';

/** Inline scripts the first document ran, by text: the only ones its CSP (hashes of that document's) allows. */
const allowedInline = new Set<string>();

function inlineScripts(doc: Document): string[] {
  return [...doc.querySelectorAll('script:not([src])')]
    .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module')
    .map((s) => s.textContent ?? '')
    .filter(Boolean);
}

/** Stops the router's navigation quietly: it waits for an abort that the next navigation sends, and does nothing. */
function stay(event: TransitionBeforePreparationEvent): void {
  event.loader = () => new Promise<void>((resolve) => event.signal.addEventListener('abort', () => resolve()));
}

async function loadShell(event: TransitionBeforePreparationEvent, fallback: () => Promise<void>): Promise<void> {
  // A section prepared on hover brings its shell parsed already.
  const parsed = event.navigationType === 'traverse' ? undefined : preparedDocument(event.to.href);
  const html = parsed ? null : await prefetchedShell(event.to.href);
  const doc = parsed ?? (html ? new DOMParser().parseFromString(html, 'text/html') : null);
  if (doc?.querySelector('[name="astro-view-transitions-enabled"]')) {
    doc.querySelectorAll('noscript').forEach((el) => el.remove());
    event.newDocument = doc;
  } else {
    await fallback();
    // Not hovered first: the new page's modules load while the swap is prepared.
    preloadModulesOf(event.newDocument.documentElement.outerHTML);
  }
  // A page with an inline script this document's CSP does not list would run without it: load it in full instead.
  if (!event.defaultPrevented && inlineScripts(event.newDocument).some((text) => !allowedInline.has(text))) {
    event.preventDefault();
  }
}

/**
 * Where each page was scrolled when it was left, by path. The router keeps a position in `history.state`, but writes
 * it when scrolling ends: the leaving page shrinks as its list unmounts, and that scroll (to 0) can end before the
 * next entry is pushed, overwriting the position of the page left. Read before anything changes, it stays right. By
 * path, not URL: the router's `from` does not know the list's own `?page=2` (pushed by the list, not the router).
 */
const leftAt = new Map<string, { x: number; y: number }>();
/** The navigation being prepared is back/forward (its position is restored after the swap). */
let traversing = false;

function onBeforePreparation(e: Event): void {
  const event = e as TransitionBeforePreparationEvent;
  const traverse = event.navigationType === 'traverse';
  // Back or forward between views of the same page (a list's `?page=2`): the list follows the URL by itself.
  if (traverse && event.to.pathname === event.from.pathname) return stay(event);
  leftAt.set(event.from.pathname, { x: scrollX, y: scrollY });
  traversing = traverse;
  // Unsaved edits: src/lib/unsaved-changes.ts wraps the loader set below (it asks first, then runs it).
  // Signed out meanwhile (or owing the MFA code): a full load, whose gate sends to the sign-in page before paint.
  const session = storedSession();
  if (!session || needsMfaStep(session)) return event.preventDefault();
  // The next page's data, in parallel with its shell (a section prepared on hover has its own already).
  if (!preparedDocument(event.to.href)) startPageRequest(event.to);
  const original = event.loader;
  event.loader = () => loadShell(event, original);
}

/**
 * Unmounts the islands of the leaving page now (the router would at the end of the swap), except those a persisted
 * element keeps: a list still mounted would see the next page's URL in the stores and write its own view into it.
 */
function unmountLeavingIslands(next: Document): void {
  unmountIslands(document.body, (island) => {
    const kept = island.closest('[data-astro-transition-persist]')?.getAttribute('data-astro-transition-persist');
    return Boolean(kept && next.querySelector(`[data-astro-transition-persist="${CSS.escape(kept)}"]`));
  });
}

function onBeforeSwap(e: Event): void {
  const event = e as TransitionBeforeSwapEvent;
  // The section rendered on hover, when this is its link (src/page-scripts/prepared-section.ts); any other goes.
  const ready = event.navigationType === 'traverse' ? null : takePrepared(event.to.href);
  performance.clearMarks(FIRST_ROW_MARK);
  if (ready) {
    // Only the main region changes: the prepared one has read this URL's stores and has its own answers; the leaving
    // islands go once it is on screen (showPrepared).
    const doc = event.newDocument;
    event.swap = () => {
      swapFunctions.deselectScripts(doc);
      syncRootAttributes(doc);
      swapHeadElements(doc);
      showPrepared(ready);
    };
  } else {
    discardPrepared();
    unmountLeavingIslands(event.newDocument);
    forgetListAnswers();
  }
  // Islands of the new page read these as they hydrate, which starts with the swap.
  setPagePath(event.to.pathname);
  followRoute(event.to.pathname, event.to.search);
}

/** Moves the page's stores to a new URL (a route that did not change keeps its value: no query refetches for it). */
function followRoute(pathname: string, search: string): void {
  if ($search.get() !== search) $search.set(search);
  const route = readProjectRoute(pathname);
  if (JSON.stringify(route) !== JSON.stringify($projectRoute.get())) $projectRoute.set(route);
}

let stopRestoring: (() => void) | null = null;

/**
 * Scrolls back to where the page was on back/forward. The list renders after the swap (a skeleton first, then its
 * rows), so the page may be too short for the position for a while, or shrink again: the position is applied again
 * whenever the page's height changes, for 3 s, until the user scrolls, clicks or types.
 */
function restoreScroll(x: number, y: number): void {
  stopRestoring?.();
  const apply = () => {
    if (Math.abs(scrollY - y) > 1 || Math.abs(scrollX - x) > 1) scrollTo({ left: x, top: y, behavior: 'instant' });
  };
  apply();
  const observer = new ResizeObserver(apply);
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const timer = setTimeout(() => stop(), 3_000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of inputs) removeEventListener(type, stop, true);
    stopRestoring = null;
  };
  observer.observe(document.body);
  for (const type of inputs) addEventListener(type, stop, { capture: true, passive: true });
  stopRestoring = stop;
}

function onAfterSwap(): void {
  followRoute(location.pathname, location.search);
  focusHeading();
  const at = traversing ? leftAt.get(location.pathname) : undefined;
  traversing = false;
  if (at && (at.x || at.y)) restoreScroll(at.x, at.y);
  else stopRestoring?.();
}

let started = false;

/** Wires the client router's events (once per document: the module stays evaluated across navigations). */
export function startClientNavigation(): void {
  if (started) return;
  started = true;
  skipUnchangedReplaceState(history, () => location.href);
  for (const text of inlineScripts(document)) allowedInline.add(text);
  document.addEventListener('astro:before-preparation', onBeforePreparation);
  document.addEventListener('astro:before-swap', onBeforeSwap);
  document.addEventListener('astro:after-swap', onAfterSwap);
}
