import { useCallback, useState, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's value for islands of static pages: `serverValue` while server rendering and hydrating (what the static
 * shell was built with), the store's own value right after, following its changes. Stores read from local storage
 * (favorites, saved mode) or filled by a request that may already have answered (the page's project and role) would
 * otherwise make the first client render differ from the shell, which React reports as a hydration error.
 */
export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const [server] = useState(() => serverValue);
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  return useSyncExternalStore(subscribe, store.get, () => server);
}
