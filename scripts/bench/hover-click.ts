import type { Page } from '@playwright/test';
import { median } from './stats.ts';

/** The mark the list component sets when its first data rows render (src/components/data-list/data-list.tsx). */
const FIRST_ROW_MARK = 'dashboard:first-row';

/** How long a person's pointer rests on a link before the click (a typical hover-to-click time). */
export const HOVER_MS = 300;

export interface HoverClickResult {
  /** Milliseconds from the click's navigation start to the first data row, per sample. */
  samples: { from: string; to: string; ms: number }[];
  medianMs: number;
}

/**
 * Prefetch on intent, measured as a person uses it: on a section page, hover a sidebar link for HOVER_MS, click,
 * and read on the new page when its first data row rendered (the list's performance mark, set again by each page the
 * client router swaps in, relative to the click; after a full load, to the navigation). Sections alternate so that
 * every sample is a fresh navigation.
 */
export async function hoverClickToFirstRow(
  page: Page,
  origin: string,
  projectPath: string,
  sections: readonly { link: string; path: string }[],
  samples = 5,
): Promise<HoverClickResult> {
  const out: HoverClickResult['samples'] = [];
  await page.goto(`${origin}${projectPath}${sections[0]!.path}`);
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FIRST_ROW_MARK);
  for (let i = 0; i < samples; i++) {
    const from = sections[i % sections.length]!;
    const to = sections[(i + 1) % sections.length]!;
    const link = page
      .getByRole('navigation', { name: 'Project sections' })
      .getByRole('link', { name: to.link, exact: true });
    await link.hover();
    await page.waitForTimeout(HOVER_MS);
    // Sections switch without a document reload (the client router): the click's time in this document is the start.
    await page.evaluate(() =>
      addEventListener('click', () => ((window as { benchClickAt?: number }).benchClickAt = performance.now()), {
        capture: true,
        once: true,
      }),
    );
    await link.click();
    await page.waitForURL(`${origin}${projectPath}${to.path}**`);
    const ms = await page.evaluate(
      (m) =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          const read = () => {
            const mark = performance.getEntriesByName(m)[0];
            // After a full load the new document's clock starts with the navigation.
            if (mark) resolve(mark.startTime - ((window as { benchClickAt?: number }).benchClickAt ?? 0));
            else if (performance.now() - started > 15_000)
              resolve(Number.POSITIVE_INFINITY); // no row: over any budget
            else setTimeout(read, 10);
          };
          read();
        }),
      FIRST_ROW_MARK,
    );
    out.push({ from: from.path, to: to.path, ms });
  }
  return { samples: out, medianMs: median(out.map((s) => s.ms)) };
}
