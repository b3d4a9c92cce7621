/**
 * Rows before the island (docs/decisions.md "Rows before the island", issue 18). On a full load of a list page the
 * inline script in the head starts the list's request while the document is parsed (early-request-script.ts); its
 * answer is usually in before the island's modules have loaded and long before React has hydrated the list and
 * rendered its rows. The page's own module script (wallets, users, transactions) paints the first rows from that
 * answer into the list's skeleton body as plain HTML, written by the same markup functions as the list's React rows
 * (components/data-list/row-markup.ts and each section's early-rows.ts, checked against the React cells by
 * tests/unit/early-rows.test.ts). React does not hydrate that body (it is HTML to React: data-list.tsx), and replaces
 * it with its own identical rows when its answer is in, so nothing moves on screen. Until then a row's links work
 * (they are links); a click on a row or on a button in it, or Enter on a row, is done again on the same place of the
 * island's rows once they are in, and the keyboard focus of a row moves to its replacement (`handOver`).
 *
 * Painted only when all of this holds, else the list renders its rows as before: the document is still loading; the
 * early request was for this page's default view (no query string) and answered with rows; the list body still shows
 * the skeleton; and the list shows its default columns (the user chose none, or the same ones).
 */
import { LIST_BODY_ATTR, SKELETON_ATTR, dataRowHtml } from '../components/data-list/row-markup';
import { savedColumns } from '../components/data-list/column-prefs';
import { isMode, matchRoute, type Mode } from '../shared/routes';
import { markFirstRow } from './first-row-mark';
import { earlyAnswer } from './prefetch-handoff';

/** A list's first rows as HTML: the list it is, its default columns, and each row's label and cells. */
export interface EarlyRows<T> {
  /** The list's key (DataList `listKey`: its saved columns and its body's `data-list`). */
  listKey: string;
  /** The ids of the columns the list shows by default, in order: the cells of `cells`. */
  columns: readonly string[];
  rowLabel: (row: T) => string;
  cells: (row: T, route: { projectId: string; mode: Mode }) => readonly { html: string; className?: string }[];
}

/** The rows of a page answer (`{ data: [...] }`), or null when it is not one. */
function rowsOf(answer: unknown): unknown[] | null {
  const data = (answer as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) && data.length > 0 ? data : null;
}

/** Whether the list will show exactly its default columns (no choice saved, or the same set). */
function showsDefaultColumns(listKey: string, columns: readonly string[]): boolean {
  const saved = savedColumns(listKey);
  return !saved || (saved.length === columns.length && columns.every((id) => saved.includes(id)));
}

/** The rows' HTML, or null when a row does not have the shape the cells read (the island then renders them). */
export function earlyRowsHtml<T>(
  rows: EarlyRows<T>,
  answer: unknown,
  route: { projectId: string; mode: Mode },
): string | null {
  const items = rowsOf(answer);
  if (!items) return null;
  try {
    return items.map((item) => dataRowHtml(rows.rowLabel(item as T), rows.cells(item as T, route))).join('');
  } catch {
    return null;
  }
}

/** Paints the list's first rows from the page's early answer when it comes, if all the conditions above hold. */
export function paintEarlyRows<T>(rows: EarlyRows<T>): void {
  const answer = earlyAnswer();
  const params = matchRoute(location.pathname)?.params;
  const projectId = params?.projectId;
  const mode = params?.mode;
  if (!answer || document.readyState === 'complete' || location.search || !projectId || !isMode(mode)) return;
  if (!showsDefaultColumns(rows.listKey, rows.columns)) return;
  void answer.then((data) => {
    const body = document.querySelector<HTMLTableSectionElement>(`tbody[${LIST_BODY_ATTR}="${rows.listKey}"]`);
    if (!body?.firstElementChild?.hasAttribute(SKELETON_ATTR)) return;
    const html = earlyRowsHtml(rows, data, { projectId, mode });
    if (html === null) return;
    body.innerHTML = html;
    body.classList.remove('animate-pulse');
    markFirstRow(body);
    handOver(body);
  });
}

/** Where `element` is under `body`: the child index at each level. */
function pathOf(body: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node !== body && node.parentElement; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node));
  return path;
}

function at(body: Element, path: readonly number[]): HTMLElement | null {
  let node: Element | undefined = body;
  for (const i of path) node = node?.children[i];
  return node instanceof HTMLElement ? node : null;
}

/**
 * What a user does to the painted rows before the island has them, done to the island's rows when they replace them:
 * the last click on a row or a button in it (or Enter on a row) is clicked again at the same place, and a focused row
 * or button is focused again. Links need nothing: they work as painted.
 */
export function handOver(body: HTMLTableSectionElement): void {
  const painted = new Set<Element>(body.children);
  let clicked: number[] | null = null;
  let focused: number[] | null = null;
  const target = (event: Event) => {
    const element = event.target instanceof Element ? event.target : null;
    const row = element?.closest('tr');
    if (!element || !row || !painted.has(row) || element.closest('a')) return null;
    return element.closest('button') ?? row;
  };
  const onClick = (event: MouseEvent) => {
    const element = target(event);
    if (element) clicked = pathOf(body, element);
  };
  const onKey = (event: KeyboardEvent) => {
    const element = target(event);
    if (event.key === 'Enter' && element?.tagName === 'TR') clicked = pathOf(body, element);
  };
  const onFocus = (event: FocusEvent) => {
    const element = target(event);
    focused = element ? pathOf(body, element) : null;
  };
  body.addEventListener('click', onClick);
  body.addEventListener('keydown', onKey);
  body.addEventListener('focusin', onFocus);
  const observer = new MutationObserver(() => {
    if ([...body.children].some((row) => painted.has(row))) return;
    observer.disconnect();
    body.removeEventListener('click', onClick);
    body.removeEventListener('keydown', onKey);
    body.removeEventListener('focusin', onFocus);
    const lostFocus = !document.activeElement || document.activeElement === document.body;
    if (focused && lostFocus) at(body, focused)?.focus();
    if (clicked) at(body, clicked)?.click();
  });
  observer.observe(body, { childList: true });
}
