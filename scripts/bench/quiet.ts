import { readFileSync } from 'node:fs';

/** Busy and total CPU jiffies of the whole machine (every core, every process, steal included), from /proc/stat. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null; // Not Linux: no wait.
  }
}

/**
 * Waits until the machine is quiet before a timing (docs/api.md "Demo data and bench"): the share of CPU in use over
 * a 500 ms window at most `maxBusy`, e.g. once the browser a Lighthouse run used has shut down. Gives up after
 * `timeoutMs` and measures anyway (the figure then says what the machine does). Returns the last window's busy share.
 */
export async function waitForQuiet(maxBusy = 0.25, timeoutMs = 15_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let share: number;
  do {
    const a = cpuTimes();
    await new Promise((r) => setTimeout(r, 500));
    const b = cpuTimes();
    if (!a || !b || b.total === a.total) return 0;
    share = (b.busy - a.busy) / (b.total - a.total);
    if (share <= maxBusy) return share;
  } while (Date.now() < until);
  return share;
}
