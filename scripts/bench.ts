/**
 * `npm run bench`: measures the budgets and prints the figures in one table; exits 1 when one is over budget.
 *   - JavaScript loaded by /auth/login before any interaction ≤ 110 KB gzipped (analytics loads later: excluded), by
 *     each signed-in data page ≤ 180 KB
 *   - wallets page with the demo data: first data row ≤ 1.5 s (Lighthouse run); hover a sidebar link 300 ms, click:
 *     first data row of the new section ≤ 300 ms (median of 5); analytics: a year of daily points drawn ≤ 50 ms after
 *     its data arrives (slowest chart, median of 3). Each of these two is measured once; when it misses, twice more,
 *     and judged by the median of the three (scripts/bench/stats.ts `steadyMedian`); a pending one (TODO, PENDING
 *     below) is measured once
 *   - Lighthouse mobile: performance ≥ 0.95, LCP ≤ 1.5 s, CLS ≤ 0.02 on /auth/login (signed out), / and a dashboard section shell (signed in);
 *     a run that misses is repeated four times and judged by the median of five
 *   - legacy-redirect resolution ≤ 5 µs per lookup
 *   - data API at scale (1M transactions, 200k users and wallets): every list variant's page 1 p95 ≤ 25 ms with `total`
 *     passed, ≤ 100 ms counted (deep page: information). Seeds `.wrangler/scale-state` first when it is missing or
 *     stale (scripts/seed/scale-state.ts); a measurement that misses is re-measured (rounds ≥ 5 s apart until three agree, at most five, on a fresh server) and judged by their median
 *     rounds; the per-variant table goes to tests/.artifacts/bench-api.txt.
 *   - CSV export at scale: the 1,000,000 transactions as one streamed `transactions.csv`, every row there
 *     (= X-Total-Count), server CPU ≤ 100 s per million rows; rows/s, MB/s and memory for information
 *     (scripts/bench/csv-export.ts); meanwhile a project on the other shard: page-1 p95 server time ≤ 15 ms (when the
 *     first export misses it, two more exports and the median of the three)
 *   - user import: 100,000 generated rows (mixed valid/invalid) through the real chunk API of a fresh stack, paused and
 *     resumed midway; created and failed counts exact, ≤ 60 s; rows/s printed (scripts/bench/user-import.ts)
 *   - webhook delivery: a burst of 1,000 events to a local verifying receiver, all delivered, p95 to first attempt ≤ 2 s
 * The browser budgets, the user import and the webhook burst share one stack with the demo data (started once, about
 * 10 s); the API and CSV benches use the scaled state on their own server.
 *   - navigation against a single-page app (issue 18, scripts/bench/nav-compare.ts): hover + click Users on the wallets
 *     page, hover + click Wallets on the transactions page and the first page after signing in, each as a ratio to
 *     the baseline app of ../shared/bench in the same run; the goal ≤ 1.0× is not met yet, so the rows are "(info)"
 *     with the figure of one measurement, never a failure (once judged: a second and third measurement when one is
 *     over 1.0×, the median of three);
 *     "baseline missing" and skipped without ../shared/bench
 * Before the Lighthouse audits, and again before the chart and hover timings, the bench waits, idle, until the host
 * runs at its usual speed (Lighthouse's benchmark index ≥ 1500; scripts/bench/host-speed.ts): after a long stretch of
 * full load (the audits; before 2026-11-27 the e2e step, which `npm test` now runs after the bench) this machine runs
 * at half speed for a minute or two. It stops waiting after a minute with no fast
 * reading (a slow host, measured with the calibrated slowdown), at 4 minutes in any case, and after the audits at
 * the first fast reading when the audits' own readings were fast (scripts/bench/host-wait-rule.ts). Needs a build (`npm run build`). `--no-lighthouse`, `--no-nav-compare`, `--no-import`, `--no-webhooks` and
 * `--no-api` skip those parts (`--no-csv` the CSV export alone). `BENCH_PORT_OFFSET` moves the bench's own ports
 * (8796, 8795 and the baseline's 8790) for a second bench on the same machine.
 */
import { existsSync, mkdirSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, run } from './lib/proc.ts';
import { startStack, type Stack } from './lib/stack.ts';
import { initialJsWeight } from './bench/js-weight.ts';
import { legacyLookupMicros } from './bench/legacy-lookup.ts';
import { runLighthouse } from './bench/lighthouse.ts';
import { ensureChromium } from './lib/chromium.ts';
import { signInForBench } from './bench/sign-in.ts';
import { API_BUDGETS, formatApiTable, isOver, runApiBench, worstOf, type ApiMeasurement } from './bench/api.ts';
import { HOST_WAIT_LIMIT_MS } from './bench/host-wait.ts';
import { freePort } from './lib/free-port.ts';
import { LOGGING_TOLERANCE, steadyLoggingComparison } from './bench/request-logging.ts';
import { scaleStateStaleness } from './seed/scale-state.ts';
import { CSV_BUDGET, csvWithinBudget, runCsvExportBench } from './bench/csv-export.ts';
import { hoverClickToFirstRow, HOVER_MS } from './bench/hover-click.ts';
import { analyticsChartDrawMs } from './bench/analytics-draw.ts';
import { withSignedInPage } from './bench/sign-in.ts';
import { median, steadyMedian } from './bench/stats.ts';
import { waitForQuiet } from './bench/quiet.ts';
import { waitForHostSpeed } from './bench/host-speed.ts';
import { DESKTOP_INDEX } from './bench/cpu-calibration.ts';
import { DEMO_PROJECTS } from '../src/shared/demo-accounts.ts';
import { IMPORT_BUDGET, importWithinBudget, runUserImportBench } from './bench/user-import.ts';
import { runWebhookBench, WEBHOOK_BUDGET } from './bench/webhooks.ts';
import {
  NAV_RATIO_BUDGET,
  NAV_RATIOS_JUDGED,
  baselinePresent,
  benchPorts,
  buildBaseline,
  measureNavRatios,
  serveBaseline,
  steadyNavRatios,
} from './bench/nav-compare.ts';

export const BUDGETS = {
  /** Issue 18: "sign-in ≤ 110 KB" (it was 130 KB, issue 3's, until the shared chunk's split left it at ~107 KB). */
  loginJsBytes: 110_000,
  /** JavaScript before interaction of each signed-in data page (issue "Data screens I"). */
  pageJsBytes: 180_000,
  performance: 0.95,
  lcpMs: 1500,
  cls: 0.02,
  legacyMicros: 5,
  /** First data row of the wallets page, signed in with the demo data (Lighthouse mobile profile). */
  firstRowMs: 1500,
  /** Hover a sidebar link, click: first data row of the new section (median of 5). */
  hoverClickMs: 300,
  /** JavaScript before interaction of the analytics pages, chart library included (issue "Data screens II"). */
  analyticsJsBytes: 200_000,
  /** A year of daily points: slowest chart, from its data's arrival to its first draw. */
  chartDrawMs: 50,
  /** Page 1 of a project on another shard while the scale project streams its CSV export (issue 20). */
  neighbourPage1P95Ms: 15,
} as const;

/** The signed-in data pages whose JavaScript before interaction is budgeted (issues "Data screens I/II", "Project configuration screens"). */
const DATA_PAGES = [
  'home',
  'overview',
  'wallets',
  'users',
  'user',
  'users-unauthenticated',
  'transactions',
  'transaction',
  'policies',
  'policy',
  'contracts',
  'contract',
  'backend-wallets',
  'api-keys',
  'api-key',
  'settings',
  'members',
  'billing',
  'ecosystem',
  'custom-smtp',
  'migrations',
  'webhooks',
  'webhook',
  'events',
];

/** The analytics pages (their own, larger budget: the chart library loads with the island). */
const ANALYTICS_PAGES = ['analytics-transactions', 'analytics-wallets'];

const dist = path.join(ROOT, 'dist');

/**
 * Issue 18: our navigation timings as ratios of the single-page app's in the same run (both apps read the same stack's
 * API). A baseline that cannot be built or served (no registry for its `npm ci`) is reported and skipped, not failed.
 */
async function navCompare(stack: Stack): Promise<void> {
  let spa: { url: string; close: () => void };
  try {
    const build = await phase('baseline build', () => buildBaseline(stack.auth.url));
    console.log(
      `bench: baseline app ${build.cached ? 'from the cache' : 'built'} (${path.relative(ROOT, build.outDir)})`,
    );
    spa = await serveBaseline(build, ports.spa, stack.url);
  } catch (error) {
    console.log(
      `bench: baseline unavailable, navigation ratios skipped: ${String((error as Error).message).split('\n')[0]}`,
    );
    rows.push({
      name: 'navigation against a single-page app',
      figure: 'baseline unavailable',
      budget: '(skipped)',
      ok: true,
    });
    return;
  }
  try {
    const urls = { project: stack.url, spa: spa.url };
    const { figures } = await phase('navigation against the single-page app', () =>
      steadyNavRatios(async () => {
        await waitForQuiet();
        return measureNavRatios(urls);
      }),
    );
    const names = {
      walletsToUsers: 'hover + click Users on wallets → first row',
      transactionsToWallets: 'hover + click Wallets on transactions → first row',
      firstPage: 'first page after sign-in (wallets) → first row',
    } as const;
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      const f = figures[key];
      const each = f.rounds.map((r) => `${r.ratio.toFixed(2)}× (${r.ours}/${r.spa} ms)`).join('; ');
      rows.push({
        name: `${names[key]}, ratio to the single-page app${f.rounds.length > 1 ? ' (median of 3)' : ''}`,
        figure: `${f.ratio.toFixed(2)}×: ${each}`,
        // Not met yet (docs/decisions.md "Navigation without a document reload"): shown, not judged, until it is.
        budget: NAV_RATIOS_JUDGED
          ? `≤ ${NAV_RATIO_BUDGET.toFixed(1)}×`
          : `(info: goal ≤ ${NAV_RATIO_BUDGET.toFixed(1)}×, ${f.ratio <= NAV_RATIO_BUDGET ? 'met' : 'not met'})`,
        ok: !NAV_RATIOS_JUDGED || f.ratio <= NAV_RATIO_BUDGET,
      });
    }
  } catch (error) {
    // A measurement that printed no figures (every run of one app timed out on a starved machine) is not a verdict.
    console.log(`bench: navigation ratios not measured: ${String((error as Error).message).split('\n')[0]}`);
    rows.push({ name: 'navigation against a single-page app', figure: 'not measured', budget: '(skipped)', ok: true });
  } finally {
    spa.close();
  }
}
if (!existsSync(path.join(dist, 'shell/auth-login.html'))) {
  console.error('bench: no build found. Run `npm run build` first.');
  process.exit(1);
}

/**
 * A row is `ok`, over budget, or `pending`: a budget an open issue sets that the product does not meet yet. Pending
 * rows print their figure and "TODO" and do not fail the run; docs/api.md "Demo data and bench" names them, and the
 * issue stays open until they pass. Today: none.
 * Off the list since 2026-12-07: the analytics chart draw (issue 18; 31.6–39.4 ms in the clean-clone runs since the
 * chart chunk's compile hint, docs/decisions.md "The analytics chart draw").
 * Off the list since 2026-11-27: the other shard during the CSV export (issue 20; when the first export misses, the
 * median of three decides), request logging on vs off (issue 21) and the request log's page 1 (issue 21, fifth
 * session: the requests the host delayed are taken again, docs/decisions.md "Samples the host delayed are taken
 * again").
 */
const PENDING = new Set<string>([]);
const rows: { name: string; figure: string; budget: string; ok: boolean; pending?: boolean }[] = [];

/** Elapsed time of each part, printed as it ends and again under the table. */
const phases: string[] = [];
/**
 * A browser timing judged as the audits are (`steadyMedian`: a second and third measurement only when the first
 * misses), each measurement in a fresh signed-in browser once the machine is quiet (the browser of the run before
 * has shut down). Keeps every measurement's samples for the figure.
 */
async function steadyBrowserTiming(
  origin: string,
  budgetMs: number,
  measure: (page: Page) => Promise<{ medianMs: number; samples: number[] }>,
  /** False for a pending budget (TODO): a miss is not measured again, its verdict cannot fail the run. */
  remeasure = true,
): Promise<{ ms: number; rounds: number[]; samples: number[][] }> {
  const samples: number[][] = [];
  const result = await steadyMedian(
    async () => {
      const m = await withSignedInPage(origin, async (page) => {
        await waitForQuiet();
        return measure(page);
      });
      samples.push(m.samples);
      return m.medianMs;
    },
    (ms) => !remeasure || ms <= budgetMs,
  );
  return { ...result, samples };
}

/** A timing's figure: its value and samples, or with three measurements the median of their medians and each one. */
function roundsFigure(result: { ms: number; rounds: number[]; samples: number[][] }, format: (ms: number) => string) {
  const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
  if (result.rounds.length === 1) return `${format(result.ms)} ms (${list(result.samples[0]!)})`;
  return `${format(result.ms)} ms, median of ${result.rounds.length} measurements: ${result.samples
    .map((xs, i) => `${format(result.rounds[i]!)} (${list(xs)})`)
    .join('; ')}`;
}

/**
 * Waits until the host is back to its usual speed (scripts/bench/host-speed.ts) and says so in an info row.
 * `steady` readings in a row at 1500 or more end the wait (three, or one when the audits just measured a fast host).
 */
async function restedHost(phaseName: string, before: string, steady = 3, maxMs?: number): Promise<void> {
  const host = await phase(phaseName, () => waitForHostSpeed({ steady, ...(maxMs ? { maxMs } : {}) }));
  const index = Math.round(host.index);
  const after = `after ${Math.round(host.waitedMs / 1000)} s`;
  rows.push({
    name: `host speed before ${before} (Lighthouse benchmark index)`,
    figure:
      host.verdict === 'steady'
        ? `${index} ${after} (${steady > 1 ? `lowest of ${steady} in a row` : 'the audits read a fast host'})`
        : host.verdict === 'slow host'
          ? `${index} ${after}: a slow host (no reading ≥ ${DESKTOP_INDEX} in a minute), measured at its speed`
          : `${index} ${after}: not steady at the limit, measured at its speed`,
    budget: '(info)',
    ok: true,
  });
}

async function phase<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await work();
  } finally {
    const took = `${name} ${((performance.now() - t) / 1000).toFixed(1)} s`;
    phases.push(took);
    console.log(`bench: ${took}`);
  }
}

const js = await phase('JS weight', () => initialJsWeight(dist, 'shell/auth-login.html'));
// Issue 3: the budget holds "with the real auth client in it", so the auth client chunk must be among the files.
const withAuthClient = js.files.some((f) => /\/supabase\.[\w-]+\.js$/.test(f));
rows.push({
  name: '/auth/login JS before interaction (gzip, auth client in)',
  figure: `${(js.bytes / 1000).toFixed(1)} KB (${js.files.length} files${withAuthClient ? '' : ', NO auth client'})`,
  budget: `≤ ${BUDGETS.loginJsBytes / 1000} KB`,
  ok: js.bytes <= BUDGETS.loginJsBytes && withAuthClient,
});

for (const shell of DATA_PAGES) {
  const page = initialJsWeight(dist, `shell/${shell}.html`);
  rows.push({
    name: `${shell} page JS before interaction (gzip)`,
    figure: `${(page.bytes / 1000).toFixed(1)} KB (${page.files.length} files)`,
    budget: `≤ ${BUDGETS.pageJsBytes / 1000} KB`,
    ok: page.bytes <= BUDGETS.pageJsBytes,
  });
}
for (const shell of ANALYTICS_PAGES) {
  const page = initialJsWeight(dist, `shell/${shell}.html`);
  rows.push({
    name: `${shell} page JS before interaction (gzip)`,
    figure: `${(page.bytes / 1000).toFixed(1)} KB (${page.files.length} files)`,
    budget: `≤ ${BUDGETS.analyticsJsBytes / 1000} KB`,
    ok: page.bytes <= BUDGETS.analyticsJsBytes,
  });
}

const micros = await phase('legacy lookup', () => legacyLookupMicros());
rows.push({
  name: 'legacy redirect lookup',
  figure: `${micros.toFixed(3)} µs`,
  budget: `≤ ${BUDGETS.legacyMicros} µs`,
  ok: micros <= BUDGETS.legacyMicros,
});

// One stack with the demo data for the browser budgets, then the user import and the webhook burst (each in a project
// of its own, after the timings that need a quiet machine), closed before the scaled API and CSV benches.
const useSite = ['--no-lighthouse', '--no-nav-compare', '--no-import', '--no-webhooks'].some(
  (flag) => !process.argv.includes(flag),
);
const ports = benchPorts();
if (!process.argv.includes('--no-lighthouse')) ensureChromium();
const site: Stack | null = useSite
  ? await phase('site stack start', () => startStack({ port: ports.site, authPort: ports.auth }))
  : null;
try {
  if (!process.argv.includes('--no-lighthouse')) {
    // At most 2.5 minutes (was 4): runs 10–15 waited 24–233 s here, and since the blocking time is judged from CPU
    // time a tired host moves the judged score less; a host still slow then is measured at its speed, its CPU
    // slowdown calibrated to its benchmark index (docs/decisions.md "npm test in under 20 minutes").
    await restedHost('waiting for the host', 'the browser timings', 3, 150_000);
    const t = performance.now();
    const stack = site!;
    // The demo project of the seeded stack: the wallets page shows real rows.
    const section = `/${DEMO_PROJECTS.demo}/test/wallets`;
    const figures = await runLighthouse(
      [`${stack.url}/auth/login`],
      [`${stack.url}/`, `${stack.url}${section}`, `${stack.url}/${DEMO_PROJECTS.demo}/test/analytics/transactions`],
      (page) => signInForBench(page, stack.url),
      (f) =>
        f.performance >= BUDGETS.performance &&
        f.lcpMs <= BUDGETS.lcpMs &&
        f.cls <= BUDGETS.cls &&
        (!new URL(f.url).pathname.endsWith('/wallets') || (f.firstRowMs ?? Infinity) <= BUDGETS.firstRowMs),
    );
    for (const f of figures) {
      const p = new URL(f.url).pathname.replace(/pro_[^/]+/, '{projectId}');
      rows.push({
        name: `Lighthouse ${p} performance`,
        figure:
          f.performance.toFixed(2) +
          ` (${f.runs > 1 ? `median of ${f.runs}, ` : ''}CPU ${f.cpuSlowdown}× at benchmark index ${Math.round(f.benchmarkIndex)}; ` +
          `Lighthouse's own ${f.lighthousePerformance.toFixed(2)}, its blocking time from wall time)`,
        budget: `≥ ${BUDGETS.performance}`,
        ok: f.performance >= BUDGETS.performance,
        pending: PENDING.has(`Lighthouse ${p} performance`) && f.performance < BUDGETS.performance,
      });
      rows.push({
        name: `Lighthouse ${p} LCP`,
        figure: `${Math.round(f.lcpMs)} ms`,
        budget: `≤ ${BUDGETS.lcpMs} ms`,
        ok: f.lcpMs <= BUDGETS.lcpMs,
      });
      rows.push({
        name: `Lighthouse ${p} CLS`,
        figure: f.cls.toFixed(3),
        budget: `≤ ${BUDGETS.cls}`,
        ok: f.cls <= BUDGETS.cls,
      });
      rows.push({
        name: `Lighthouse ${p} TBT`,
        figure: `${Math.round(f.tbtMs)} ms from CPU time (${Math.round(f.wallTbtMs)} ms from wall time)`,
        budget: '(info)',
        ok: true,
      });
      if (p.endsWith('/wallets'))
        rows.push({
          name: `Lighthouse ${p} first data row`,
          figure: f.firstRowMs === null ? 'no row rendered' : `${Math.round(f.firstRowMs)} ms`,
          budget: `≤ ${BUDGETS.firstRowMs} ms`,
          ok: f.firstRowMs !== null && f.firstRowMs <= BUDGETS.firstRowMs,
        });
    }
    const project = `/${DEMO_PROJECTS.demo}/test`;
    // The audits above kept a core busy for a minute: the host may be slow again (scripts/bench/host-speed.ts). One
    // fast reading is enough, and the wait is at most a minute: what follows is the chart draw (budget 50 ms; 31–40 ms
    // measured), hover then click (budget 300 ms; 66–135 ms measured) and the ratios (information). Runs 10–15 waited
    // 13–233 s here (docs/decisions.md "npm test in under 20 minutes").
    await restedHost('waiting for the host after the audits', 'the chart and hover timings', 1, 60_000);
    const draw = await phase('analytics chart draw', () =>
      steadyBrowserTiming(
        stack.url,
        BUDGETS.chartDrawMs,
        (page) => analyticsChartDrawMs(page, stack.url, project),
        !PENDING.has('analytics chart draw'),
      ),
    );
    rows.push({
      name: `analytics chart draw (a year of daily points, slowest chart, median of ${draw.samples[0]!.length})`,
      figure: roundsFigure(draw, (x) => x.toFixed(1)),
      budget: `≤ ${BUDGETS.chartDrawMs} ms`,
      ok: draw.ms <= BUDGETS.chartDrawMs,
      pending: PENDING.has('analytics chart draw') && draw.ms > BUDGETS.chartDrawMs,
    });
    const nav = await phase('hover then click', () =>
      steadyBrowserTiming(stack.url, BUDGETS.hoverClickMs, async (page) => {
        const n = await hoverClickToFirstRow(page, stack.url, project, [
          { link: 'Wallets', path: '/wallets' },
          { link: 'Users', path: '/users' },
          { link: 'Transactions', path: '/transactions' },
        ]);
        return { medianMs: n.medianMs, samples: n.samples.map((x) => x.ms) };
      }),
    );
    rows.push({
      name: `hover ${HOVER_MS} ms then click: first data row (median of ${nav.samples[0]!.length})`,
      figure: roundsFigure(nav, (x) => String(Math.round(x))),
      budget: `≤ ${BUDGETS.hoverClickMs} ms`,
      ok: nav.ms <= BUDGETS.hoverClickMs,
    });
    const took = `Lighthouse, chart draw and hover ${((performance.now() - t) / 1000).toFixed(1)} s`;
    phases.push(took);
    console.log(`bench: ${took}`);
  }

  if (!process.argv.includes('--no-nav-compare')) {
    if (!baselinePresent()) {
      console.log('bench: baseline missing (../shared/bench/spa-baseline): navigation ratios skipped');
      rows.push({
        name: 'navigation against a single-page app',
        figure: 'baseline missing',
        budget: '(skipped)',
        ok: true,
      });
    } else {
      await navCompare(site!);
    }
  }

  if (!process.argv.includes('--no-import')) {
    const imp = await phase('user import', () => runUserImportBench(undefined, site!));
    rows.push({
      name: `user import of ${imp.rows.toLocaleString('en')} rows (created/failed exact, pause+resume)`,
      figure:
        `${Math.round(imp.rowsPerSecond).toLocaleString('en')} rows/s, ${imp.seconds.toFixed(1)} s; ` +
        `${imp.created}/${imp.expectedCreated} created, ${imp.failed}/${imp.expectedFailed} failed, ${imp.usersTotal} users` +
        (imp.pauseRefused && imp.retryReplayed ? '' : ', PAUSE OR RETRY WRONG'),
      budget: `≤ ${IMPORT_BUDGET.maxSeconds} s, exact`,
      ok: importWithinBudget(imp),
    });
  }

  if (!process.argv.includes('--no-webhooks')) {
    console.log(`bench: webhook delivery, a burst of ${WEBHOOK_BUDGET.events} events to a local receiver…`);
    const w = await phase('webhook burst', () => runWebhookBench(undefined, site!));
    rows.push({
      name: `Webhooks: ${w.events}-event burst, delivered and verified`,
      figure: `${w.delivered} delivered, ${w.verified} verified`,
      budget: `all ${w.events}`,
      ok: w.delivered === w.events && w.verified === w.events,
    });
    rows.push({
      name: 'Webhooks: event → first attempt p95',
      figure: `${Math.round(w.p95Ms)} ms (p50 ${Math.round(w.p50Ms)} ms)`,
      budget: `≤ ${WEBHOOK_BUDGET.p95FirstAttemptMs} ms`,
      ok: w.p95Ms <= WEBHOOK_BUDGET.p95FirstAttemptMs,
    });
    rows.push({
      name: 'Webhooks: deliveries per second (info)',
      figure: `${w.deliveriesPerSecond.toFixed(0)}/s`,
      budget: '(info)',
      ok: true,
    });
  }
} finally {
  await site?.close();
}

if (!process.argv.includes('--no-api')) {
  const stale = scaleStateStaleness();
  if (stale) {
    // The scaled database takes about 1.4 GB (plus its journal while it is written): say so rather than fail midway.
    const { bavail, bsize } = statfsSync(ROOT);
    const freeGb = (bavail * bsize) / 1e9;
    if (freeGb < 3) {
      console.error(
        `bench: the scale seed needs about 3 GB of free disk in ${ROOT}; ${freeGb.toFixed(1)} GB is free. ` +
          'Free some space (e.g. remove old .wrangler/ states) or run `npm run bench -- --no-api` to skip the API bench.',
      );
      process.exit(1);
    }
    console.log(`bench: seeding the scale project (${stale})…`);
    await phase('scale seed', () => run(process.execPath, ['scripts/seed.ts', '--scale']));
  } else {
    console.log('bench: scaled state is current (.wrangler/scale-state), no seed needed');
    phases.push('scale seed skipped');
  }
  console.log('bench: API list variants at scale, one after another…');
  // A miss of a pending row (TODO) is not measured again: its median of three could not fail the run either.
  const result = await phase('API bench', () =>
    runApiBench({ remeasure: (m) => !(m.name.startsWith('logs ') && PENDING.has('request log page 1')) }),
  );
  const table = path.join(ROOT, 'tests/.artifacts/bench-api.txt');
  mkdirSync(path.dirname(table), { recursive: true });
  writeFileSync(table, formatApiTable(result) + '\n');
  console.log(`bench: per-variant API table (p50/p95 of every list variant) in ${path.relative(ROOT, table)}`);
  console.log(
    `bench: API bench: ${result.samplesRetaken} of ${result.samplesTaken} requests taken again (the host kept the server's threads off the cores ≥ ${HOST_WAIT_LIMIT_MS} ms)`,
  );
  for (const m of result.measurements.filter((x) => x.rounds > 1))
    console.log(
      `bench: re-measured ${m.name} ${m.kind}: p95 of the rounds ${m.roundP95s.join(', ')} ms → median ${m.p95} ms${isOver(m) ? ' OVER' : ''}`,
    );
  const figure = (m: ApiMeasurement) =>
    `${m.p95.toFixed(0)} ms (${m.name}${m.rounds > 1 ? `, median of ${m.rounds}` : ''})`;
  // The data collections' rows; the request log's variants have a row of their own (below).
  const data = { ...result, measurements: result.measurements.filter((m) => !m.name.startsWith('logs ')) };
  const withTotal = worstOf(data, 'page1+total');
  rows.push({
    name: `API page 1 p95 with total (worst of ${withTotal.count} variants)`,
    figure: figure(withTotal.worst),
    budget: `≤ ${API_BUDGETS.page1WithTotalMs} ms`,
    ok: !isOver(withTotal.worst),
  });
  const logs = result.measurements.filter(
    (m) => m.name.startsWith('logs ') && (m.kind === 'page1+total' || m.kind === 'page1 counted'),
  );
  const worstLog = logs.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  rows.push({
    name: `Request log page 1 p95, counted or not (worst of ${logs.length} variants)`,
    figure: figure(worstLog),
    budget: `≤ ${API_BUDGETS.page1WithTotalMs} ms`,
    ok: logs.every((m) => !isOver(m)),
    pending: PENDING.has('request log page 1') && logs.some((m) => isOver(m)),
  });
  // The count the screen asks apart when page 1 answered without it (`…/logs/count`).
  const logCounts = result.measurements.filter((m) => m.name.startsWith('logs ') && m.kind === 'count');
  const worstCount = logCounts.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  rows.push({
    name: `Request log count p95, apart from page 1 (worst of ${logCounts.length} variants)`,
    figure: figure(worstCount),
    budget: `≤ ${API_BUDGETS.page1CountedMs} ms`,
    ok: logCounts.every((m) => !isOver(m)),
  });
  const logging = await phase('request logging on vs off', () => steadyLoggingComparison(freePort));
  const [firstLogging] = logging.comparisons;
  rows.push({
    name: `API page 1 p95 with request logging on vs off (median of ${firstLogging!.onRounds.length} rounds${
      logging.comparisons.length > 1 ? `; median margin of ${logging.comparisons.length} comparisons` : ''
    })`,
    figure: logging.comparisons.map((c) => `${c.onP95.toFixed(1)} vs ${c.offP95.toFixed(1)} ms`).join('; '),
    budget: `on ≤ off × ${LOGGING_TOLERANCE.ratio} + ${LOGGING_TOLERANCE.plusMs} ms`,
    ok: logging.unchanged,
    pending: PENDING.has('request logging on vs off') && !logging.unchanged,
  });
  const counted = worstOf(data, 'page1 counted');
  rows.push({
    name: `API page 1 p95 counted (worst of ${counted.count} variants)`,
    figure: figure(counted.worst),
    budget: `≤ ${API_BUDGETS.page1CountedMs} ms`,
    ok: !isOver(counted.worst),
  });
  const deep = worstOf(data, 'deep+total');
  rows.push({
    name: `API deep page ${result.deepPage} p95 (worst, slowest of ${result.deepSamples} requests, info)`,
    figure: figure(deep.worst),
    budget: '(info)',
    ok: true,
  });

  if (!process.argv.includes('--no-csv')) {
    console.log('bench: CSV export of the 1,000,000 transactions…');
    const csv = await phase('CSV export', () => runCsvExportBench());
    // The neighbour's p95 is one export's worth of probes (~130) on a shared 2-core host: judged as the other timings
    // are (`steadyMedian`), two more exports when the first misses, and the median of the three.
    const neighbourRounds = [csv.neighbour.duringP95Ms];
    if (csv.neighbour.duringP95Ms > BUDGETS.neighbourPage1P95Ms && !PENDING.has('other shard during the CSV export'))
      for (let i = 0; i < 2; i++) {
        const again = await phase('CSV export again (neighbour)', () => runCsvExportBench());
        neighbourRounds.push(again.neighbour.duringP95Ms);
      }
    const neighbourP95 = median(neighbourRounds);
    const perMillion = (csv.serverCpuSeconds / Math.max(csv.rows, 1)) * 1e6;
    rows.push({
      name: 'CSV export transactions.csv at scale: server CPU per 1M rows',
      figure:
        csv.rows !== csv.expected
          ? `${csv.rows} rows, X-Total-Count ${csv.expected ?? 'absent'}`
          : csv.serverCpuSeconds > 0
            ? `${perMillion.toFixed(0)} s (${Math.round(csv.rows / csv.serverCpuSeconds).toLocaleString('en')} rows/CPU-s)`
            : `no /proc: ${Math.round(csv.rowsPerSecond).toLocaleString('en')} rows/s`,
      budget:
        csv.serverCpuSeconds > 0
          ? `≤ ${CSV_BUDGET.serverCpuSecondsPerMillionRows} s, all rows`
          : `≥ ${CSV_BUDGET.rowsPerSecondWithoutProc.toLocaleString('en')} rows/s`,
      ok: csvWithinBudget(csv),
    });
    // Another project on the other shard stays fast while the large one exports (docs/architecture.md "Shards").
    rows.push({
      name: 'Other shard during the CSV export: page-1 p95 server time',
      figure: `${neighbourRounds.length > 1 ? `${neighbourP95.toFixed(1)} ms, median of ${neighbourRounds.map((x) => x.toFixed(1)).join(', ')}; first export: ` : ''}${csv.neighbour.duringP95Ms.toFixed(1)} ms (${csv.neighbour.during} requests; idle ${csv.neighbour.idleP95Ms.toFixed(1)} ms; a project on the export's own shard and runtime ${csv.neighbour.sameShardP95Ms.toFixed(1)} ms; round trip through the local proxy ${csv.neighbour.duringWallP95Ms.toFixed(1)} ms, idle ${csv.neighbour.idleWallP95Ms.toFixed(1)} ms)`,
      budget: `≤ ${BUDGETS.neighbourPage1P95Ms} ms`,
      ok: neighbourP95 <= BUDGETS.neighbourPage1P95Ms,
      pending: PENDING.has('other shard during the CSV export') && neighbourP95 > BUDGETS.neighbourPage1P95Ms,
    });
    rows.push({
      name: 'CSV export transactions.csv at scale: rows/s (info)',
      figure: `${Math.round(csv.rowsPerSecond).toLocaleString('en')} rows/s, ${csv.megabytesPerSecond.toFixed(1)} MB/s (${(csv.rows / 1e6).toFixed(1)}M rows in ${csv.seconds.toFixed(1)} s)`,
      budget: '(info)',
      ok: true,
    });
    rows.push({
      name: 'CSV export size and server memory, idle → peak (info)',
      figure: `${(csv.bytes / 1e6).toFixed(0)} MB; ${Math.round(csv.idleServerRssMb)} → ${Math.round(csv.peakServerRssMb)} MB`,
      budget: '(info)',
      ok: true,
    });
  }
}

const width = Math.max(...rows.map((r) => r.name.length));
const figureWidth = Math.max(22, ...rows.map((r) => r.figure.length));
console.log('\nBudgets');
for (const r of rows)
  console.log(
    `  ${r.ok ? 'ok  ' : r.pending ? 'TODO' : 'OVER'}  ${r.name.padEnd(width)}  ${r.figure.padEnd(figureWidth)} ${r.budget}`,
  );
const over = rows.filter((r) => !r.ok && !r.pending).length;
const pending = rows.filter((r) => !r.ok && r.pending).length;
console.log(`elapsed: ${phases.join(', ')}`);
console.log(
  `budgets: ${rows.length - over - pending} passed, ${over} failed${pending ? `, ${pending} pending (TODO)` : ''}`,
);
process.exit(over ? 1 : 0);
