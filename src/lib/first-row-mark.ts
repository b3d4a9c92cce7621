/**
 * The list's first-row mark (a user timing the bench and the end-to-end tests read: when the page's first data rows
 * show, relative to the navigation or to the click of a client-side switch). A list rendered ahead of its click, in a
 * section prepared while the link is hovered (src/page-scripts/prepared-section.ts), is not on screen yet: it notes
 * its rows on the prepared region, and the mark is set when that region is swapped in.
 */
import { PREPARED_ATTR } from './prepared-region';

export const FIRST_ROW_MARK = 'dashboard:first-row';

const ROWS_ATTR = 'data-prepared-rows';

/** A list shows its first data rows: marks the moment, once per page (noted for later in a prepared region). */
export function markFirstRow(element: Element | null): void {
  const prepared = element?.closest(`[${PREPARED_ATTR}]`);
  if (prepared) prepared.setAttribute(ROWS_ATTR, '');
  else if (!performance.getEntriesByName(FIRST_ROW_MARK).length) performance.mark(FIRST_ROW_MARK);
}

/** A prepared region goes on screen: its rows, if it has them already, show now. */
export function markPreparedRows(region: Element): void {
  performance.clearMarks(FIRST_ROW_MARK);
  if (region.hasAttribute(ROWS_ATTR)) performance.mark(FIRST_ROW_MARK);
  region.removeAttribute(ROWS_ATTR);
}
