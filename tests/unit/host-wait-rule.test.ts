import { describe, expect, it } from 'vitest';
import { hostWaitVerdict, type HostWaitRule } from '../../scripts/bench/host-wait-rule';

const rule: HostWaitRule = { minIndex: 1500, steady: 3, slowHostMs: 60_000, maxMs: 240_000, everyMs: 10_000 };

// Readings as the clean-clone runs of 2026-11-26 and 2026-11-27 logged them (one about every 11 s).
describe('hostWaitVerdict', () => {
  it.each([
    ['three fast readings in a row', [1473, 1383, 1547, 1600, 1710], 55_000, 'steady'],
    ['a fast host goes at once', [1800, 1750, 1900], 23_000, 'steady'],
    ['one fast reading in a slow minute is not steady', [1200, 1750, 1377], 23_000, 'wait'],
    ['slow so far, the first minute not over', [1070, 1210, 1118, 1199], 34_000, 'wait'],
    ['slow for the whole first minute: a slow host', [1070, 1210, 1118, 1199, 1294, 1293], 56_000, 'slow host'],
    [
      'a fast reading in the first minute: recovering, keeps waiting',
      [1147, 1328, 1520, 1384, 1317, 1431],
      56_000,
      'wait',
    ],
    ['recovering but never steady: the limit', [1147, 1520, 1384, 1462, 1494, 1334, 1223], 232_000, 'limit'],
    ['steady beats the limit', [1147, 1520, 1600, 1700], 235_000, 'steady'],
  ] as const)('%s', (_, readings, waitedMs, verdict) => {
    expect(hostWaitVerdict([...readings], waitedMs, rule)).toBe(verdict);
  });

  it('one fast reading is enough when the audits just read a fast host (steady: 1)', () => {
    expect(hostWaitVerdict([1600], 1_000, { ...rule, steady: 1 })).toBe('steady');
    expect(hostWaitVerdict([1300], 1_000, { ...rule, steady: 1 })).toBe('wait');
  });
});
