import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { localEncryptionKey } from '../seed/local-secrets.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `wrangler pages dev` over a scaled local state, for the API and CSV export benches: the Functions only (an empty
 * assets folder), rate limits off (the budgets are for the queries: one caller, thousands of requests in a row; with
 * limits on each request adds two Durable Object round trips to the companion Worker, docs/api.md), and no
 * per-request log lines (formatting them costs CPU on the same 2 cores the bench measures). `nice` lowers its CPU
 * priority and its workerd's, which inherits it; `cpus` (a `taskset` list such as "1") keeps it and its workerd on
 * those cores. Its standard error is kept for the message of a failed start.
 */
export function spawnScaleServer(options: {
  port: number;
  state: string;
  assets: string;
  env?: NodeJS.ProcessEnv;
  nice?: number;
  /** The cores it may run on (`taskset -c` list), inherited by its workerd; unset: any core. */
  cpus?: string;
  /** Workers run beside the Functions (their wrangler.toml files: the webhook dispatcher that writes the request log). */
  workers?: string[];
  /** More `--binding NAME=value` (e.g. REQUEST_LOGS=off). */
  bindings?: Record<string, string>;
}): ChildProcess {
  const args = [
    path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
    'pages',
    'dev',
    options.assets,
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--show-interactive-dev-session=false',
    '--persist-to',
    options.state,
    '--binding',
    `DATA_ENCRYPTION_KEY=${localEncryptionKey(ROOT)}`,
    '--binding',
    'API_RATE_LIMIT_PER_MINUTE=0',
    '--binding',
    'API_RATE_LIMIT_IP_PER_MINUTE=0',
    '--log-level',
    'error',
    ...(options.workers?.length ? ['-c', 'wrangler.toml', ...options.workers.flatMap((w) => ['-c', w])] : []),
    ...Object.entries(options.bindings ?? {}).flatMap(([k, v]) => ['--binding', `${k}=${v}`]),
  ];
  const nice = options.nice ?? 0;
  const command = [
    ...(options.cpus ? ['taskset', '-c', options.cpus] : []),
    ...(nice ? ['nice', '-n', String(nice)] : []),
    process.execPath,
    ...args,
  ];
  return spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...options.env,
      CI: 'true',
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    },
  });
}

/** Waits until a spawned scale server answers (at most a minute); a server that exits fails with its last words. */
export async function scaleServerReady(server: ChildProcess, port: number): Promise<void> {
  let stderr = '';
  const keep = (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000));
  server.stderr?.on('data', keep);
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`)).ok) return;
        throw new Error('not ready');
      } catch {
        if (server.exitCode !== null)
          throw new Error(`wrangler pages dev exited with ${server.exitCode}: ${stderr.trim()}`);
        if (i > 240) throw new Error('wrangler pages dev did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    server.stderr?.off('data', keep);
    server.stderr?.resume();
  }
}
