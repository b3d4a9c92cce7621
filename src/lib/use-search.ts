import { useSyncExternalStore } from 'react';
import { $search } from '../stores/location';

/**
 * The page's query string for islands of static pages: '' while server rendering and hydrating (so the markup
 * matches the static shell), then the real one, following pushState and back/forward.
 */
export function useSearch(): string {
  return useSyncExternalStore(
    (cb) => $search.listen(cb),
    () => $search.get(),
    () => '',
  );
}
