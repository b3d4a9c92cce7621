/**
 * Requests the host delayed, told apart from requests the server was slow on (docs/decisions.md "Samples the host
 * delayed are taken again"). On the shared 2-core machine a request's server time also holds the time the runtime's
 * threads spent ready to run but waiting for a core (another process had both). Linux counts that wait per thread
 * (`/proc/<pid>/task/<tid>/schedstat`, second field, in ns); read before and after a request, it says how much of
 * the request the host took. Without `/proc` (not Linux) the wait reads 0 and nothing is taken again.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** A sample is taken again when the server's threads waited this long for a core during it. */
export const HOST_WAIT_LIMIT_MS = 5;

/** `pid` and every process below it (a `wrangler pages dev` and its workerd runtimes). */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of safeReaddir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name (2nd field) is in parentheses and may hold spaces: the parent pid follows its last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(name), ppid);
    } catch {
      // Exited meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i] && !tree.includes(child)) tree.push(child);
  return tree;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The process's command name (`workerd`, `node`, …), or '' once it has exited. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The runtimes' pids by root pid and command, listed again after a second (not a `/proc` scan per request). */
const runtimes = new Map<string, { at: number; pids: number[] }>();

function runtimesOf(pid: number, command: string): number[] {
  const key = `${pid} ${command}`;
  const known = runtimes.get(key);
  if (known && performance.now() - known.at < 1_000) return known.pids;
  const pids = processTree(pid).filter((p) => commandOf(p) === command);
  runtimes.set(key, { at: performance.now(), pids });
  return pids;
}

/**
 * The total run-queue wait, in ms, so far, of every thread of the runtimes (`workerd`: what serves the requests) in
 * `pid`'s process tree; `wrangler`'s own Node process supervises and is left out. The threads are listed again at
 * each call (a runtime starts threads as it needs them); a thread that ended takes its wait with it, which can only
 * make a later difference smaller.
 */
export function runQueueWaitMs(pid: number | undefined, command = 'workerd'): number {
  if (!pid) return 0;
  let ns = 0;
  for (const p of runtimesOf(pid, command))
    for (const tid of safeReaddir(`/proc/${p}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${p}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) || 0;
      } catch {
        // Exited meanwhile.
      }
    }
  return ns / 1e6;
}

export interface TimedSample {
  /** The figure (server time, ms). */
  ms: number;
  /** How long the server's threads waited for a core meanwhile (ms). */
  hostWaitMs: number;
}

export interface SampleRound {
  /** The `n` figures judged: samples the host did not delay, and delayed ones once no more retakes were allowed. */
  kept: number[];
  /** Every sample's figure, in the order taken (the delayed ones too). */
  all: number[];
  /** Samples taken again because the host delayed them. */
  retaken: number;
}

/**
 * Takes `n` samples; one the host delayed (`hostWaitMs` ≥ `limitMs`) is taken again, at most `maxRetakes` times in
 * the round (then delayed samples count, so a host that is always busy still ends the round).
 */
export async function sampleRound(
  take: () => Promise<TimedSample>,
  n: number,
  { limitMs = HOST_WAIT_LIMIT_MS, maxRetakes = n } = {},
): Promise<SampleRound> {
  const kept: number[] = [];
  const all: number[] = [];
  let retaken = 0;
  while (kept.length < n) {
    const s = await take();
    all.push(s.ms);
    if (s.hostWaitMs >= limitMs && retaken < maxRetakes) retaken++;
    else kept.push(s.ms);
  }
  return { kept, all, retaken };
}
