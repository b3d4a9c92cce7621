import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, waitForHttp } from './proc.ts';
import { freePort } from './free-port.ts';

/**
 * Runs the companion Worker `workers/rate-limiter` (the API's rate-limit Durable Object) with `wrangler dev`, in a
 * private dev registry: pass `env` to the `wrangler pages dev` it serves, which finds the Durable Object through that
 * registry (`script_name` in wrangler.toml). A private registry keeps side-by-side stacks (npm start, e2e, bench)
 * from reaching each other's limiter.
 */
export async function startRateLimiter(options: { quiet?: boolean } = {}): Promise<{
  child: ChildProcess;
  env: { WRANGLER_REGISTRY_PATH: string };
}> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dashboard-rate-limiter-'));
  const env = { WRANGLER_REGISTRY_PATH: path.join(dir, 'registry') };
  const port = await freePort();
  const child = start(
    'rate-limiter',
    'wrangler',
    [
      'dev',
      '--config',
      'workers/rate-limiter/wrangler.toml',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(await freePort()),
      '--persist-to',
      path.join(dir, 'state'),
      '--show-interactive-dev-session=false',
      '--log-level',
      options.quiet ? 'error' : 'warn',
    ],
    {
      ...process.env,
      ...env,
      CI: 'true',
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    },
  );
  if (options.quiet) child.stdout?.removeAllListeners('data');
  await waitForHttp(`http://127.0.0.1:${port}/`, 90_000);
  return { child, env };
}
