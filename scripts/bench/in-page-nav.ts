/**
 * What a user sees, timed from inside the page, in our app and the single-page app side by side (docs/decisions.md
 * "Timed from inside the page"). The bench's figures (`../shared/bench/nav-compare.mjs`) time Playwright's own calls:
 * a `click()` returns only once the browser has acknowledged the mouse-up, after the click's handlers have run, and
 * its `waitForFunction` first compiles Playwright's injected script on the page's main thread. This tool makes no
 * Playwright call on a page while it is timed:
 *
 * - **first page**: navigation start → the first animation frame with a visible data row (a mutation observer set up by
 *   an init script, then a frame), as the bench opens it (a new tab right after sign-in, the sign-in tab going on to
 *   the app's home) and alone (the sign-in tab sent to `about:blank` first);
 * - **switch**: the press on a sidebar link hovered 400 ms before (as nav-compare.mjs does) → the first animation frame
 *   with the other section's rows visible; beside it the harness's reading as nav-compare.mjs takes it (`click()` →
 *   `waitForFunction`), for the same presses.
 *
 * The apps take turns, the order reversed every round. Run it against stacks that serve both apps, e.g. a
 * `lighthouse-ab.ts serve` stack and the baseline served by `vite preview` (scripts/bench/nav-compare.ts):
 *
 *   node scripts/bench/in-page-nav.ts ours=http://127.0.0.1:10506 spa=http://127.0.0.1:10530 [RUNS=10] [SWITCHES=10] \
 *     [ONLY=first|switch] [PAIR=wallets,users]
 *
 * PAIR names the two sections the switches go between (the page opens on the first): wallets,users (the default) or
 * transactions,wallets, the bench's two pairs.
 *
 * The first app named is the one each ratio is of.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumPath } from '../lib/chromium.ts';
import { DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';
import { median } from './stats.ts';
import { signInLikeNavCompare } from './sign-in.ts';

/** What marks a section's data row (nav-compare.mjs's patterns). */
const ROW = {
  wallets: /0x[0-9a-fA-F]{4}/.source,
  users: /pla_|@|[A-Z][a-z]+ [A-Za-z(]/.source,
  transactions: /tin_|0x[0-9a-fA-F]{4}/.source,
};
type Section = keyof typeof ROW;

/**
 * Runs in every page before its own scripts. `__firstRows(section)` starts watching for the section's rows (the first
 * page watches from the start); `__rowsAt` is then the time of the first animation frame with one visible.
 */
function watchRows(rows: Record<string, string>): void {
  const w = window as unknown as { __firstRows: (section: string, from: number) => void; __rowsAt?: number };
  const visibleRow = (section: string) =>
    location.pathname.includes(`/${section}`) &&
    [...document.querySelectorAll('tbody tr, [role="row"]')].some(
      (tr) => new RegExp(rows[section]!).test(tr.textContent ?? '') && tr.checkVisibility(),
    );
  w.__firstRows = (section, from) => {
    w.__rowsAt = undefined;
    const frame = () => {
      if (visibleRow(section)) w.__rowsAt = performance.now() - from;
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  if (location.pathname.endsWith('/wallets')) w.__firstRows('wallets', 0);
}

const readRowsAt = (page: Page) => page.evaluate(() => (window as unknown as { __rowsAt?: number }).__rowsAt ?? NaN);

/** The first page after sign-in: navigation start → first frame with a wallet row (ms). */
async function firstPage(context: BrowserContext, alone: boolean): Promise<number> {
  const signInTab = await context.newPage();
  await signInLikeNavCompare(signInTab);
  if (alone) {
    // The sign-in's own navigation to the home may interrupt the first attempt.
    await signInTab.goto('about:blank').catch(() => signInTab.goto('about:blank'));
    await signInTab.waitForTimeout(500);
  }
  const page = await context.newPage();
  await page.goto(`/${DEMO_PROJECTS.demo}/test/wallets`, { waitUntil: 'commit' });
  await page.waitForTimeout(2_000);
  return readRowsAt(page);
}

interface Switch {
  /** Press → first frame with the section's rows visible, in the page (ms). */
  inPage: number;
  /** `click()` → `waitForFunction` seeing the rows, as nav-compare.mjs times it (ms). */
  harness: number;
}

/** Waits for a visible row of `section` (as nav-compare.mjs does, by polling every frame). */
const waitRows = (page: Page, section: Section) =>
  page.waitForFunction(
    ({ source, to }) =>
      location.pathname.includes(`/${to}`) &&
      [...document.querySelectorAll('tbody tr, [role="row"]')].some((tr) =>
        new RegExp(source).test(tr.textContent ?? ''),
      ),
    { source: ROW[section], to: section },
    { polling: 'raf', timeout: 15_000 },
  );

/** `count` switches between the two sections (the page opens on the first), each link hovered 400 ms first. */
async function switches(context: BrowserContext, count: number, pair: Section[]): Promise<Switch[]> {
  const page = await context.newPage();
  await signInLikeNavCompare(page);
  await page.goto(`/${DEMO_PROJECTS.demo}/test/${pair[0]}`);
  await waitRows(page, pair[0]!);
  await page.waitForTimeout(1_000);
  // The press's time, and the frame watch started after the page's own click handlers (a window listener runs last).
  await page.evaluate(() => {
    const w = window as unknown as { __press: number; __to: string; __firstRows: (s: string, f: number) => void };
    addEventListener('pointerdown', (e) => (w.__press = e.timeStamp), true);
    addEventListener('click', () => w.__firstRows(w.__to, w.__press));
  });
  const out: Switch[] = [];
  for (let i = 0; i < count; i++) {
    const to = pair[(i + 1) % pair.length]!;
    await page.evaluate((to) => ((window as unknown as { __to: string }).__to = to), to);
    const link = page.locator(`a[href$="/${DEMO_PROJECTS.demo}/test/${to}"]`).first();
    await link.hover();
    await page.waitForTimeout(400);
    const start = Date.now();
    await link.click();
    await waitRows(page, to);
    const harness = Date.now() - start;
    await page.waitForTimeout(300);
    out.push({ inPage: await readRowsAt(page), harness });
  }
  return out;
}

interface Figures {
  firstPage: number[];
  firstPageAlone: number[];
  switchInPage: number[];
  switchHarness: number[];
}

async function inContext<T>(browser: Browser, origin: string, run: (c: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: origin });
  await context.addInitScript(watchRows, ROW);
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

async function measure(
  apps: [string, string][],
  runs: number,
  count: number,
  only: string | undefined,
  pair: Section[],
): Promise<Map<string, Figures>> {
  // The flags nav-compare.mjs launches with, so that both tools time the same browser.
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const figures = new Map<string, Figures>(
    apps.map(([name]) => [name, { firstPage: [], firstPageAlone: [], switchInPage: [], switchHarness: [] }]),
  );
  try {
    for (let round = 0; round < runs; round++) {
      for (const [name, origin] of round % 2 ? [...apps].reverse() : apps) {
        const f = figures.get(name)!;
        if (only !== 'switch') {
          f.firstPage.push(await inContext(browser, origin, (c) => firstPage(c, false)));
          f.firstPageAlone.push(await inContext(browser, origin, (c) => firstPage(c, true)));
        }
        if (only === 'first') continue;
        for (const s of await inContext(browser, origin, (c) => switches(c, count, pair))) {
          f.switchInPage.push(s.inPage);
          f.switchHarness.push(s.harness);
        }
      }
      process.stdout.write(`round ${round + 1} of ${runs}\n`);
    }
  } finally {
    await browser.close();
  }
  return figures;
}

const ROWS: [keyof Figures, string][] = [
  ['firstPage', 'first page after sign-in, navigation start → first frame with a row'],
  ['firstPageAlone', 'the same, the sign-in tab idle'],
  ['switchInPage', 'switch (hover, then press) → first frame with the rows'],
  ['switchHarness', 'the same presses as the harness times them'],
];

/** Medians per app, and the first app's over each other's. */
function report(figures: Map<string, Figures>): string[] {
  const names = [...figures.keys()];
  const [ours, ...others] = names;
  const lines: string[] = [];
  for (const [key, label] of ROWS) {
    if (figures.get(ours!)![key].length === 0) continue;
    const med = (name: string) => median(figures.get(name)![key].filter((x) => Number.isFinite(x)));
    const values = names.map((n) => `${n} ${Math.round(med(n))} ms`).join(', ');
    const ratios = others.map((o) => `${(med(ours!) / med(o)).toFixed(2)}× ${o}`).join(', ');
    const missing = names.map((n) => figures.get(n)![key].filter((x) => !Number.isFinite(x)).length);
    lines.push(
      `${label}: ${values}; ${ratios}` + (missing.some(Boolean) ? ` (no rows seen: ${missing.join('/')})` : ''),
    );
  }
  return lines;
}

const args = process.argv.slice(2);
const apps = args.filter((a) => /^[A-Za-z]\w*=https?:\/\//.test(a)).map((a) => a.split(/=(.*)/s) as [string, string]);
if (apps.length < 2) {
  console.error(
    'usage: node scripts/bench/in-page-nav.ts ours=http://… spa=http://… [RUNS=10] [SWITCHES=10] [ONLY=first|switch] [PAIR=a,b]',
  );
  process.exit(2);
}
const setting = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
const pair = (setting('PAIR') ?? 'wallets,users').split(',') as Section[];
if (pair.length !== 2 || pair.some((s) => !(s in ROW))) {
  console.error(`PAIR names two of ${Object.keys(ROW).join(', ')}`);
  process.exit(2);
}
const figures = await measure(
  apps,
  Number(setting('RUNS') ?? 10),
  Number(setting('SWITCHES') ?? 10),
  setting('ONLY'),
  pair,
);
for (const line of report(figures)) console.log(line);
// DETAIL=1: every reading, to see how they fall on frames (a switch's in-page time is near a multiple of ~16.7 ms).
if (process.env.DETAIL)
  for (const [name, f] of figures)
    console.log(
      name,
      JSON.stringify(f, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v)),
    );
