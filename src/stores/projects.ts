import { computed } from 'nanostores';
import type { Project } from '../shared/api/projects';
import { apiQuery } from '../lib/query';
import { $favoriteProjects } from './favorites';

/** The API path of the first 100 projects of the signed-in user, by name (the switcher and the palette). */
export const PROJECTS_PATH = '/projects?limit=100&order=name:asc';

/** The signed-in user's projects (loaded when something subscribes). */
export const $projects = apiQuery<{ data: Project[]; total: number }>(PROJECTS_PATH);

/** Projects with the favorites first (each group by name). */
export const $projectsFavoritesFirst = computed([$projects, $favoriteProjects], (state, favorites) => {
  const list = state.data?.data ?? [];
  return [...list.filter((p) => favorites.includes(p.id)), ...list.filter((p) => !favorites.includes(p.id))];
});
