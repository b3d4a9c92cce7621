/**
 * `npm test`: everything, stopping at the first failure — lint and format, types, unit and emulator tests,
 * production build, budgets, Workers-runtime tests (they serve the build), end-to-end in Chromium beside the
 * local-stack tests. Work that leaves a core idle runs beside other work (docs/decisions.md "npm test in under 20
 * minutes"): lint, format and types together; the scale seed of the budgets in the background from the start, the
 * bench's baseline app built beside its end; the stack tests (mostly waiting on timers and restarts) beside e2e.
 * The budgets come before the long test steps: their browser timings need a rested host, and after ten minutes of
 * e2e at full load this machine waited 57–145 s for its speed to come back.
 */
import { createWriteStream, mkdirSync, readFileSync, existsSync, rmSync, statfsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, run, withBin } from './lib/proc.ts';
import { ensureChromium } from './lib/chromium.ts';
import { scaleStateStaleness } from './seed/scale-state.ts';
import { prebuildBaseline } from './bench/nav-compare.ts';
import { readPlaywrightReport, readVitestReport, type TestReport } from './lib/test-report.ts';

const artifacts = path.join(ROOT, 'tests/.artifacts');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function count(report: TestReport) {
  passed += report.passed;
  failed += report.failed;
  failures.push(...report.failures);
}
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
function countVitest(file: string) {
  if (existsSync(file)) count(readVitestReport(readJson(file), ROOT));
}
function countPlaywright(file: string) {
  if (existsSync(file)) count(readPlaywrightReport(readJson(file)));
}

const vitestJson = (name: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(artifacts, name)}`,
];

/**
 * Runs a command with its output kept in `tests/.artifacts/<name>.log` and printed when it ends (so that two
 * commands at once do not interleave their lines).
 */
function runLogged(name: string, cmd: string, args: string[]): Promise<void> {
  const file = path.join(artifacts, `${name}.log`);
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    const child = spawn(cmd, args, { cwd: ROOT, env: withBin(process.env), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      out.end(() => {
        console.log(
          `\n── ${name} (${path.relative(ROOT, file)}) ──\n${readFileSync(file, 'utf8').trimEnd()}\n── end of ${name} ──`,
        );
        if (code === 0) resolve();
        else reject(new Error(`${name}: ${cmd} ${args.join(' ')} exited with ${code ?? signal}`));
      });
    });
  });
}

/** Runs commands at once; fails with the first failure after all have ended. */
async function together(...tasks: Promise<void>[]): Promise<void> {
  const results = await Promise.allSettled(tasks);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * The budgets step's scale seed (about a minute, when `.wrangler/scale-state` is missing or stale), started now in
 * the background; the budgets step waits for it. Skipped (left to the bench, which says why) without 3 GB free.
 */
function startScaleSeed(): Promise<void> | null {
  const stale = scaleStateStaleness();
  if (!stale) return null;
  const { bavail, bsize } = statfsSync(ROOT);
  if ((bavail * bsize) / 1e9 < 3) return null;
  console.log(`scale seed in the background (${stale}); its output: tests/.artifacts/scale-seed.log`);
  const seed = runLogged('scale-seed', process.execPath, ['scripts/seed.ts', '--scale']);
  seed.catch(() => {}); // reported by the budgets step
  return seed;
}

let scaleSeed: Promise<void> | null = null;

/**
 * `npm run typecheck` (package.json) as two commands that can run at once: its `astro check` and the rest (the `tsc`
 * projects, one after another).
 */
function typecheckHalves(): [string, string] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const parts = pkg.scripts.typecheck!.split('&&').map((p) => p.trim());
  const astro = parts.filter((p) => p.startsWith('astro '));
  const rest = parts.filter((p) => !p.startsWith('astro '));
  return [astro.join(' && '), rest.join(' && ')];
}

const steps: [string, () => Promise<void>, (() => void)?][] = [
  ['chromium', async () => void ensureChromium()],
  [
    'lint + format + types',
    () => {
      scaleSeed = startScaleSeed();
      return together(
        runLogged('lint', 'eslint', ['.']),
        runLogged('format', 'prettier', ['--check', '.']),
        // `npm run typecheck` in two halves at once: its `astro check` alone (~40 s) was the step's long pole.
        ...typecheckHalves().map((cmd, i) => runLogged(i ? 'types-tsc' : 'types-astro', 'sh', ['-c', cmd])),
      );
    },
  ],
  [
    'unit + emulator',
    () => run('vitest', ['run', '--project', 'unit', '--project', 'emulator', ...vitestJson('unit.json')]),
    () => countVitest(path.join(artifacts, 'unit.json')),
  ],
  ['build', () => run('astro', ['build'])],
  [
    'budgets',
    async () => {
      if (scaleSeed) {
        // The seed's last part is one SQLite process: the other core builds the navigation bench's baseline app
        // meanwhile (15–22 s), which the bench then finds in its cache.
        console.log('waiting for the background scale seed (building the baseline app for the bench meanwhile)…');
        const baseline = prebuildBaseline()?.catch((error: unknown) => {
          console.log(`baseline app not built ahead (the bench tries again): ${(error as Error).message}`);
        });
        await Promise.all([scaleSeed, baseline]);
      }
      await run('node', ['scripts/bench.ts']);
    },
  ],
  [
    'workers',
    () => run('vitest', ['run', '--project', 'workers', ...vitestJson('workers.json')]),
    () => countVitest(path.join(artifacts, 'workers.json')),
  ],
  [
    'e2e + stack',
    () =>
      together(
        run('playwright', ['test'], {
          env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(artifacts, 'e2e.json') },
        }),
        // The stack tests wait on timers and restarts most of the time (about 0.6 of a core over their ~115 s): beside
        // e2e, which leaves a fifth of the machine idle, rather than beside the Workers tests, which fill both cores.
        runLogged('stack', 'vitest', ['run', '--project', 'stack', ...vitestJson('stack.json')]),
      ),
    () => {
      countPlaywright(path.join(artifacts, 'e2e.json'));
      countVitest(path.join(artifacts, 'stack.json'));
    },
  ],
];

/**
 * `--only <names>` (comma-separated: chromium, lint, unit, build, budgets, workers, e2e; the start of a step's name)
 * runs those steps alone, to measure one (each expects what the steps before it leave: a build, Chromium).
 */
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : null;
const chosen = only ? steps.filter(([name]) => only.some((o) => name.startsWith(o))) : steps;
if (only && !chosen.length) {
  console.error(`--only ${only.join(',')}: no such step (${steps.map(([name]) => name).join('; ')})`);
  process.exit(2);
}

console.log(`npm test on Node ${process.version}`);
const started = Date.now();
for (const [name, step, count] of chosen) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await step();
    console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (error) {
    count?.();
    console.error(`✘ ${name} failed: ${(error as Error).message}`);
    // A step without a test count (lint, types, build, budgets) still counts as one failure.
    failed = Math.max(failed, 1);
    break;
  }
  count?.();
}
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
// Last, so that a CI summary (the output's tail) names them: the steps' own logs are far above.
if (failures.length) console.log(`failed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
process.exit(failed ? 1 : 0);
