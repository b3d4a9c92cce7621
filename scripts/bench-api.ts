/**
 * Scale bench of the data API on its own (`npm run bench` runs it too, seeding first when needed): every list
 * endpoint × each allowed filter and sort, at page 1 (with and without `total`) and at a deep page, against the
 * "Scale project" of `npm run seed:scale`. Prints p50/p95 of the server time (Server-Timing header) per variant and
 * exits 1 when a budget is over: page 1 p95 ≤ 25 ms with `total` passed, ≤ 100 ms when counted. See scripts/bench/api.ts.
 *
 * Then request logging on vs off (scripts/bench/request-logging.ts; skipped with --no-logging).
 *
 *   node scripts/bench-api.ts [--samples 20] [--deep-samples 5] [--port N (default: a free one)] [--deep-page 200]
 *     [--no-logging]
 *     [--only logs,wallets (those collections only)]
 */
import { parseArgs } from 'node:util';
import { formatApiTable, isOver, runApiBench } from './bench/api.ts';
import { freePort } from './lib/free-port.ts';
import { formatLoggingComparison, runLoggingComparison } from './bench/request-logging.ts';
import { scaleStateStaleness } from './seed/scale-state.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '20' },
    'deep-samples': { type: 'string', default: '5' },
    port: { type: 'string' },
    'deep-page': { type: 'string', default: '200' },
    'no-logging': { type: 'boolean' },
    only: { type: 'string' },
  },
});

const stale = scaleStateStaleness();
if (stale) console.warn(`bench-api: the scaled state may not match the repository (${stale}); \`npm run seed:scale\``);

const t0 = performance.now();
const result = await runApiBench({
  samples: Number(args.samples),
  deepSamples: Number(args['deep-samples']),
  deepPage: Number(args['deep-page']),
  port: args.port ? Number(args.port) : undefined,
  only: args.only?.split(','),
}).catch((error: Error) => {
  console.error(`bench-api: ${error.message}`);
  process.exit(1);
});
console.log(formatApiTable(result));
console.log(`API bench took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
let loggingOk = true;
if (!args['no-logging']) {
  const logging = await runLoggingComparison({ port: await freePort() });
  console.log(formatLoggingComparison(logging));
  loggingOk = logging.unchanged;
}
process.exitCode = result.measurements.some(isOver) || !loggingOk ? 1 : 0;
