import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from '../../scripts/bench/cpu-calibration';

// Lighthouse's calibration table: 4× is for a high-end desktop (benchmark index 1500–2000); a slower host gets less.
describe('calibratedCpuSlowdown', () => {
  it.each([
    [2400, 4],
    [1500, 4],
    [1400, 3.73],
    [1200, 3.2],
    [1039, 2.77],
    [750, 2],
    [300, 2],
  ])('benchmark index %d → %d×', (index, multiplier) => {
    expect(calibratedCpuSlowdown(index)).toBe(multiplier);
  });
});
