/**
 * Lighthouse of one page on two (or more) builds, audits interleaved (docs/decisions.md "The re-applied branch
 * verified"): on a shared host whose speed moves from one minute to the next, only audits taken in the same minutes
 * compare. Each build runs on a stack of its own (`serve`), signed in once in one Chromium profile, as
 * scripts/bench/lighthouse.ts audits; the order of the builds is reversed every round.
 *
 *   DASHBOARD_DIST=/path/to/dist node scripts/bench/lighthouse-ab.ts serve 10396 10395   # site port, auth port
 *   node scripts/bench/lighthouse-ab.ts A=http://127.0.0.1:10396 B=http://127.0.0.1:10406 [RUNS=5] [PAGE=/…]
 *
 * Prints each audit (score, simulated LCP/FCP, the trace's own first paint and LCP, TBT, the first-row mark, the
 * host's benchmark index) and each build's medians. The simulated figures are what the bench judges; the observed
 * ones tell whether a difference is the page's or Lighthouse's model of it.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/chromium.ts';
import { startStack } from '../lib/stack.ts';
import { DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';
import { calibratedCpuSlowdown } from './cpu-calibration.ts';
import { benchmarkIndexIn } from './host-speed.ts';
import { signInForBench } from './sign-in.ts';
import { median } from './stats.ts';

interface Audit {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  observedFcpMs: number;
  observedLcpMs: number;
  tbtMs: number;
  firstRowMs: number | null;
  benchmarkIndex: number;
}

async function serve(port: number, authPort: number): Promise<void> {
  const stack = await startStack({ port, authPort });
  console.log(`serving ${process.env.DASHBOARD_DIST ?? 'dist'} on ${stack.url}`);
  const stop = () => void stack.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function compare(origins: [string, string][], runs: number, page: string): Promise<void> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'lh-ab-')), {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    for (const [, origin] of origins) {
      const tab = await context.newPage();
      await signInForBench(tab, origin);
      await tab.close();
    }
    const audits = new Map<string, Audit[]>(origins.map(([name]) => [name, []]));
    for (let round = 0; round < runs; round++) {
      for (const [name, origin] of round % 2 ? [...origins].reverse() : origins) {
        const probe = await context.newPage();
        const benchmarkIndex = await benchmarkIndexIn(probe);
        await probe.close();
        const result = await lighthouse(origin + page, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
          throttling: {
            ...lighthouseConstants.throttling.mobileSlow4G,
            cpuSlowdownMultiplier: calibratedCpuSlowdown(benchmarkIndex),
          },
        });
        const lhr = result!.lhr;
        const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
        const timings = (lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] })
          ?.items;
        if (!metrics || lhr.categories.performance?.score == null) {
          console.log(`${name} ${round}: no figures (${lhr.runtimeError?.message ?? 'the audit failed'})`);
          continue;
        }
        const audit: Audit = {
          performance: lhr.categories.performance.score,
          lcpMs: metrics.largestContentfulPaint ?? Infinity,
          fcpMs: metrics.firstContentfulPaint ?? Infinity,
          observedFcpMs: metrics.observedFirstContentfulPaint ?? Infinity,
          observedLcpMs: metrics.observedLargestContentfulPaint ?? Infinity,
          tbtMs: metrics.totalBlockingTime ?? Infinity,
          firstRowMs: timings?.find((t) => t.name === 'dashboard:first-row')?.startTime ?? null,
          benchmarkIndex,
        };
        audits.get(name)!.push(audit);
        console.log(`${name} ${round}: ${format(audit)}`);
      }
    }
    for (const [name, list] of audits) {
      if (!list.length) continue;
      const of = (pick: (a: Audit) => number) => median(list.map(pick));
      console.log(
        `${name} median of ${list.length}: ${format({
          performance: of((a) => a.performance),
          lcpMs: of((a) => a.lcpMs),
          fcpMs: of((a) => a.fcpMs),
          observedFcpMs: of((a) => a.observedFcpMs),
          observedLcpMs: of((a) => a.observedLcpMs),
          tbtMs: of((a) => a.tbtMs),
          firstRowMs: of((a) => a.firstRowMs ?? Infinity),
          benchmarkIndex: of((a) => a.benchmarkIndex),
        })}`,
      );
    }
  } finally {
    await context.close();
  }
}

function format(a: Audit): string {
  const ms = (x: number | null) => (x == null || !Number.isFinite(x) ? '–' : `${Math.round(x)}`);
  return (
    `score ${a.performance.toFixed(2)}, LCP ${ms(a.lcpMs)} ms, FCP ${ms(a.fcpMs)} ms (trace: first paint ` +
    `${ms(a.observedFcpMs)}, LCP ${ms(a.observedLcpMs)}), TBT ${ms(a.tbtMs)} ms, first row ${ms(a.firstRowMs)} ms, ` +
    `index ${ms(a.benchmarkIndex)}`
  );
}

const args = process.argv.slice(2);
if (args[0] === 'serve') {
  await serve(Number(args[1]), Number(args[2]));
} else {
  const settings: Record<string, string> = {};
  for (const arg of args) {
    const m = arg.match(/^([A-Z]+)=(.+)$/s);
    if (m) settings[m[1]!] = m[2]!;
  }
  const origins = Object.entries(settings).filter(([, value]) => /^https?:\/\//.test(value));
  if (origins.length < 2) throw new Error('usage: lighthouse-ab.ts A=http://… B=http://… [RUNS=5] [PAGE=/path]');
  await compare(origins, Number(settings.RUNS ?? 5), settings.PAGE ?? `/${DEMO_PROJECTS.demo}/test/wallets`);
}
