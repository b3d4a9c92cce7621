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
      // The browser throws for a URL that does not parse; the fake only records the call.
      if (to !== undefined && to !== null && URL.canParse(to, h.url)) h.url = new URL(to, h.url).href;
    },
  };
  skipUnchangedReplaceState(h as unknown as History, () => h.url);
  return { h, calls };
}

const HERE = 'https://dash.example/pro_1/test/wallets';
const AT_TOP = { index: 3, scrollX: 0, scrollY: 0 };

describe('skipUnchangedReplaceState', () => {
  it.each([
    { label: 'the same state, no URL', state: { ...AT_TOP }, url: undefined, passed: 0 },
    { label: 'the same state, the same URL given', state: { ...AT_TOP }, url: HERE, passed: 0 },
    { label: 'the same state, the same URL relative', state: { ...AT_TOP }, url: '/pro_1/test/wallets', passed: 0 },
    { label: 'the same state, null URL', state: { ...AT_TOP }, url: null, passed: 0 },
    { label: 'another scroll position', state: { ...AT_TOP, scrollY: 480 }, url: undefined, passed: 1 },
    { label: 'another index', state: { ...AT_TOP, index: 4 }, url: undefined, passed: 1 },
    { label: 'one key more', state: { ...AT_TOP, extra: true }, url: undefined, passed: 1 },
    { label: 'the same state, another URL', state: { ...AT_TOP }, url: '/pro_1/test/users', passed: 1 },
    { label: 'the same state, a query string', state: { ...AT_TOP }, url: '?page=2', passed: 1 },
    { label: 'a state with an object inside', state: { ...AT_TOP, nested: { a: 1 } }, url: undefined, passed: 1 },
    { label: 'no state', state: null, url: undefined, passed: 1 },
    { label: 'a URL that does not parse: the browser decides', state: { ...AT_TOP }, url: 'http://[bad', passed: 1 },
  ])('$label: passed on $passed time(s)', ({ state, url, passed }) => {
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
