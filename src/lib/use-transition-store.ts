import { startTransition, useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's value, as `useStore` of @nanostores/react gives it, except that its changes render in a transition
 * (docs/decisions.md "Answers render in a transition"). `useStore` subscribes through `useSyncExternalStore`, whose
 * updates are always synchronous: an answer arriving while the island still hydrates (the page's early request
 * usually does) made React finish the whole hydration and the rows in one blocking task. Through a transition, React
 * hydrates and renders the answer in slices it can interrupt for input. For query stores (answers of the API); a
 * store the first render must read exactly (a form's value, a store read from local storage) keeps `useStore` or
 * `useClientStore`.
 *
 * `read` takes what the component needs from the store at the moment it changed (e.g. its value with the query key it
 * belongs to: the rendered value may be a moment behind the store, so anything compared with it must come with it);
 * a function defined once (module level), not in the component.
 */
export function useTransitionStore<S extends ReadableAtom<unknown>, T>(store: S, read: (store: S) => T): T {
  const [value, setValue] = useState<T>(() => read(store));
  useEffect(() => {
    const show = () => {
      const next = read(store);
      startTransition(() => setValue(() => next));
    };
    // What changed between the render and this subscription (a cached answer, the early request's).
    show();
    return store.listen(show);
  }, [store, read]);
  return value;
}
