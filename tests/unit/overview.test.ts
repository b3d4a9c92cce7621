import { describe, expect, it } from 'vitest';
import { trend, windowFilters } from '../../src/islands/overview/overview-windows';
import { projectTarget } from '../../src/islands/projects/ProjectsHome';

describe('overview trend against the previous 30 days', () => {
  it.each([
    [12, 10, '+20%', 'up'],
    [9, 10, '−10%', 'down'],
    [10, 10, 'No change', 'flat'],
    [5, 0, 'New', 'up'],
    [0, 0, 'No change', 'flat'],
  ] as const)('%i vs %i is %s', (now, before, label, direction) => {
    expect(trend(now, before)).toEqual({ label, direction });
  });

  it('windows are whole UTC days, 30 each, back to back', () => {
    const w = windowFilters(Date.parse('2026-11-23T15:30:00Z'));
    expect(new Date(w.from).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(JSON.parse(w.previous)).toEqual([
      { field: 'createdAt', op: 'gte', value: '2026-09-25T00:00:00.000Z' },
      { field: 'createdAt', op: 'lt', value: '2026-10-25T00:00:00.000Z' },
    ]);
  });
});

describe('choosing a project on the home page', () => {
  it.each([
    ['pro_1', 'live', null, '/pro_1/live'],
    ['pro_1', '', null, '/pro_1/test'],
    ['pro_1', 'test', '/wallets?page=3#top', '/pro_1/test/wallets?page=3#top'],
    ['pro_1', 'test', '//evil.example/x', '/pro_1/test'],
    ['pro_1', 'test', 'https://evil.example', '/pro_1/test'],
  ])('%s in %s from %s → %s', (id, mode, from, href) => {
    expect(projectTarget(id, mode, from)).toBe(href);
  });
});
