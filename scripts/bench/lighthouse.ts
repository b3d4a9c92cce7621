import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/chromium.ts';

export interface LighthouseFigures {
  url: string;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/**
 * Lighthouse (mobile profile, simulated throttling) in Debian Chromium. `prepare` runs in the same browser profile
 * first (e.g. to sign in), and storage is kept for the audits.
 */
export async function runLighthouse(
  urls: string[],
  prepare?: (page: import('@playwright/test').Page) => Promise<void>,
): Promise<LighthouseFigures[]> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'lh-profile-')), {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    if (prepare) await prepare(await context.newPage());
    const out: LighthouseFigures[] = [];
    for (const url of urls) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const lhr = result!.lhr;
      out.push({
        url,
        performance: lhr.categories.performance!.score ?? 0,
        lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? Infinity,
        cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? Infinity,
        tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? Infinity,
      });
    }
    return out;
  } finally {
    await context.close();
  }
}
