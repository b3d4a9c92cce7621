import { describe, expect, it } from 'vitest';
import { formatRelative, groupDigits, relativeTime } from '../../src/lib/format-en';

const intlNumber = new Intl.NumberFormat('en');
const intlRelative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

describe('groupDigits gives what Intl.NumberFormat("en") gives for integers', () => {
  it.each([0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000])('%d', (n) => {
    expect(groupDigits(n)).toBe(intlNumber.format(n));
  });
});

describe('formatRelative gives what Intl.RelativeTimeFormat("en", { numeric: "auto" }) gives', () => {
  const units = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
  const values = [-1234, -25, -2, -1, 0, 1, 2, 12, 1500];
  for (const unit of units)
    it.each(values)(`%d ${unit}`, (value) =>
      expect(formatRelative(value, unit)).toBe(intlRelative.format(value, unit)),
    );
});

describe('relativeTime picks the largest unit reached', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T12:00:00Z', 'now'],
    ['2026-11-23T11:59:30Z', '30 seconds ago'],
    ['2026-11-23T11:00:00Z', '1 hour ago'],
    ['2026-11-23T09:00:00Z', '3 hours ago'],
    ['2026-11-22T12:00:00Z', 'yesterday'],
    ['2026-11-16T12:00:00Z', 'last week'],
    ['2026-09-23T12:00:00Z', '2 months ago'],
    ['2024-11-23T12:00:00Z', '2 years ago'],
    ['2026-11-25T12:00:00Z', 'in 2 days'],
  ])('%s → %s', (iso, text) => expect(relativeTime(iso, now)).toBe(text));
  it('keeps a string that is not a time', () => expect(relativeTime('soon', now)).toBe('soon'));
});
