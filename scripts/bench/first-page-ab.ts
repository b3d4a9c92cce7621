/**
 * The first dashboard page after sign-in on two (or more) builds, loads interleaved (docs/decisions.md "The first page
 * after sign-in: where the race's time goes"): the flow of `../shared/bench/nav-compare.mjs` (sign in on the login
 * page; once the session is stored, a new tab of the same browser opens a section; time to its first data row), on
 * stacks of their own serving each build, the order reversed every round. On a shared 2-core host only loads taken in
 * the same minutes compare, and a port (a stack) may be faster than the other for the whole hour: run it twice with
 * the builds on the other ports before reading a difference.
 *
 *   DASHBOARD_DIST=/path/to/dist-a node scripts/bench/lighthouse-ab.ts serve 10506 10505   # site port, auth port
 *   DASHBOARD_DIST=/path/to/dist-b node scripts/bench/lighthouse-ab.ts serve 10516 10515
 *   node scripts/bench/first-page-ab.ts A=http://127.0.0.1:10506 B=http://127.0.0.1:10516 [RUNS=12] [IDLE=1] \
 *     [SECTION=wallets]
 *
 * `IDLE=1` sends the sign-in tab to `about:blank` first (the page alone, its modules cached; no race with the home the
 * sign-in opens). Each load prints its first row, the document's navigation timing (response end, `domInteractive`),
 * when the list's request started and ended, and how many of the page's modules came from the server rather than the
 * cache; each build, its medians and how many rounds it won.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../lib/chromium.ts';
import { DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';
import { median } from './stats.ts';
import { signInLikeNavCompare } from './sign-in.ts';

/** What marks a section's data row (nav-compare.mjs's patterns: an address, a user, a transaction). */
const ROW: Record<string, RegExp> = {
  wallets: /0x[0-9a-fA-F]{4}/,
  users: /pla_|@|[A-Z][a-z]+ [A-Za-z(]/,
  transactions: /tin_|0x[0-9a-fA-F]{4}/,
};

interface Load {
  /** `goto` → first data row, as the bench times it (ms). */
  firstRow: number;
  /** The page's own first-row mark (`dashboard:first-row`), from its navigation start; -1 without one. */
  mark: number;
  responseEnd: number;
  domInteractive: number;
  listStart: number;
  listEnd: number;
  /** Module files of the page fetched from the server, not the cache. */
  modulesFromServer: number;
}

async function load(context: BrowserContext, section: string, idle: boolean): Promise<Load> {
  const page = await context.newPage();
  await signInLikeNavCompare(page);
  if (idle) {
    await page.goto('about:blank');
    await page.waitForTimeout(800);
  }
  const cold = await context.newPage();
  const start = Date.now();
  await cold.goto(`/${DEMO_PROJECTS.demo}/test/${section}`, { waitUntil: 'commit' });
  await cold.waitForFunction(
    ({ source, section }) =>
      location.pathname.includes(`/${section}`) &&
      [...document.querySelectorAll('tbody tr, [role="row"]')].some((tr) =>
        new RegExp(source).test(tr.textContent ?? ''),
      ),
    { source: (ROW[section] ?? ROW.wallets!).source, section },
    { polling: 'raf', timeout: 15_000 },
  );
  const firstRow = Date.now() - start;
  const timings = await cold.evaluate((section) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const list = resources.find((r) => r.name.includes(`/${section}?`));
    return {
      mark: Math.round(performance.getEntriesByName('dashboard:first-row')[0]?.startTime ?? -1),
      responseEnd: Math.round(nav.responseEnd),
      domInteractive: Math.round(nav.domInteractive),
      listStart: Math.round(list?.startTime ?? -1),
      listEnd: Math.round(list?.responseEnd ?? -1),
      modulesFromServer: resources.filter((r) => r.name.includes('/_astro/') && r.transferSize > 0).length,
    };
  }, section);
  return { firstRow, ...timings };
}

async function compare(builds: [string, string][], runs: number, section: string, idle: boolean): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const loads = new Map<string, Load[]>(builds.map(([name]) => [name, []]));
  const wins = new Map<string, number>(builds.map(([name]) => [name, 0]));
  try {
    for (let round = 0; round < runs; round++) {
      const times: [string, number][] = [];
      for (const [name, origin] of round % 2 ? [...builds].reverse() : builds) {
        const context = await browser.newContext({ baseURL: origin });
        try {
          const l = await load(context, section, idle);
          loads.get(name)!.push(l);
          times.push([name, l.firstRow]);
          console.log(
            `${name} ${round}: first row ${l.firstRow} ms (mark ${l.mark}); document in ${l.responseEnd}, parsed ` +
              `${l.domInteractive}; list ${l.listStart}–${l.listEnd}; modules from the server ${l.modulesFromServer}`,
          );
        } finally {
          await context.close();
        }
      }
      const fastest = times.sort((a, b) => a[1] - b[1])[0]![0];
      wins.set(fastest, wins.get(fastest)! + 1);
    }
  } finally {
    await browser.close();
  }
  for (const [name] of builds) {
    const list = loads.get(name)!;
    const med = (pick: (l: Load) => number) => median(list.map(pick));
    console.log(
      `${name}: first row median ${med((l) => l.firstRow)} ms (mark ${med((l) => l.mark)}), faster in ` +
        `${wins.get(name)} of ${runs}; document in ${med((l) => l.responseEnd)}, parsed ${med((l) => l.domInteractive)}, ` +
        `list answered ${med((l) => l.listEnd)}; loads with modules from the server ` +
        `${list.filter((l) => l.modulesFromServer > 0).length} of ${list.length}`,
    );
  }
}

const args = process.argv.slice(2);
const builds = args.filter((a) => /^[A-Za-z]\w*=https?:\/\//.test(a)).map((a) => a.split(/=(.*)/s) as [string, string]);
if (builds.length < 2) {
  console.error('usage: node scripts/bench/first-page-ab.ts A=http://… B=http://… [RUNS=12] [IDLE=1] [SECTION=…]');
  process.exit(2);
}
const setting = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
await compare(builds, Number(setting('RUNS') ?? 12), setting('SECTION') ?? 'wallets', setting('IDLE') === '1');
