/**
 * `npm test`: everything, in order, stopping at the first failure — lint and format, types, unit and emulator
 * tests, production build, Workers-runtime tests (they serve the build), end-to-end in Chromium, budgets.
 */
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './lib/proc.ts';
import { ensureChromium } from './lib/chromium.ts';

const artifacts = path.join(ROOT, 'tests/.artifacts');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
}

const vitestJson = (name: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(artifacts, name)}`,
];

const steps: [string, () => Promise<void>, (() => void)?][] = [
  ['chromium', async () => void ensureChromium()],
  ['lint', () => run('eslint', ['.'])],
  ['format', () => run('prettier', ['--check', '.'])],
  ['types', () => run('npm', ['run', 'typecheck'])],
  [
    'unit + emulator + stack',
    () =>
      run('vitest', [
        'run',
        '--project',
        'unit',
        '--project',
        'emulator',
        '--project',
        'stack',
        ...vitestJson('unit.json'),
      ]),
    () => countVitest(path.join(artifacts, 'unit.json')),
  ],
  ['build', () => run('astro', ['build'])],
  [
    'workers',
    () => run('vitest', ['run', '--project', 'workers', ...vitestJson('workers.json')]),
    () => countVitest(path.join(artifacts, 'workers.json')),
  ],
  [
    'e2e',
    () =>
      run('playwright', ['test'], {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(artifacts, 'e2e.json') },
      }),
    () => countPlaywright(path.join(artifacts, 'e2e.json')),
  ],
  ['budgets', () => run('node', ['scripts/bench.ts'])],
];

console.log(`npm test on Node ${process.version}`);
const started = Date.now();
for (const [name, step, count] of steps) {
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
process.exit(failed ? 1 : 0);
