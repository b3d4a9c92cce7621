import { describe, expect, it } from 'vitest';
import { sameHistoryState, skipUnchangedReplaceState } from '../../src/lib/history-writes';

/** A history of one entry that records what reaches it (the browser's `replaceState`). */
function fakeHistory(state: unknown, url: string) {
  const calls: { state: unknown; url?: string | URL | null }[] = [];
  const h = {
    state,
    url,
    replaceState(next: unknown, _unused: string, to?: string | URL | null) {
      calls.push({ state: next, url: to });
      h.state = structuredClone(next);
      if (to !== undefined && to !== null) h.url = new URL(to, h.url).href;
    },
  };
  skipUnchangedReplaceState(h as unknown as History, () => h.url);
  return { h, calls };
}

const HERE = 'https://dash.example/pro_1/test/wallets';
const AT_TOP = { index: 3, scrollX: 0, scrollY: 0 };

describe('skipUnchangedReplaceState', () => {
  it.each([
    ['the same state, no URL', { ...AT_TOP }, undefined, 0],
    ['the same state, the same URL given', { ...AT_TOP }, HERE, 0],
    ['the same state, the same URL relative', { ...AT_TOP }, '/pro_1/test/wallets', 0],
    ['the same state, null URL', { ...AT_TOP }, null, 0],
    ['another scroll position', { ...AT_TOP, scrollY: 480 }, undefined, 1],
    ['another index', { ...AT_TOP, index: 4 }, undefined, 1],
    ['one key more', { ...AT_TOP, extra: true }, undefined, 1],
    ['the same state, another URL', { ...AT_TOP }, '/pro_1/test/users', 1],
    ['the same state, a query string', { ...AT_TOP }, '?page=2', 1],
    ['a state with an object inside', { ...AT_TOP, nested: { a: 1 } }, undefined, 1],
    ['no state', null, undefined, 1],
  ] as const)('%s: passed on %i time(s)', (_label, state, url, passed) => {
    const { h, calls } = fakeHistory({ ...AT_TOP }, HERE);
    h.replaceState(state, '', url);
    expect(calls).toHaveLength(passed);
  });

  it('a skipped write leaves the state and the URL as they were; a real one changes them', () => {
    const { h } = fakeHistory({ ...AT_TOP }, HERE);
    h.replaceState({ ...AT_TOP }, '');
    expect(h.state).toEqual(AT_TOP);
    h.replaceState({ ...AT_TOP, scrollY: 120 }, '', '?page=2');
    expect(h.state).toEqual({ ...AT_TOP, scrollY: 120 });
    expect(h.url).toBe(`${HERE}?page=2`);
  });
});

describe('sameHistoryState', () => {
  it.each([
    [null, null, true],
    [undefined, null, false],
    [{ a: 1 }, { a: 1 }, true],
    [{ a: 1 }, { a: 2 }, false],
    [{ a: 1 }, { b: 1 }, false],
    [{ a: 1, b: undefined }, { a: 1, c: undefined }, false],
    [{ a: NaN }, { a: NaN }, true],
    [{ a: { b: 1 } }, { a: { b: 1 } }, false],
    ['x', 'x', true],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameHistoryState(a, b)).toBe(same);
  });
});
