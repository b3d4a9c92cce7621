import { scopesFor } from '../../../src/shared/api/api-keys';
import type { Role } from '../../../src/shared/api/common';
import type { Filter, ListSpec } from '../../../src/shared/api/list-params';
import { mayReadCollection } from '../db/related';
import type { Principal } from './auth';
import type { ApiRoute } from './context';
import { ApiError } from './request-response';

// The role → permission table is shared with the screens (they hide what a role cannot do).
export { can, canManageRole, minRole, type Permission } from '../../../src/shared/api/permissions';

/** Role a secret key acts with inside its own project and mode: data only, never keys, members or billing. */
export const SECRET_KEY_ROLE: Role = 'developer';

const MODE_PREFIX = '/projects/:projectId/:mode/';

/** The collection a mode-scoped route belongs to for secret-key scopes: its `collection`, else the segment after `:mode`. */
export function routeCollection(route: Pick<ApiRoute, 'path' | 'collection'>): string | null {
  if (route.collection) return route.collection;
  if (!route.path.startsWith(MODE_PREFIX)) return null;
  return route.path.slice(MODE_PREFIX.length).split('/')[0] ?? null;
}

/** The scopes of which a secret key needs one to call `route` (GET: a read, anything else: a write). */
export function requiredScopes(route: Pick<ApiRoute, 'path' | 'collection' | 'method'>): string[] {
  const collection = routeCollection(route);
  if (!collection) return [];
  return scopesFor(collection, route.method !== 'GET');
}

/** Refuses (403) a secret key whose scopes do not cover `route`, naming the scopes that would. */
export function assertKeyScope(scopes: readonly string[], route: ApiRoute): void {
  const needed = requiredScopes(route);
  if (needed.some((s) => scopes.includes(s))) return;
  const [wide, own] = route.method === 'GET' ? [needed[0], needed[2]] : [needed[0], needed[1]];
  throw new ApiError(
    'forbidden',
    `This secret key lacks the scope for ${route.method} on ${routeCollection(route)}: it needs \`${wide}\` or \`${own}\``,
    { requiredScopes: needed },
  );
}

/**
 * Refuses (403) a list filter that reads another collection (a wallet by its user's name or email) when the caller
 * may not read that collection: the same rule as the summaries (functions/_lib/db/related.ts).
 */
export function assertFilterAccess(principal: Principal, spec: ListSpec, filters: readonly Filter[]): void {
  for (const f of filters) {
    const collection = spec.filters[f.field]?.collection;
    if (!collection || mayReadCollection(principal, collection)) continue;
    const needed = scopesFor(collection, false);
    throw new ApiError(
      'forbidden',
      `This secret key lacks the scope to filter by \`${f.field}\`, which reads ${collection}: it needs \`${needed[0]}\` or \`${needed[2]}\``,
      { requiredScopes: needed, param: 'filters' },
    );
  }
}
