/**
 * Confirm before leaving a page with unsaved changes (docs/decisions.md "No lost edits").
 *
 * API
 * - `holdUnsavedChanges()`: a form with changes calls it and keeps the returned release function; while any hold is
 *   kept, leaving the page asks first. React forms use `useUnsavedChanges(dirty)` of
 *   src/islands/shared/settings-frame.tsx, which holds while `dirty` is true.
 * - `confirmLeaving()`: resolves `true` at once when nothing is held, else asks in a dialog ("Stay on this page" /
 *   "Leave without saving") and resolves with the answer. A `true` lets the navigation that follows go unasked.
 * - `leaveTo(href, go?)`: navigation started by script (the command palette, the project switcher): asks, then calls
 *   `go(href)` (default `location.assign`; with Astro's ClientRouter pass its `navigate`).
 * - `allowLeaving()`: the next navigation goes without asking (after a delete that leaves the page).
 *
 * What is guarded, once the first hold is taken (nothing is listened to before):
 * - Closing the tab, reloading, typing an address, a cross-document back/forward: `beforeunload` (the browser's own
 *   dialog; browsers show it only after the user has interacted with the page, which typing is).
 * - Clicks on links that would leave the document (same-origin or not; not new-tab clicks, `target=_blank`,
 *   downloads or links to a fragment of this page): the click is stopped in the capture phase, before Astro's
 *   ClientRouter sees it, our dialog asks, and a confirmed leave clicks the link again so whatever handles links
 *   (the browser or the ClientRouter) follows it as before.
 * - ClientRouter navigations not started by a click (`navigate()`, back/forward): `astro:before-preparation`.
 *   Calling `preventDefault()` on that event does NOT cancel: Astro's router then loads the page in full
 *   (`location.href = to.href`, node_modules/astro/dist/transitions/router.js). So the guard replaces the event's
 *   `loader` (Astro awaits it before swapping): it asks, then runs Astro's loader, or, when the user stays, never
 *   settles, which leaves the page as it is until the next navigation supersedes it. A cancelled back/forward is
 *   undone with `history.go` (that return trip is not asked about and loads nothing).
 * - The ClientRouter's swap (`astro:before-swap`) drops every hold: the islands that took them are gone.
 */

const holds = new Set<symbol>();
/** Set once the user chose to leave (or `allowLeaving`): the navigation in progress is not asked about again. */
let leaving = false;
let installed = false;
let asking: Promise<boolean> | null = null;
/** `history.state.index` (kept by Astro's router) of the page as shown; undoes a cancelled back/forward. */
let shownIndex: number | undefined;
/** A cancelled back/forward is being undone: its return popstate loads nothing. */
let undoing = false;

/** Holds the guard until the returned function is called (idempotent). */
export function holdUnsavedChanges(): () => void {
  install();
  const hold = Symbol('unsaved changes');
  holds.add(hold);
  return () => void holds.delete(hold);
}

/** Whether some form of this page holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return holds.size > 0 && !leaving;
}

/** The next navigation leaves without asking. */
export function allowLeaving(): void {
  leaving = true;
}

/** Asks whether to leave (only when something is unsaved); `true` lets the navigation that follows go. */
export function confirmLeaving(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  asking ??= askInDialog().then((leave) => {
    asking = null;
    if (leave) leaving = true;
    return leave;
  });
  return asking;
}

/** Goes to `href` once `confirmLeaving` agrees. */
export async function leaveTo(href: string, go: (href: string) => unknown = (h) => location.assign(h)): Promise<void> {
  if (await confirmLeaving()) await go(href);
}

function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  shownIndex = historyIndex();
  window.addEventListener('beforeunload', (event) => {
    if (!hasUnsavedChanges()) return;
    event.preventDefault();
  });
  window.addEventListener('pageshow', (event) => {
    // Back from the bfcache: the page is shown again, so is its form.
    if (event.persisted) leaving = false;
  });
  document.addEventListener('click', onClick, true);
  document.addEventListener('astro:before-preparation', onBeforePreparation);
  document.addEventListener('astro:before-swap', () => {
    holds.clear();
    leaving = false;
  });
  document.addEventListener('astro:after-swap', () => (shownIndex = historyIndex()));
}

function historyIndex(): number | undefined {
  const index = (history.state as { index?: unknown } | null)?.index;
  return typeof index === 'number' ? index : undefined;
}

/** The link a click would follow out of this document, or null. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | HTMLAreaElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.composedPath()[0];
  const link = target instanceof Element ? target.closest('a[href], area[href]') : null;
  if (!(link instanceof HTMLAnchorElement || link instanceof HTMLAreaElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, location.href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const here = new URL(location.href);
  if (url.hash && url.origin + url.pathname + url.search === here.origin + here.pathname + here.search) return null;
  return link;
}

function onClick(event: MouseEvent) {
  if (!hasUnsavedChanges()) return;
  const link = leavingLink(event);
  if (!link) return;
  event.preventDefault();
  void confirmLeaving().then((leave) => {
    if (!leave) return;
    if (link.isConnected) link.click();
    else location.assign(link.href);
  });
}

/** The part of Astro's `TransitionBeforePreparationEvent` the guard uses (astro/dist/transitions/events.d.ts). */
interface BeforePreparation extends Event {
  navigationType: 'push' | 'replace' | 'traverse';
  loader: () => Promise<void>;
}

function onBeforePreparation(event: Event) {
  const prep = event as BeforePreparation;
  if (undoing) {
    // The return trip of a cancelled back/forward: the page shown is already the right one.
    undoing = false;
    prep.loader = () => new Promise<void>(() => {});
    return;
  }
  if (!hasUnsavedChanges()) return;
  const load = prep.loader;
  const index = historyIndex();
  prep.loader = async () => {
    if (await confirmLeaving()) return load();
    if (prep.navigationType === 'traverse' && shownIndex !== undefined && index !== undefined && index !== shownIndex) {
      undoing = true;
      history.go(shownIndex - index);
    }
    return new Promise<void>(() => {});
  };
}

const DIALOG_ID = 'unsaved-changes-dialog';

/** The dialog: a native modal <dialog> (focus kept inside, Escape stays), built once per document. */
function askInDialog(): Promise<boolean> {
  let dialog = document.getElementById(DIALOG_ID) as HTMLDialogElement | null;
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = DIALOG_ID;
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-labelledby', `${DIALOG_ID}-title`);
    dialog.setAttribute('aria-describedby', `${DIALOG_ID}-text`);
    dialog.className =
      'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-border bg-card p-6 text-foreground shadow-lg backdrop:bg-black/40';
    dialog.innerHTML = `
      <form method="dialog" class="grid gap-4">
        <h2 id="${DIALOG_ID}-title" class="text-lg font-semibold">Leave without saving?</h2>
        <p id="${DIALOG_ID}-text" class="text-sm text-muted-foreground">
          You have unsaved changes on this page. If you leave now, they are lost.
        </p>
        <div class="flex flex-wrap justify-end gap-3">
          <button value="stay" autofocus class="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90">Stay on this page</button>
          <button value="leave" class="inline-flex h-10 items-center rounded-md border border-border bg-background px-4 text-sm font-medium hover:bg-muted">Leave without saving</button>
        </div>
      </form>`;
    document.body.append(dialog);
  }
  const shown = dialog;
  shown.returnValue = '';
  return new Promise((resolve) => {
    shown.addEventListener('close', () => resolve(shown.returnValue === 'leave'), { once: true });
    shown.showModal();
  });
}
