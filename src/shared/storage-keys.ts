/** Every local-storage key the dashboard writes. Lists and objects are one JSON value under their key. */
export const STORAGE_KEYS = {
  projectId: 'dashboard:projectId',
  mode: 'dashboard:mode',
  favoriteProjects: 'dashboard:favoriteProjects',
  favoriteChains: 'dashboard:favoriteChains',
  skipOnboarding: 'dashboard:skipOnboarding',
  ecosystemTheme: 'dashboard:ecosystemTheme',
  /** Prefix of the visible columns of each list (`dashboard:columns:wallets`), a JSON list of column ids. */
  columns: 'dashboard:columns:',
  /** Session storage (this tab only): data fetched on hover for the page the click opens. */
  prefetch: 'dashboard:prefetch',
  /** Session storage: a result toast for the page a write navigates to. */
  toastNext: 'dashboard:toast-next',
  /** Session storage: the totals the lists counted, keyed by collection and filters (never in the URL). */
  listTotals: 'dashboard:list-totals',
  /**
   * Per project, the newest read-your-writes bookmark of its database the API answered (`X-D1-Bookmark`, docs/api.md
   * "Shards"): sent back with its requests, so a read after a write (in any tab) sees it even from a read replica.
   */
  bookmarks: 'dashboard:d1-bookmarks',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
