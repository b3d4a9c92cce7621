/**
 * History writes that change nothing are not passed on (docs/decisions.md "Timed from inside the page; a
 * section switch writes history once").
 * Astro's client router writes the scroll position into `history.state` twice per navigation, before and after
 * preparing it, and both times it is usually the very state already there. For the browser each `replaceState` is a
 * same-document navigation: ~1.3 ms of the click's own task each, measured, before the new section is on screen.
 */

/** Whether two history states hold the same values: plain objects of primitives (the router's), or the same value. */
export function sameHistoryState(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((k) => Object.hasOwn(right, k) && typeof left[k] !== 'object' && Object.is(left[k], right[k]))
  );
}

type Writable = Pick<History, 'replaceState' | 'state'>;

/** Whether a `replaceState` URL leaves the document's URL as it is (a URL that does not parse: the browser decides). */
function sameUrl(url: string | URL | null | undefined, here: string): boolean {
  if (url === undefined || url === null) return true;
  try {
    return new URL(url, here).href === here;
  } catch {
    return false;
  }
}

/**
 * From now on, `history.replaceState` with the state already there and no other URL does nothing. `href` is the
 * document's URL (`location.href`), against which a relative `url` is read.
 */
export function skipUnchangedReplaceState(h: Writable, href: () => string): void {
  const replace = h.replaceState.bind(h);
  h.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
    if (sameUrl(url, href()) && sameHistoryState(state, h.state)) return;
    replace(state, unused, url);
  };
}
