import { chromium, type Page } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/chromium.ts';
import { DESKTOP_INDEX } from './cpu-calibration.ts';
import { hostWaitVerdict, type HostWaitRule } from './host-wait-rule.ts';

/** The host's Lighthouse benchmark index, measured with Lighthouse's own benchmark in `page` (about a second). */
export function benchmarkIndexIn(page: Page): Promise<number> {
  return page.evaluate(pageFunctions.computeBenchmarkIndex);
}

export interface HostSpeed {
  /** The lowest of the steady readings, or the last reading when the wait ended without them. */
  index: number;
  waitedMs: number;
  /** Why the wait ended (scripts/bench/host-wait-rule.ts). */
  verdict: 'steady' | 'slow host' | 'limit';
}

/**
 * Waits, idle, until the host runs at its usual speed before the browser timings (docs/decisions.md "Lighthouse on a
 * host whose speed moves"). After a long stretch of full load (the e2e step, when it ran before the bench) this virtual machine
 * runs at half its speed for a minute or two, which a quiet CPU inside it does not show: measured right after a
 * clean-clone run, Lighthouse's benchmark index was 980–1,411 and the wallets page's TBT 740–980 ms; after 2.5 idle
 * minutes, 1,860–1,980 and 236–248 ms, same build. Every `everyMs` it runs Lighthouse's own benchmark (about a
 * second of one core) until `steady` readings in a row reach `minIndex` (one fast reading in a slow minute is not a
 * rested host). It waits only while waiting helps (`hostWaitVerdict`): a host with no fast reading in its first
 * minute is a slow host, not a tired one, and is measured then (the calibrated slowdown and the printed index say
 * what the machine was); a host that has shown a fast reading is given up to `maxMs` to settle.
 */
export async function waitForHostSpeed(rule: Partial<HostWaitRule> = {}): Promise<HostSpeed> {
  const full: HostWaitRule = {
    minIndex: DESKTOP_INDEX,
    steady: 3,
    slowHostMs: 60_000,
    maxMs: 240_000,
    everyMs: 10_000,
    ...rule,
  };
  const started = Date.now();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const readings: number[] = [];
    for (;;) {
      const index = await benchmarkIndexIn(page);
      readings.push(index);
      const waitedMs = Date.now() - started;
      const verdict = hostWaitVerdict(readings, waitedMs, full);
      if (verdict === 'steady') return { index: Math.min(...readings.slice(-full.steady)), waitedMs, verdict };
      if (verdict !== 'wait') return { index, waitedMs, verdict };
      if (index < full.minIndex)
        console.log(`bench: host benchmark index ${Math.round(index)} (< ${full.minIndex}): waiting for the host`);
      await page.waitForTimeout(full.everyMs);
    }
  } finally {
    await browser.close();
  }
}
