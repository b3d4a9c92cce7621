/**
 * Nearest-rank percentile (p in 0–100) of a non-empty list: the value at rank ⌈p/100 · n⌉ of the sorted list, so
 * p95 of 20 samples is the 19th, not the maximum. Every budget of the bench uses it (docs/api.md "Demo data and
 * bench").
 */
export const pct = (xs: number[], p: number): number => {
  const rank = Math.max(1, Math.ceil((p / 100) * xs.length));
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length, rank) - 1]!;
};

/** Median of a non-empty list: the nearest-rank p50 (the middle one; the lower middle one for an even count). */
export const median = (xs: number[]): number => pct(xs, 50);

/**
 * A timing judged as the Lighthouse audits are (docs/api.md "Demo data and bench"): one measurement (a median of its
 * own samples); when it misses its budget, two more, and the median of the three. One slow measurement on a busy
 * 2-core machine is noise; three are a regression. Returns the figure and every measurement's median.
 */
export async function steadyMedian(
  measure: () => Promise<number>,
  withinBudget: (ms: number) => boolean,
): Promise<{ ms: number; rounds: number[] }> {
  const rounds = [await measure()];
  if (!withinBudget(rounds[0]!)) rounds.push(await measure(), await measure());
  return { ms: median(rounds), rounds };
}
