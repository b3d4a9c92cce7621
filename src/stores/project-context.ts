import { atom, computed } from 'nanostores';
import type { Project } from '../shared/api/projects';
import type { Role } from '../shared/api/common';
import { can, type Permission } from '../shared/api/permissions';
import { isMode, matchRoute, type Mode } from '../shared/routes';
import { apiQuery } from '../lib/query';

export interface ProjectRoute {
  projectId: string;
  mode: Mode;
  /** Other path parameters of the route (`playerId`, `transactionId`, …). */
  params: Readonly<Record<string, string>>;
}

/** The project route of a path (null outside a project); the page's own when no path is given. */
export function readProjectRoute(pathname?: string): ProjectRoute | null {
  if (pathname === undefined && typeof location === 'undefined') return null;
  const m = matchRoute(pathname ?? location.pathname);
  const { projectId, mode } = m?.params ?? {};
  return projectId && isMode(mode) ? { projectId, mode, params: m!.params } : null;
}

/** The project, mode and parameters of the page (null outside a project, and while server rendering). */
export const $projectRoute = atom<ProjectRoute | null>(readProjectRoute());

/** The API path of the page's project and mode: `/projects/pro_…/test`. */
export const $modePath = computed($projectRoute, (r) => (r ? `/projects/${r.projectId}/${r.mode}` : null));

/** The page's project (name, plan, the user's role). */
export const $project = apiQuery<Project>(computed($projectRoute, (r) => (r ? `/projects/${r.projectId}` : null)));

/** The signed-in user's role in the page's project (null until known). */
export const $role = computed($project, (s) => (s.data?.role ?? null) as Role | null);

/** Whether the user's role grants a permission (false while the role is unknown: write controls appear once known). */
export function allowed(role: Role | null, permission: Permission): boolean {
  return role !== null && can(role, permission);
}
