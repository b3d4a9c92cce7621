/**
 * The next page's head, changing only what differs (docs/decisions.md "Where a switch's click goes, and what the
 * sign-in tab does in the race"). Astro's router removes every element of the head and appends the next page's:
 * two list pages share all but a handful (the title, a few module preloads), so a switch removed and inserted ~45
 * elements (9.5 % of the click's samples in a profile). Here an element the next head holds too stays where it is,
 * untouched; the others go, and the next head's remaining elements are appended, as the router would.
 *
 * "The same" is the router's rule, widened: an element it keeps (one persisted by `data-astro-transition-persist`, a
 * stylesheet link by its URL, a style by its text) or an element written the same (same tag, attributes and content:
 * the scripts that have run carry the router's `data-astro-exec` on both sides).
 */

/** What `headKey` reads of an element. */
interface HeadElement {
  getAttribute(name: string): string | null;
  matches(selector: string): boolean;
  readonly outerHTML: string;
}

/** What identifies a head element across pages: its persistence name, a stylesheet's URL, or its markup. */
export function headKey(el: HeadElement): string {
  const persisted = el.getAttribute('data-astro-transition-persist');
  if (persisted) return `persist:${persisted}`;
  if (el.matches('link[rel=stylesheet]')) return `stylesheet:${el.getAttribute('href') ?? ''}`;
  return el.outerHTML;
}

/**
 * Which of the current head's elements stay (by index) and which of the next head's are appended (by index), given
 * each one's key. An element stays when the next head has one with its key that no earlier element took.
 */
export function planHeadSwap(current: string[], next: string[]): { keep: number[]; append: number[] } {
  const waiting = new Map<string, number[]>();
  next.forEach((key, i) => waiting.set(key, [...(waiting.get(key) ?? []), i]));
  const keep: number[] = [];
  const matched = new Set<number>();
  current.forEach((key, i) => {
    const match = waiting.get(key)?.shift();
    if (match === undefined) return;
    keep.push(i);
    matched.add(match);
  });
  return { keep, append: next.map((_, i) => i).filter((i) => !matched.has(i)) };
}

/** Brings `document.head` to `next`'s head (see above). */
export function swapHeadElements(next: Document): void {
  const current = [...document.head.children];
  const incoming = [...next.head.children];
  const { keep, append } = planHeadSwap(current.map(headKey), incoming.map(headKey));
  const kept = new Set(keep);
  current.forEach((el, i) => kept.has(i) || el.remove());
  document.head.append(...append.map((i) => incoming[i]!));
}
