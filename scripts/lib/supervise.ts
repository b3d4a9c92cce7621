import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';

/** Every descendant of `pid` (children first), from `ps`. */
export function descendants(pid: number): number[] {
  let table: string;
  try {
    table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of table.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (!child || parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** Ends a process and everything it started (wrangler and its workerd). */
export function killTree(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined) return;
  for (const pid of [...descendants(child.pid).reverse(), child.pid]) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

export interface Supervision {
  stop(): void;
}

/**
 * Probes `url` every `intervalMs`; after `failures` misses in a row (the Workers runtime crashed and did not come
 * back, for example), calls `restart`, and when that does not bring an answer, `giveUp` (docs/decisions.md "The
 * local stack fails loudly").
 */
export function superviseHealth(options: {
  url: string;
  restart: () => Promise<void>;
  giveUp: (error: Error) => void;
  intervalMs?: number;
  timeoutMs?: number;
  failures?: number;
  log?: (line: string) => void;
}): Supervision {
  const { intervalMs = 5000, timeoutMs = 4000, failures = 3, log = (l) => console.error(l) } = options;
  let misses = 0;
  let busy = false;
  let stopped = false;
  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      const answer = await fetch(options.url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await answer.body?.cancel();
      // wrangler's own proxy answers 5xx while its Workers runtime is down: that is not the site answering.
      if (answer.status >= 500) throw new Error(`status ${answer.status}`);
      misses = 0;
    } catch {
      misses += 1;
      if (misses >= failures && !stopped) {
        log(`[supervisor] ${options.url} has not answered ${misses} times in a row: restarting the Pages server…`);
        try {
          await options.restart();
          misses = 0;
          log('[supervisor] the Pages server answers again.');
        } catch (error) {
          options.giveUp(error as Error);
        }
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
