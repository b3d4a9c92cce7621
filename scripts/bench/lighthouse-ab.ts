/**
 * Lighthouse of one page on two (or more) builds, audits interleaved (docs/decisions.md "The re-applied branch
 * verified"): on a shared host whose speed moves from one minute to the next, only audits taken in the same minutes
 * compare. Each build runs on a stack of its own (`serve`), signed in once in one Chromium profile (signed out for an
 * `/auth/…` page), as scripts/bench/lighthouse.ts audits; the order of the builds is reversed every round.
 *
 *   DASHBOARD_DIST=/path/to/dist node scripts/bench/lighthouse-ab.ts serve 10396 10395   # site port, auth port
 *   node scripts/bench/lighthouse-ab.ts A=http://127.0.0.1:10396 B=http://127.0.0.1:10406 [RUNS=5] [PAGE=/…]
 *
 * Each audit is the bench's own (`audit` of scripts/bench/lighthouse.ts). Prints each one (the judged score and
 * Lighthouse's own, LCP, TBT from CPU time and from wall time, the first-row mark, the host's benchmark index) and
 * each build's medians.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/chromium.ts';
import { startStack } from '../lib/stack.ts';
import { DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';
import { benchmarkIndexIn } from './host-speed.ts';
import { audit, type LighthouseFigures } from './lighthouse.ts';
import { signInForBench } from './sign-in.ts';
import { median } from './stats.ts';

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
    // An auth page is audited signed out, as the bench does (a signed-in visit goes on to the dashboard).
    if (!page.startsWith('/auth/')) {
      for (const [, origin] of origins) {
        const tab = await context.newPage();
        await signInForBench(tab, origin);
        await tab.close();
      }
    }
    const audits = new Map<string, LighthouseFigures[]>(origins.map(([name]) => [name, []]));
    for (let round = 0; round < runs; round++) {
      for (const [name, origin] of round % 2 ? [...origins].reverse() : origins) {
        const probe = await context.newPage();
        const benchmarkIndex = await benchmarkIndexIn(probe);
        await probe.close();
        try {
          const figures = await audit(origin + page, port, benchmarkIndex);
          audits.get(name)!.push(figures);
          console.log(`${name} ${round}: ${format(figures)}`);
        } catch (error) {
          console.log(`${name} ${round}: no figures (${(error as Error).message})`);
        }
      }
    }
    for (const [name, list] of audits) {
      if (!list.length) continue;
      const of = (pick: (a: LighthouseFigures) => number) => median(list.map(pick));
      console.log(
        `${name} median of ${list.length}: ${format({
          ...list[0]!,
          performance: of((a) => a.performance),
          lighthousePerformance: of((a) => a.lighthousePerformance),
          lcpMs: of((a) => a.lcpMs),
          tbtMs: of((a) => a.tbtMs),
          wallTbtMs: of((a) => a.wallTbtMs),
          firstRowMs: of((a) => a.firstRowMs ?? Infinity),
          benchmarkIndex: of((a) => a.benchmarkIndex),
        })}`,
      );
    }
  } finally {
    await context.close();
  }
}

function format(a: LighthouseFigures): string {
  const ms = (x: number | null) => (x == null || !Number.isFinite(x) ? '–' : `${Math.round(x)}`);
  return (
    `score ${a.performance.toFixed(2)} (Lighthouse's own ${a.lighthousePerformance.toFixed(2)}), LCP ${ms(a.lcpMs)} ms, ` +
    `TBT ${ms(a.tbtMs)} ms from CPU time (${ms(a.wallTbtMs)} ms from wall time), first row ${ms(a.firstRowMs)} ms, ` +
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
