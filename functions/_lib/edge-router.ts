import { resolveLegacy } from '../../src/shared/legacy-redirects';
import { GUARD_SHELL, NOT_FOUND_SHELL, matchRoute } from '../../src/shared/routes';
import { needsGuard } from '../../src/shared/guard';

/** What the edge does with a request path, before anything is fetched. */
export type EdgeDecision =
  | { kind: 'api' }
  | { kind: 'asset' }
  | { kind: 'redirect'; location: string }
  | { kind: 'shell'; shell: string; status: 200 | 404 };

const ASSET = /^\/_astro\/|\/[^/]+\.[a-z0-9]+$/i;

/** Decides how the edge answers `url`: API, static asset, legacy redirect, or a shell (page or 404). */
export function decide(url: URL): EdgeDecision {
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return { kind: 'api' };
  // Shells are reached only through a route; their own URLs are not pages.
  if (path === '/shell' || path.startsWith('/shell/') || path === '/404') {
    return { kind: 'shell', shell: NOT_FOUND_SHELL, status: 404 };
  }
  if (ASSET.test(path)) return { kind: 'asset' };
  const legacy = resolveLegacy(path, url.search);
  if (legacy.kind === 'redirect') return { kind: 'redirect', location: legacy.location };
  if (legacy.kind === 'unmapped') return { kind: 'shell', shell: NOT_FOUND_SHELL, status: 404 };
  const match = matchRoute(path);
  if (match) return { kind: 'shell', shell: match.route.shell, status: 200 };
  if (needsGuard(path)) return { kind: 'shell', shell: GUARD_SHELL, status: 200 };
  return { kind: 'shell', shell: NOT_FOUND_SHELL, status: 404 };
}

/** URL of a shell's static file, as the asset server knows it. */
export function shellAssetPath(shell: string): string {
  return shell === NOT_FOUND_SHELL ? '/404' : `/shell/${shell}`;
}
