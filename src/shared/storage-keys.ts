/** Every local-storage key the dashboard writes. Lists and objects are one JSON value under their key. */
export const STORAGE_KEYS = {
  projectId: 'dashboard:projectId',
  mode: 'dashboard:mode',
  favoriteProjects: 'dashboard:favoriteProjects',
  favoriteChains: 'dashboard:favoriteChains',
  skipOnboarding: 'dashboard:skipOnboarding',
  ecosystemConfig: 'dashboard:ecosystemConfig',
  ecosystemTheme: 'dashboard:ecosystemTheme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
