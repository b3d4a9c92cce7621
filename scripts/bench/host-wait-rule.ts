/**
 * When the bench stops waiting for the host (scripts/bench/host-speed.ts), from the benchmark index readings so far
 * (one every `everyMs`, oldest first) and the time waited:
 *   - `steady`: the last `steady` readings all reach `minIndex`: measure now.
 *   - `slow host`: no reading has reached `minIndex` in the first `slowHostMs`: this host is slow, not tired, and
 *     waiting does not help (on 2026-11-27 one clean-clone run read 920–1,494 for 233 s and was never steady; the
 *     other read 1,070–1,294 for 200 s, then three fast readings, and its audits right after read 1,108–1,199
 *     again); measure now, the CPU slowdown calibrated to the index (scripts/bench/cpu-calibration.ts).
 *   - `limit`: `maxMs` would pass before the next reading: measure anyway.
 *   - `wait`: read again in `everyMs`.
 * A host that has shown a fast reading is recovering (the 2026-11-24 run: 1,382 → 1,849 in 23 s) and keeps its wait.
 */
export interface HostWaitRule {
  minIndex: number;
  steady: number;
  slowHostMs: number;
  maxMs: number;
  everyMs: number;
}

export type HostWaitVerdict = 'steady' | 'slow host' | 'limit' | 'wait';

export function hostWaitVerdict(readings: number[], waitedMs: number, rule: HostWaitRule): HostWaitVerdict {
  const last = readings.slice(-rule.steady);
  if (last.length >= rule.steady && last.every((x) => x >= rule.minIndex)) return 'steady';
  if (waitedMs + rule.everyMs > rule.slowHostMs && readings.every((x) => x < rule.minIndex)) return 'slow host';
  if (waitedMs + rule.everyMs > rule.maxMs) return 'limit';
  return 'wait';
}
