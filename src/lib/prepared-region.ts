/**
 * The main region of a section rendered ahead of its click (src/page-scripts/prepared-section.ts) carries the URL it
 * was prepared for in this attribute until it is shown.
 */
export const PREPARED_ATTR = 'data-prepared-for';

/** The URL a region is prepared for: `href` made absolute, without its fragment. */
export function preparedKey(href: string): string {
  const url = new URL(href, location.href);
  url.hash = '';
  return url.href;
}

/** Whether the section at `href` is rendered already, waiting for its click (it needs nothing fetched for it). */
export function isPrepared(href: string): boolean {
  return Boolean(document.querySelector(`[${PREPARED_ATTR}="${CSS.escape(preparedKey(href))}"]`));
}
