import { freePort } from './free-port.ts';
import type { ChildProcess } from 'node:child_process';
import { start, waitForHttp } from './proc.ts';
import { killTree, superviseHealth } from './supervise.ts';

export interface PagesServerOptions {
  port: number;
  /** Extra `--binding KEY=VALUE` pairs (override wrangler.toml [vars]). */
  bindings?: Record<string, string>;
  /** Where local D1 state lives. */
  persistTo?: string;
  quiet?: boolean;
  /** Extra environment of the wrangler process (the rate limiter's `WRANGLER_REGISTRY_PATH`). */
  env?: Record<string, string>;
  /** Configs of auxiliary Workers run in the same runtime (the webhook dispatcher, scripts/lib/webhook-dispatcher.ts). */
  workers?: string[];
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
    // An inspector port of its own: every `wrangler pages dev` takes 9229 otherwise, and a second stack starting at the
    // same moment (`npm start` beside `npm test`, a bench beside e2e) failed with "Address already in use".
    '--inspector-port',
    String(await freePort()),
  ];
  if (options.persistTo) args.push('--persist-to', options.persistTo);
  if (options.workers?.length) args.push('-c', 'wrangler.toml', ...options.workers.flatMap((w) => ['-c', w]));
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
  // A port taken meanwhile leaves `wrangler` running without serving: say so at once instead of after the timeout.
  let onOutput: ((chunk: Buffer) => void) | undefined;
  const refused = new Promise<never>((_, reject) => {
    onOutput = (chunk) => {
      if (/Address already in use/.test(chunk.toString()))
        reject(new Error(`wrangler pages dev could not listen on ${url}: address already in use`));
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
  });
  try {
    await Promise.race([waitForHttp(url, 90_000), refused]);
  } catch (error) {
    killTree(child);
    throw error;
  } finally {
    child.stdout?.off('data', onOutput!);
    child.stderr?.off('data', onOutput!);
  }
  return { url, child };
}

/** A Pages server that `superviseHealth` restarts when its Workers runtime stops answering. */
export interface SupervisedPagesServer {
  url: string;
  /** The wrangler process of the moment (a restart replaces it). */
  child(): ChildProcess;
  stop(): void;
}

/**
 * `startPagesServer`, watched: when the site stops answering (e.g. workerd was killed and wrangler's own restart
 * hangs), the whole `wrangler pages dev` is restarted on the same port and state; when that fails too, `giveUp`
 * (docs/decisions.md "The local stack fails loudly"). D1's state is on disk: acknowledged writes survive
 * (tests/stack/crash.test.ts).
 */
export async function startSupervisedPagesServer(
  options: PagesServerOptions & { giveUp: (error: Error) => void; probeIntervalMs?: number },
): Promise<SupervisedPagesServer> {
  let server = await startPagesServer(options);
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const supervision = superviseHealth({
    url: `${server.url}/auth/login`,
    intervalMs: options.probeIntervalMs,
    giveUp: options.giveUp,
    restart: async () => {
      const old = server.child;
      killTree(old, 'SIGTERM');
      await Promise.race([exited(old), new Promise((r) => setTimeout(r, 5000))]);
      killTree(old, 'SIGKILL');
      server = await startPagesServer(options);
    },
  });
  return {
    url: server.url,
    child: () => server.child,
    stop() {
      supervision.stop();
      killTree(server.child, 'SIGTERM');
    },
  };
}
