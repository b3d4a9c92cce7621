import { PROJECT_ID_PREFIX } from './project-id.ts';
import { projectPath, isMode } from './routes';

/** True for paths the client guard handles: not `/`, not a project path, not a page of its own. */
export function needsGuard(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return false;
  const first = pathname.split('/')[1] ?? '';
  if (first.startsWith(PROJECT_ID_PREFIX)) return false;
  return !['auth', 'profile', '_astro', 'api', 'shell'].includes(first);
}

/**
 * Where the guard sends a path outside any project: into the saved project and mode when both are stored,
 * otherwise home with `from` holding the original href.
 */
export function guardTarget(href: string, saved: { projectId?: string | null; mode?: string | null }): string {
  const { projectId, mode } = saved;
  if (projectId && projectId.startsWith(PROJECT_ID_PREFIX) && !projectId.includes('/') && isMode(mode)) {
    return `${projectPath(projectId, mode)}${href}`;
  }
  return `/?${new URLSearchParams({ from: href }).toString()}`;
}
