import { describe, expect, it } from 'vitest';
import { bucketLabel, toColumns, type Bucket } from '../../src/islands/analytics/series';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('bucketLabel: what the chart axes, legend and table show (UTC)', () => {
  it.each<[string, Bucket, boolean, string]>([
    ['2026-11-23T00:00:00Z', 'day', false, 'Nov 23'],
    ['2026-11-23T00:00:00Z', 'day', true, 'Nov 23, 2026'],
    ['2026-11-23T08:00:00Z', 'hour', false, 'Nov 23, 08:00'],
    ['2026-11-23T23:00:00Z', 'hour', true, 'Nov 23, 2026, 23:00'],
    ['2026-11-01T00:00:00Z', 'month', false, 'Nov 2026'],
    ['2026-11-01T00:00:00Z', 'month', true, 'Nov 2026'],
    // Midnight UTC stays on its day whatever the machine's time zone.
    ['2026-01-01T00:00:00Z', 'day', true, 'Jan 1, 2026'],
  ])('%s as %s (with year: %s) reads %s', (iso, bucket, withYear, label) => {
    expect(bucketLabel(at(iso), bucket, withYear)).toBe(label);
  });
});

describe('toColumns', () => {
  it('fills every day of the frame, a quiet day reading zero', () => {
    const now = at('2026-11-23T12:00:00Z');
    const rows = [
      { date: '2026-11-21', total: 3 },
      { date: '2026-11-23', total: 5 },
    ];
    const columns = toColumns(rows, 'day', 'week', [{ label: 'Total', value: (r) => r.total }], now);
    expect(columns.x.at(-1)).toBe(at('2026-11-23T00:00:00Z'));
    // Last 7 days: today and the 6 before, whole days (the API's window, src/shared/time-window.ts).
    expect(columns.x).toHaveLength(7);
    expect(columns.x[0]).toBe(at('2026-11-17T00:00:00Z'));
    expect(columns.series[0]!.values.slice(-3)).toEqual([3, 0, 5]);
  });

  it.each([
    ['day', 'hour', 24, '2026-11-22T13:00:00Z'],
    ['week', 'day', 7, '2026-11-17T00:00:00Z'],
    ['month', 'day', 30, '2026-10-25T00:00:00Z'],
  ] as const)('%s: %i %s buckets, none partial', (frame, bucket, count, first) => {
    const columns = toColumns([], bucket, frame, [{ label: 'Total', value: () => 0 }], at('2026-11-23T12:34:56Z'));
    expect(columns.x).toHaveLength(count);
    expect(columns.x[0]).toBe(at(first));
  });
});
