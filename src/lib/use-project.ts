import { useClientStore } from './use-client-store';
import { useSyncExternalStore } from 'react';
import type { Permission } from '../shared/api/permissions';
import { $modePath, $projectRoute, $role, allowed, type ProjectRoute } from '../stores/project-context';

const followRoute = (changed: () => void) => $projectRoute.listen(changed);
const followModePath = (changed: () => void) => $modePath.listen(changed);

/**
 * The page's project route after hydration (null while server rendering, so the static markup matches). Follows
 * client-side navigations: an island kept across them (the project bar) sees the new route.
 */
export function useProjectRoute(): ProjectRoute | null {
  return useSyncExternalStore(
    followRoute,
    () => $projectRoute.get(),
    () => null,
  );
}

/** The API path of the page's project and mode (null while server rendering). */
export function useModePath(): string | null {
  return useSyncExternalStore(
    followModePath,
    () => $modePath.get(),
    () => null,
  );
}

/** Whether the signed-in user may do this in the page's project (false until the role is known). */
export function useCan(permission: Permission): boolean {
  return allowed(useClientStore($role, null), permission);
}
