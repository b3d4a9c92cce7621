import { describe, expect, it } from 'vitest';
import { retryOnPortTaken } from '../../scripts/lib/stack.ts';

const taken = () => new Error('wrangler pages dev could not listen on http://127.0.0.1:24034: address already in use');

/** An attempt that fails with the given errors in turn, then answers 'up'; counts its calls. */
function attempts(failures: Error[]) {
  let calls = 0;
  return {
    run: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return 'up';
    },
    calls: () => calls,
  };
}

describe('a stack whose port was taken meanwhile starts again on other ports', () => {
  it.each([
    { name: 'free at once', failures: [], answer: 'up', calls: 1 },
    { name: 'taken once', failures: [taken()], answer: 'up', calls: 2 },
    { name: 'taken twice', failures: [taken(), taken()], answer: 'up', calls: 3 },
    {
      name: 'taken three times: gives up',
      failures: [taken(), taken(), taken()],
      error: /address already in use/,
      calls: 3,
    },
    { name: 'another failure: not retried', failures: [new Error('seed failed')], error: /seed failed/, calls: 1 },
  ])('$name', async ({ failures, answer, error, calls }) => {
    const a = attempts(failures);
    const result = retryOnPortTaken(a.run, 3);
    if (error) await expect(result).rejects.toThrow(error);
    else await expect(result).resolves.toBe(answer);
    expect(a.calls()).toBe(calls);
  });
});
