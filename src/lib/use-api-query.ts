import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import type { ApiRequestError } from './api-client';
import { apiQuery } from './query';
import { useTransitionStore } from './use-transition-store';

/** A store's value now. */
const current = <T>(store: { get: () => T }): T => store.get();

/**
 * One API query for a component: the answer of GET `path` (null: nothing to load yet), shared with every other
 * subscriber of the same path through the query layer's cache; aborted when the component unmounts.
 */
export function useApiQuery<T>(path: string | null): {
  data: T | undefined;
  error: ApiRequestError | undefined;
  loading: boolean;
  reload: () => void;
} {
  const [$path] = useState(() => atom<string | null>(path));
  const [$query] = useState(() => apiQuery<T>($path));
  useEffect(() => $path.set(path), [$path, path]);
  const state = useTransitionStore($query, current);
  return {
    data: state.data,
    error: state.error,
    loading: state.loading || (!state.data && !state.error),
    // Revalidate keeps the answer on screen while the new one loads (a form open on it keeps its state).
    reload: () => $query.revalidate(),
  };
}
