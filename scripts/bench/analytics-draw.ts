import type { Page } from '@playwright/test';

/** The measures the analytics charts record: from their data's arrival to their first draw (src/islands/analytics/chart.tsx). */
const DRAW_MEASURE = 'dashboard:chart-draw:';

/** A year of daily points (366 days), as the analytics API answers them. */
function yearOf<T>(row: (date: string, i: number) => T): T[] {
  const today = Math.floor(Date.now() / 86_400_000);
  return Array.from({ length: 366 }, (_, i) =>
    row(new Date((today - 365 + i) * 86_400_000).toISOString().slice(0, 10), i),
  );
}

/**
 * The slowest chart draw (ms) of the transaction and the wallet analytics pages with a year of daily points for
 * every series: the API's answers are replaced by synthetic ones of that size, the rest is the real page. Median of
 * `rounds` visits of both pages (the first is cold), as the bench judges its other timings.
 */
export async function analyticsChartDrawMs(page: Page, origin: string, projectPath: string, rounds = 3) {
  await page.route('**/api/v1/projects/*/*/analytics/transactions?*', (route) =>
    route.fulfill({
      json: {
        timeFrame: 'all',
        bucket: 'day',
        data: yearOf((date, i) => ({
          date,
          total: 100 + (i % 37),
          successful: 90 + (i % 29),
          failed: i % 11,
          gasUsed: 1_000_000 + i * 997,
          costUsd: 12.5 + (i % 13),
        })),
      },
    }),
  );
  await page.route('**/api/v1/projects/*/*/analytics/wallets?*', (route) =>
    route.fulfill({
      json: {
        timeFrame: 'all',
        bucket: 'day',
        data: yearOf((date, i) => [
          { date, chainId: 11155111, accountType: 'Smart Account', count: 5 + (i % 7) },
          { date, chainId: 84532, accountType: 'Externally Owned Account', count: 3 + (i % 5) },
          { date, chainId: 80002, accountType: 'Delegated Account', count: 1 + (i % 3) },
        ]).flat(),
      },
    }),
  );
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) samples.push(await slowestDraw(page, origin, projectPath));
  await page.unrouteAll();
  samples.sort((a, b) => a - b);
  return { medianMs: samples[Math.floor(samples.length / 2)]!, samples };
}

async function slowestDraw(page: Page, origin: string, projectPath: string): Promise<number> {
  let worst = 0;
  for (const [section, charts] of [
    ['transactions', 3],
    ['wallets', 2],
  ] as const) {
    await page.goto(`${origin}${projectPath}/analytics/${section}?timeFrame=all`);
    await page.waitForFunction(
      ([prefix, n]) => performance.getEntriesByType('measure').filter((m) => m.name.startsWith(prefix)).length >= n,
      [DRAW_MEASURE, charts] as const,
    );
    const ms = await page.evaluate(
      (prefix) =>
        performance
          .getEntriesByType('measure')
          .filter((m) => m.name.startsWith(prefix))
          .map((m) => m.duration),
      DRAW_MEASURE,
    );
    worst = Math.max(worst, ...ms);
  }
  return worst;
}
