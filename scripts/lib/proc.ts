import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');

/** Runs a command from node_modules/.bin (or PATH) to completion; rejects with its exit code. */
export function run(cmd: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: 'inherit',
      ...options,
      env: withBin(options.env ?? process.env),
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Starts a long-running command; its output lines are prefixed with `name`. */
export function start(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, env: withBin(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => `[${name}] ${l}\n`)
      .join('');
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  return child;
}

/** PATH with the project's node_modules/.bin first, so the pinned Node 24 and local tools win. */
export function withBin(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, PATH: `${BIN}${path.delimiter}${env.PATH ?? ''}` };
}

/** Waits until `url` answers (any status) or the timeout passes. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Ends child processes when this process ends. */
export function stopOnExit(children: ChildProcess[]): void {
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('SIGINT', () => (stop(), process.exit(130)));
  process.on('SIGTERM', () => (stop(), process.exit(143)));
  process.on('exit', stop);
}
