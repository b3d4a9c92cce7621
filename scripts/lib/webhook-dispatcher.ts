import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './proc.ts';

/**
 * The companion Worker `workers/webhook-dispatcher` (the webhook delivery engine) in the local stacks: an auxiliary
 * Worker of the same `wrangler pages dev` (`-c wrangler.toml -c <this config>`), so it shares the Pages server's
 * local D1 (one workerd owns the SQLite file: two processes on it fail with SQLITE_BUSY) and its service binding
 * `WEBHOOK_DISPATCHER` resolves in-process. Its queue is in memory: a restart of the runtime drops queued messages,
 * and the cron's sweep enqueues them again from D1 (nothing is lost). `wrangler pages dev` fires no cron triggers:
 * {@link startLocalCron} does, through the API's local-only proxy to the Worker (`WEBHOOK_DISPATCHER_PROXY`).
 */

/**
 * Writes the Worker's config for one local stack into `dir` (the stack's state, or `.wrangler/` for `npm start`):
 * the repository's workers/webhook-dispatcher/wrangler.toml with absolute paths and this stack's variables (the
 * encryption key among them: local only, never in the repository).
 */
export function dispatcherConfig(dir: string, vars: Record<string, string>): string {
  const source = path.join(ROOT, 'workers/webhook-dispatcher');
  let toml = readFileSync(path.join(source, 'wrangler.toml'), 'utf8');
  toml = toml.replace(/^main = "index.ts"$/m, `main = ${JSON.stringify(path.join(source, 'index.ts'))}`);
  toml = toml.replace(
    /^migrations_dir = "\.\.\/\.\.\/(migrations\/\w+)"$/gm,
    (_, dir: string) => `migrations_dir = ${JSON.stringify(path.join(ROOT, dir))}`,
  );
  const [head, rest = ''] = toml.split(/^\[vars\]$/m);
  const kept = rest
    .split('\n')
    .filter((line) => !Object.keys(vars).some((k) => line.startsWith(`${k} =`)))
    .join('\n');
  toml = `${head}[vars]${kept}\n${Object.entries(vars)
    .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
    .join('\n')}\n`;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'webhook-dispatcher.wrangler.toml');
  writeFileSync(file, toml, { mode: 0o600 });
  return file;
}

/** Runs the Worker's scheduled work once through the stack's API (local stacks only). */
export async function runDispatcherCron(siteUrl: string): Promise<void> {
  const res = await fetch(`${siteUrl}/api/v1/__dispatcher/__local/cron`, { method: 'POST' });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`dispatcher cron: ${res.status}`);
}

/** Fires the Worker's cron every `everyMs` (Cloudflare does each minute); returns a stop function. */
export function startLocalCron(siteUrl: () => string, everyMs = 60_000): { stop(): void } {
  const timer = setInterval(() => void runDispatcherCron(siteUrl()).catch(() => {}), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
