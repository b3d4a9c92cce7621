import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * `location.search` for islands of static pages: empty while server rendering and hydrating (so the markup matches),
 * the real query string right after. It is read once per render; it does not follow later URL changes.
 */
export function useLocationSearch(): string {
  return useSyncExternalStore(
    never,
    () => location.search,
    () => '',
  );
}
