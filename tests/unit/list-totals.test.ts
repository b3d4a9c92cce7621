import { afterEach, describe, expect, it, vi } from 'vitest';

// The totals a tab's lists counted (src/components/data-list/list-totals.ts): known at once to the next page of the
// list, kept in session storage for a reload, and written there in an idle task, never in the task of the answer.
function fakeSessionStorage() {
  const data = new Map<string, string>();
  return {
    reads: 0,
    writes: 0,
    getItem(key: string) {
      this.reads++;
      return data.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      this.writes++;
      data.set(key, value);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('list totals', () => {
  it('answers a total at once and stores it for a reload after the current task', async () => {
    const storage = fakeSessionStorage();
    vi.stubGlobal('sessionStorage', storage);
    const { knownTotal, rememberTotal } = await import('../../src/components/data-list/list-totals');
    rememberTotal('/projects/p/test/users', 1234);
    expect(knownTotal('/projects/p/test/users')).toBe(1234);
    expect(storage.writes).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    expect(storage.writes).toBe(1);

    // A reload: a new page's module reads what the tab stored.
    vi.resetModules();
    const reloaded = await import('../../src/components/data-list/list-totals');
    expect(reloaded.knownTotal('/projects/p/test/users')).toBe(1234);
  });

  it('writes a burst of totals once, and not at all when nothing changed', async () => {
    const storage = fakeSessionStorage();
    vi.stubGlobal('sessionStorage', storage);
    const { knownTotal, rememberTotal } = await import('../../src/components/data-list/list-totals');
    rememberTotal('/a', 1);
    rememberTotal('/b', 2);
    await new Promise((r) => setTimeout(r, 5));
    expect(storage.writes).toBe(1);
    rememberTotal('/a', 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(storage.writes).toBe(1);
    expect([knownTotal('/a'), knownTotal('/b'), knownTotal('/c')]).toEqual([1, 2, undefined]);
  });
});
