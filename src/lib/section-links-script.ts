import { MODES } from '../shared/routes';

/**
 * Points the sidebar's section links into the project and mode of the URL. It runs as an inline script right after
 * the sidebar, while the page is parsed: the static shell serves every project, so its links carry no href until a
 * script writes one, and a click before the page's modules ran went nowhere useful. Self-contained (it is inlined as
 * its source): what it needs comes in as arguments. The shell's own wiring (src/page-scripts/dashboard-shell.ts)
 * writes the same hrefs again, with the current section, after each page swap.
 */
export function linkSectionsFromUrl(modes: readonly string[]): void {
  const [, projectId, mode] = location.pathname.split('/');
  if (!projectId || !mode || !modes.includes(mode)) return;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#sidebar a[data-section]'))
    a.setAttribute('href', `/${projectId}/${mode}${a.dataset.section ?? ''}`);
}

/** Source of the inline script after the sidebar (the edge allows it by its SHA-256 hash). */
export const SECTION_LINKS_SCRIPT = `(${linkSectionsFromUrl.toString()})(${JSON.stringify(MODES)});`;
