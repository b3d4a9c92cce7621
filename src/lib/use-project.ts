import { useClientStore } from './use-client-store';
import { useSyncExternalStore } from 'react';
import type { Permission } from '../shared/api/permissions';
import { $modePath, $projectRoute, $role, allowed, type ProjectRoute } from '../stores/project-context';

const never = () => () => {};

/** The page's project route after hydration (null while server rendering, so the static markup matches). */
export function useProjectRoute(): ProjectRoute | null {
  return useSyncExternalStore(
    never,
    () => $projectRoute.get(),
    () => null,
  );
}

/** The API path of the page's project and mode (null while server rendering). */
export function useModePath(): string | null {
  return useSyncExternalStore(
    never,
    () => $modePath.get(),
    () => null,
  );
}

/** Whether the signed-in user may do this in the page's project (false until the role is known). */
export function useCan(permission: Permission): boolean {
  return allowed(useClientStore($role, null), permission);
}
