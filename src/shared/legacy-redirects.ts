import { PROJECT_ID_SEGMENT } from './project-id.ts';
/**
 * Legacy dashboard paths and where they live now. Data, compiled once, resolved by one function that the edge
 * middleware, the 404 page and the tests share.
 */

/** Old path (after `/{projectId}/{mode}`) → new path. `{playerId}` matches one segment starting with `pla_`. */
export const LEGACY_REDIRECTS: readonly (readonly [from: string, to: string])[] = [
  ['/players', '/users'],
  ['/players/{playerId}', '/users/{playerId}'],
  ['/auth/providers', '/providers'],
  ['/auth/migrations', '/migrations'],
  ['/developers/api-keys', '/api-keys'],
  ['/developers/wallets', '/backend-wallets'],
  ['/developers/webhooks', '/webhooks'],
  ['/developers/events', '/events'],
  ['/settings/project/overview', '/settings'],
  ['/settings/project/security', '/security'],
  ['/settings/project/members', '/settings/members'],
  ['/settings/project/billing', '/settings/billing'],
  ['/project/settings/billing', '/settings/billing'],
  ['/settings/project/notifications', '/webhooks'],
  ['/settings/authentication', '/email-templates'],
  ['/settings/email-templates', '/email-templates'],
];

/** First segments (after `/{projectId}/{mode}`) that only legacy paths use. */
const LEGACY_PREFIXES = [
  'players',
  'developers',
  'auth',
  'project',
  'settings/project',
  'settings/authentication',
  'settings/email-templates',
];

const PROJECT_PREFIX = new RegExp(`^/(${PROJECT_ID_SEGMENT})/(live|test)(/.*)?$`);

const EXACT = new Map<string, string>();
for (const [from, to] of LEGACY_REDIRECTS) if (!from.includes('{')) EXACT.set(from, to);
const PLAYER = /^\/players\/(pla_[^/]+)$/;

export type LegacyResolution = { kind: 'redirect'; location: string } | { kind: 'unmapped' } | { kind: 'none' };

/**
 * Resolves a legacy path. `pathname` is the raw URL path, `search` includes its leading `?` (or is empty).
 * `unmapped` means the path looks legacy but has no new home: the edge answers it with the 404.
 */
export function resolveLegacy(pathname: string, search = ''): LegacyResolution {
  const m = PROJECT_PREFIX.exec(pathname);
  if (!m) return { kind: 'none' };
  const [, projectId, mode, rest = ''] = m;
  const tail = rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
  if (!tail) return { kind: 'none' };
  const exact = EXACT.get(tail);
  const player = exact ? null : PLAYER.exec(tail);
  const to = exact ?? (player ? `/users/${player[1]}` : null);
  if (to) return { kind: 'redirect', location: `/${projectId}/${mode}${to}${search}` };
  return isLegacyLooking(tail) ? { kind: 'unmapped' } : { kind: 'none' };
}

function isLegacyLooking(tail: string): boolean {
  const path = tail.slice(1);
  return LEGACY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** True when `pathname` is a legacy-looking project path that no redirect maps (the 404 page reports these). */
export function isUnmappedLegacyPath(pathname: string): boolean {
  return resolveLegacy(pathname).kind === 'unmapped';
}
