import { describe, expect, it } from 'vitest';
import { median, pct, steadyMedian } from '../../scripts/bench/stats';
import { waitForQuiet } from '../../scripts/bench/quiet';

const twenty = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 … 1, unsorted on purpose

describe('nearest-rank percentiles of the bench', () => {
  it.each([
    [95, 19], // the 19th of 20, not the maximum
    [50, 10],
    [100, 20],
    [5, 1],
    [0, 1],
  ])('p%d of 1…20 is %d', (p, value) => expect(pct(twenty, p)).toBe(value));
  it('the median of an odd count is the middle one, of an even count the lower middle one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
  });
  it('one sample is every percentile', () => expect(pct([7], 95)).toBe(7));
});

describe('steadyMedian: one measurement, or the median of three when the first misses', () => {
  const measuring = (figures: number[]) => {
    const left = [...figures];
    return async () => left.shift()!;
  };
  it.each([
    ['a first measurement within budget is the figure', [200], 200, [200]],
    ['one slow measurement among three passes', [320, 210, 230], 230, [320, 210, 230]],
    ['two slow measurements among three fail', [320, 310, 230], 310, [320, 310, 230]],
  ])('%s', async (_, figures, ms, rounds) => {
    await expect(steadyMedian(measuring(figures), (x) => x <= 300)).resolves.toEqual({ ms, rounds });
  });
});

describe('waitForQuiet: the bench waits for an idle machine before a timing', () => {
  it('returns after one window when the machine is quiet enough', async () => {
    const t = Date.now();
    const share = await waitForQuiet(1, 5_000);
    expect(share).toBeGreaterThanOrEqual(0);
    expect(share).toBeLessThanOrEqual(1);
    expect(Date.now() - t).toBeLessThan(1_500);
  });
  it('gives up after its time limit and measures anyway', async () => {
    const t = Date.now();
    await waitForQuiet(-1, 1_200); // never quiet enough
    expect(Date.now() - t).toBeGreaterThanOrEqual(1_200);
    expect(Date.now() - t).toBeLessThan(3_000);
  });
});
