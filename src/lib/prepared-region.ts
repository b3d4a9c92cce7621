/**
 * The main region of a section rendered ahead of its click (src/page-scripts/prepared-section.ts) carries the URL it
 * was prepared for in this attribute until it is shown.
 */
export const PREPARED_ATTR = 'data-prepared-for';

/** Whether the section at `href` is rendered already, waiting for its click (it needs nothing fetched for it). */
export function isPrepared(href: string): boolean {
  const url = new URL(href, location.href);
  url.hash = '';
  return Boolean(document.querySelector(`[${PREPARED_ATTR}="${CSS.escape(url.href)}"]`));
}
