/**
 * A Lighthouse trace re-timed to the CPU time of the page's main-thread tasks (docs/decisions.md "Blocking time from
 * CPU time"). Lighthouse's simulated throttling multiplies each task's observed wall time; on this shared 2-core host
 * a task's wall time also holds the time its thread waited for a core or for a busy browser process, which moved one
 * build's blocking time 12–794 ms from one audit to the next. Each top-level task of a renderer main thread is shrunk
 * to its thread time (`tdur`), and the events inside it are scaled with it, so their nesting stays valid.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** Re-times `events` in place; answers how many microseconds of waiting it took out. */
export function retimeToCpuTime(events: TraceEvent[]): number {
  const mainThreads = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  let removed = 0;
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts);
    // Top-level tasks: a task inside another (a nested run loop) moves with its parent.
    const top: TraceEvent[] = [];
    let end = -Infinity;
    for (const e of list) {
      if (e.ph !== 'X' || !TASK_NAMES.has(e.name) || !e.dur || typeof e.tdur !== 'number') continue;
      if (e.ts < end) continue;
      top.push(e);
      end = e.ts + e.dur;
    }
    let i = 0;
    for (const task of top) {
      const factor = Math.min(1, task.tdur! / task.dur!);
      if (factor === 1) continue;
      const start = task.ts;
      const stop = task.ts + task.dur!;
      const newStop = start + task.dur! * factor;
      while (i < list.length && list[i]!.ts < start) i++;
      for (let j = i; j < list.length && list[j]!.ts <= stop; j++) {
        const e = list[j]!;
        if (e === task) continue;
        e.ts = start + (e.ts - start) * factor;
        if (e.ph === 'X' && typeof e.dur === 'number') e.dur = Math.min(e.dur * factor, newStop - e.ts);
      }
      removed += task.dur! - task.dur! * factor;
      task.dur = task.dur! * factor;
    }
  }
  return removed;
}
