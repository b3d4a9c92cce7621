import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { encodeFilters, type Filter } from '../../shared/api/list-params';
import { apiQuery } from '../../lib/query';

/**
 * The count of a list whose page answered `total: null` (the request log: docs/api.md "Request logs"), asked beside
 * the page at `{apiPath}/count` with the same filters, so the rows never wait for it. The pager says "counting…"
 * until it arrives.
 */
export interface DeferredCount {
  total: number;
  totalCapped: boolean;
}

/** The count request of a list view. */
export function countPath(apiPath: string, filters: readonly Filter[]): string {
  return filters.length
    ? `${apiPath}/count?filters=${encodeURIComponent(encodeFilters([...filters]))}`
    : `${apiPath}/count`;
}

/** The count of `path` (null: none needed): its answer, whether it is under way, and a retry after a failure. */
export function useDeferredCount(path: string | null) {
  const [$path] = useState(() => atom<string | null>(path));
  const [$count] = useState(() => apiQuery<DeferredCount>($path));
  useEffect(() => $path.set(path), [$path, path]);
  const state = useStore($count);
  // A count asked again (the live tail) keeps the last one on screen until the new one arrives.
  const count = path !== null ? (state.data ?? null) : null;
  return {
    count,
    counting: path !== null && !count && !state.error,
    failed: path !== null && !count && !!state.error && !state.loading,
    retry: () => $count.invalidate(),
  };
}
