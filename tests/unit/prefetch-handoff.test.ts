import { describe, expect, it } from 'vitest';
import { askingFor, prefetchOnce, takePrefetched } from '../../src/lib/prefetch-handoff';

// A prefetch (the layout's early request, a hovered link) never sends a GET the page is already sending itself: on a
// full load an island hydrated while the document was parsed may ask before the layout's script does
// (tests/e2e/client-navigation.spec.ts counts the requests in the browser).
describe('a prefetch beside the page’s own request', () => {
  const settle = { resolved: (d: () => void) => d(), rejected: (_: () => void, f: () => void) => f() };
  it.each(Object.entries(settle))('leaves a request under way alone until it has %s', async (_, how) => {
    const path = `/projects/p/test/wallets?limit=${Math.random()}`;
    let done!: () => void;
    let fail!: () => void;
    const own = askingFor(
      path,
      new Promise<void>((resolve, reject) => {
        done = resolve;
        fail = () => reject(new Error('network'));
      }),
    );
    own.catch(() => {});
    let sent = 0;
    const request = () => (sent++, Promise.resolve({ data: [] }));
    expect(prefetchOnce(path, request)).toBe(false);
    expect(prefetchOnce(`${path}&other`, request)).toBe(true);
    expect(sent).toBe(1);
    how(done, fail);
    await own.catch(() => {});
    expect(prefetchOnce(path, request)).toBe(true);
    expect(sent).toBe(2);
    await expect(takePrefetched(path)).resolves.toEqual({ data: [] });
  });

  it('counts two of its own requests of the same path: the prefetch waits for both', async () => {
    const path = '/projects/p/test/users?limit=25';
    let first!: () => void;
    let second!: () => void;
    const a = askingFor(path, new Promise<void>((r) => (first = r)));
    const b = askingFor(path, new Promise<void>((r) => (second = r)));
    first();
    await a;
    expect(prefetchOnce(path, () => Promise.resolve(1))).toBe(false);
    second();
    await b;
    expect(prefetchOnce(path, () => Promise.resolve(1))).toBe(true);
  });
});
