import type { ChildProcess } from 'node:child_process';
import { start, waitForHttp } from './proc.ts';

export interface PagesServerOptions {
  port: number;
  /** Extra `--binding KEY=VALUE` pairs (override wrangler.toml [vars]). */
  bindings?: Record<string, string>;
  /** Where local D1 state lives. */
  persistTo?: string;
  quiet?: boolean;
  /** Extra environment of the wrangler process (the rate limiter's `WRANGLER_REGISTRY_PATH`). */
  env?: Record<string, string>;
}

/** Serves dist/ (or `DASHBOARD_DIST`) with the Functions through `wrangler pages dev` on 127.0.0.1 and waits until it answers. */
export async function startPagesServer(options: PagesServerOptions): Promise<{ url: string; child: ChildProcess }> {
  const args = [
    'pages',
    'dev',
    process.env.DASHBOARD_DIST ?? 'dist',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--show-interactive-dev-session=false',
  ];
  if (options.persistTo) args.push('--persist-to', options.persistTo);
  for (const [k, v] of Object.entries(options.bindings ?? {})) args.push('--binding', `${k}=${v}`);
  const child = start('pages', 'wrangler', args, {
    ...process.env,
    ...options.env,
    WRANGLER_SEND_METRICS: 'false',
    CI: 'true',
    // No fetch of Cloudflare's `Request.cf` sample data: local runs are offline (miniflare then uses its placeholder).
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  });
  if (options.quiet) {
    child.stdout?.removeAllListeners('data');
  }
  const url = `http://127.0.0.1:${options.port}`;
  await waitForHttp(url, 90_000);
  return { url, child };
}
