/**
 * The CSV export bench on its own (`npm run bench` runs it too, after the API bench): downloads the 1,000,000
 * transactions of the "Scale project" (`npm run seed:scale`) once as CSV and prints rows/s, MB/s and the server's CPU
 * time; exits 1 over the CPU budget or when the row count is wrong. See scripts/bench/csv-export.ts.
 *
 *   node scripts/bench-csv.ts [--port N (default: a free one)]
 */
import { parseArgs } from 'node:util';
import { csvWithinBudget, formatCsvExport, runCsvExportBench } from './bench/csv-export.ts';
import { scaleStateStaleness } from './seed/scale-state.ts';

const { values: args } = parseArgs({ options: { port: { type: 'string' } } });

const stale = scaleStateStaleness();
if (stale) console.warn(`bench-csv: the scaled state may not match the repository (${stale}); \`npm run seed:scale\``);

const result = await runCsvExportBench({ port: args.port ? Number(args.port) : undefined }).catch((error: Error) => {
  console.error(`bench-csv: ${error.message}`);
  process.exit(1);
});
console.log(`transactions.csv: ${formatCsvExport(result)}`);
console.log(`neighbours: ${JSON.stringify(result.neighbour)}`);
process.exitCode = csvWithinBudget(result) ? 0 : 1;
