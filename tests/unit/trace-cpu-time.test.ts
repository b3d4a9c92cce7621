import { describe, expect, it } from 'vitest';
import { retimeToCpuTime, type TraceEvent } from '../../scripts/bench/trace-cpu-time';

const MAIN = { pid: 7, tid: 1 };
const OTHER = { pid: 7, tid: 2 };

function trace(): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ...OTHER, ts: 0, args: { name: 'Compositor' } },
    // 40 ms on the wall, 10 ms on the CPU: 30 ms of waiting.
    { name: 'RunTask', ph: 'X', ...MAIN, ts: 1_000, dur: 40_000, tdur: 10_000 },
    { name: 'Layout', ph: 'X', ...MAIN, ts: 11_000, dur: 20_000, tdur: 5_000 },
    { name: 'ResourceSendRequest', ph: 'I', ...MAIN, ts: 41_000 },
    // All CPU: nothing to take out.
    { name: 'RunTask', ph: 'X', ...MAIN, ts: 50_000, dur: 8_000, tdur: 8_000 },
    // Another thread keeps its wall time.
    { name: 'RunTask', ph: 'X', ...OTHER, ts: 1_000, dur: 40_000, tdur: 1_000 },
  ];
}

describe('retimeToCpuTime', () => {
  it('shrinks a main-thread task to its CPU time and scales what happened inside it', () => {
    const events = trace();
    expect(retimeToCpuTime(events)).toBe(30_000);
    const [, , task, layout, request, cpuOnly, other] = events;
    expect(task).toMatchObject({ ts: 1_000, dur: 10_000 });
    expect(layout).toMatchObject({ ts: 3_500, dur: 5_000 });
    expect(request!.ts).toBe(11_000); // the task's end
    expect(cpuOnly).toMatchObject({ ts: 50_000, dur: 8_000 });
    expect(other).toMatchObject({ ts: 1_000, dur: 40_000 });
  });

  it('keeps every inner event inside its shrunk task', () => {
    const events = trace();
    retimeToCpuTime(events);
    const [, , task, layout] = events;
    expect(layout!.ts + layout!.dur!).toBeLessThanOrEqual(task!.ts + task!.dur!);
  });

  it('leaves a trace without renderer main threads as it was', () => {
    const events = trace().filter((e) => e.args?.name !== 'CrRendererMain');
    const before = JSON.stringify(events);
    expect(retimeToCpuTime(events)).toBe(0);
    expect(JSON.stringify(events)).toBe(before);
  });
});
