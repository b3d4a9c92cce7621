/**
 * The markup of a list's rows that two renderers share (docs/decisions.md "Rows before the island"): the list itself
 * (data-row.tsx, React) and the first rows a list page paints from its early answer before its island has loaded
 * (src/lib/early-rows.ts, plain HTML). No React here: this module runs before the React chunk has loaded.
 */
import { skeletonClassName } from '../ui/skeleton-class';

export const ROW_HEIGHT = 'h-12';
/** Skeleton rows while a page loads (at most; fewer when the page size is smaller). */
export const SKELETON_ROWS = 8;
/** On each skeleton row: the early rows replace a body that still shows the skeleton, nothing else. */
export const SKELETON_ATTR = 'data-skeleton';
/** On the list's `<tbody>`: its list key (the early rows find their list by it). */
export const LIST_BODY_ATTR = 'data-list';

/** The class of a data row (dimmed while the next answer of the list loads). */
export function rowClassName(refreshing: boolean): string {
  return `${ROW_HEIGHT} cursor-pointer border-b border-border outline-none last:border-0 hover:bg-muted/60 focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset ${refreshing ? 'opacity-60' : ''}`;
}

/** The class of a data cell (a column may add its own). */
export function cellClassName(className: string | undefined): string {
  return `px-3 py-1 ${className ?? ''}`;
}

/** Text or an attribute value escaped as React escapes it (so both renderers write the same characters). */
export function escapeHtml(value: string): string {
  return value.replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/** An element's attributes as HTML (` name="value"` each, in order; null and undefined left out). */
export function attrs(list: Readonly<Record<string, string | null | undefined>>): string {
  let out = '';
  for (const [name, value] of Object.entries(list)) if (value != null) out += ` ${name}="${escapeHtml(value)}"`;
  return out;
}

/** The skeleton's rows: `columns` cells each, one block each (the body pulses as one: state-panel.tsx). */
export function skeletonRowsHtml(rows: number, columns: number): string {
  const cell = `<td class="px-3"><span aria-hidden="true" class="${skeletonClassName(true, 'h-4 w-24')}"></span></td>`;
  const row = `<tr ${SKELETON_ATTR}="" class="${ROW_HEIGHT} border-b border-border last:border-0">${cell.repeat(columns)}</tr>`;
  return row.repeat(rows);
}

/** A data row as the list renders it before it is interactive: its label and its cells' HTML (with their classes). */
export function dataRowHtml(label: string, cells: readonly { html: string; className?: string }[]): string {
  const tds = cells.map((c) => `<td${attrs({ class: cellClassName(c.className) })}>${c.html}</td>`).join('');
  return `<tr data-row="true" tabindex="0"${attrs({ 'aria-label': label, class: rowClassName(false) })}>${tds}</tr>`;
}
