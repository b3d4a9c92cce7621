/** Nearest-rank percentile (p in 0–100) of a non-empty list. */
export const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Median of a non-empty list (the upper middle one for an even count). */
export const median = (xs: number[]): number => pct(xs, 50);
