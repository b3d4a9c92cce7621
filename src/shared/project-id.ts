/**
 * How a project id starts (`pro_` + UUIDv7, ids made by src/shared/api/ids.ts with ID_PREFIX.project): the one
 * definition the routes, the guard, the legacy redirects and the invite link read (zod-free: every page loads it).
 */
export const PROJECT_ID_PREFIX = 'pro_';
/** A project id as one path segment, for route patterns. */
export const PROJECT_ID_SEGMENT = `${PROJECT_ID_PREFIX}[^/]+`;
