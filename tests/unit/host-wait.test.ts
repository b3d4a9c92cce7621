import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { processTree, runQueueWaitMs, sampleRound, type TimedSample } from '../../scripts/bench/host-wait';

/** A sampler answering the given samples in order: [figure, host wait]. */
function sampler(samples: [number, number][]) {
  let i = 0;
  return async (): Promise<TimedSample> => {
    const [ms, hostWaitMs] = samples[i++]!;
    return { ms, hostWaitMs };
  };
}

describe('sampleRound: a sample the host delayed is taken again', () => {
  it.each([
    {
      what: 'no delay: the samples as taken',
      samples: [
        [5, 0],
        [6, 1],
        [7, 4.9],
      ],
      n: 3,
      max: 3,
      kept: [5, 6, 7],
      retaken: 0,
    },
    {
      what: 'a delayed sample is replaced',
      samples: [
        [5, 0],
        [30, 12],
        [6, 0],
        [7, 0],
      ],
      n: 3,
      max: 3,
      kept: [5, 6, 7],
      retaken: 1,
    },
    {
      what: 'the limit itself counts as delayed',
      samples: [
        [9, 5],
        [6, 0],
        [7, 0],
        [8, 0],
      ],
      n: 3,
      max: 3,
      kept: [6, 7, 8],
      retaken: 1,
    },
    {
      what: 'past the retakes allowed, delayed samples count',
      samples: [
        [30, 9],
        [31, 9],
        [32, 9],
        [5, 0],
      ],
      n: 2,
      max: 1,
      kept: [31, 32],
      retaken: 1,
    },
    {
      what: 'a slow sample the host did not delay counts',
      samples: [
        [40, 0],
        [5, 0],
      ],
      n: 2,
      max: 2,
      kept: [40, 5],
      retaken: 0,
    },
  ] as const)('$what', async ({ samples, n, max, kept, retaken }) => {
    const r = await sampleRound(sampler(samples.map((s) => [...s] as [number, number])), n, { maxRetakes: max });
    expect(r.kept).toEqual(kept);
    expect(r.retaken).toBe(retaken);
    expect(r.all).toEqual(samples.slice(0, kept.length + retaken).map(([ms]) => ms));
  });
});

describe.runIf(existsSync('/proc/self/task'))('the host wait of a process tree (Linux /proc)', () => {
  it('lists a child process under its parent, and reads a wait that only grows', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
    try {
      await new Promise((r) => child.once('spawn', r));
      expect(processTree(process.pid)).toContain(child.pid);
      expect(processTree(child.pid!)).toEqual([child.pid]);
      // This process's own name (Node 24 names its main thread `MainThread`); 300 ms of busy work wait for a core
      // now and then on a shared machine, and never less than before.
      const command = readFileSync('/proc/self/comm', 'utf8').trim();
      const a = runQueueWaitMs(process.pid, command);
      const until = Date.now() + 300;
      while (Date.now() < until);
      const b = runQueueWaitMs(process.pid, command);
      expect(runQueueWaitMs(process.pid, 'no-such-command')).toBe(0);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThanOrEqual(a);
      expect(runQueueWaitMs(undefined)).toBe(0);
    } finally {
      child.kill();
    }
  });
});
