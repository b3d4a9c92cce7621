import type { MiddlewareHandler } from 'hono';
import type { Mode } from '../../../src/shared/api/common';
import { claimInvites } from '../db/projects';
import { memberAccess } from '../db/trash';
import { directoryOf } from '../db/shards';
import { authenticate, type Principal } from './auth';
import type { ApiContext, ApiEnv, ApiRoute } from './context';
import { ApiError, forbidden, notFound } from './request-response';
import { assertKeyScope, can, SECRET_KEY_ROLE } from './rbac';
import { limitAddress, limitCaller } from './rate-limit';
import { addressAllowed, canonicalClientAddress } from '../net/ip-allowlist';
import { noteKeyAddress } from '../db/key-addresses';

/** Who calls and what they may reach: set by `authorize` for the handler's context. */
export type Access = Pick<ApiContext, 'principal' | 'access' | 'actor'>;

/**
 * Route middleware of every API route (docs/api.md "Roles"): rate limit per address → authenticate → rate limit per
 * caller → anonymous users read only → membership (or the key's own project and mode) → role → secret-key scope.
 * Hand-written: Hono has no middleware for Supabase sessions, project membership or our key scopes.
 */
export function authorize(route: ApiRoute): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const env = c.env;
    const request = c.req.raw;
    const now = c.var.now;
    await limitAddress(request, env);
    // No caller to authenticate (a payment-provider event proves itself with its signature): the address limit only.
    if (route.scope === 'public') return next();
    const principal = await authenticate(request, env, (p) => c.executionCtx.waitUntil(p), now);
    const actor =
      principal.kind === 'user'
        ? { type: 'user' as const, id: principal.userId }
        : { type: 'key' as const, id: principal.keyId };
    // Who calls, before the project is resolved: the request log records a caller refused further on only in a project
    // the caller reaches (functions/_lib/logs/record.ts).
    c.set('access', { principal, access: null, actor });
    if (principal.kind === 'key') checkKeyAddress(c.executionCtx, env, principal, request, now);
    await limitCaller(actor.id, env, principal.kind === 'key' ? principal.rateLimitPerMinute : null);
    if (principal.kind === 'user' && principal.isAnonymous && route.method !== 'GET')
      throw forbidden('Anonymous users cannot create or change projects: sign up with an email address first');
    const access = await resolveAccess(env, principal, route, c.req.param() as Record<string, string>, now);
    // Set before the role and scope checks: the request log names the caller of a 403 too (functions/_lib/logs).
    c.set('access', { principal, access, actor });
    if (access && !can(access.role, route.permission)) throw forbidden();
    if (principal.kind === 'key') assertKeyScope(principal.scopes, route);
    await next();
  };
}

/**
 * A secret key's IP allowlist (docs/api.md "Key restrictions"): another address is a 403 `ip_not_allowed`, thrown
 * like every API error (so it is answered, and logged, the same way). An allowed request's address is noted for the
 * key's "last addresses seen", written after the response.
 */
function checkKeyAddress(
  ctx: { waitUntil(p: Promise<unknown>): void },
  env: Env,
  key: Extract<Principal, { kind: 'key' }>,
  request: Request,
  now: number,
): void {
  const address = canonicalClientAddress(request.headers.get('CF-Connecting-IP'));
  if (!addressAllowed(key.allowedIps, address))
    throw new ApiError(
      'ip_not_allowed',
      `This secret key is not allowed from ${address ?? 'an unknown address'}: add the address to the key's allowlist`,
      { address },
    );
  const write = address ? noteKeyAddress(directoryOf(env), key.keyId, address, now) : null;
  if (write) ctx.waitUntil(write().catch(() => {}));
}

/** Membership (or the key's own project and mode) for project- and mode-scoped routes; another tenant is a 404. */
async function resolveAccess(
  env: Env,
  principal: Principal,
  route: ApiRoute,
  params: Record<string, string>,
  now: number,
): Promise<ApiContext['access']> {
  if (route.scope === 'user') {
    if (principal.kind === 'key') throw forbidden('Secret keys can only access their own project and mode');
    return null;
  }
  const projectId = params.projectId;
  if (!projectId) throw notFound('Endpoint');
  const mode = route.scope === 'mode' ? (params.mode as Mode) : null;
  if (principal.kind === 'key') {
    if (principal.projectId !== projectId || (mode !== null && principal.mode !== mode)) throw notFound('Project');
    if (mode === null) throw forbidden('Secret keys can only access mode-scoped collections');
    refuseWritesWhileMoving(route, principal.project.movingUntil, now);
    return { projectId, mode, role: SECRET_KEY_ROLE, shard: principal.project.shard };
  }
  const directory = directoryOf(env);
  let member = await memberAccess(directory, projectId, principal.userId);
  if (!member && principal.email && principal.emailVerified) {
    if (await claimInvites(directory, { userId: principal.userId, email: principal.email }, now, projectId))
      member = await memberAccess(directory, projectId, principal.userId);
  }
  // A project in the trash is gone for every route but the trash's own (restore): docs/api.md "Project trash".
  if (!member || (member.trashed && !route.inTrash)) throw notFound('Project');
  refuseWritesWhileMoving(route, member.movingUntil, now);
  return { projectId, mode, role: member.role, shard: member.shard };
}

/**
 * While `npm run shards:move` copies a project to another shard, its writes answer 503 with `Retry-After` (reads go
 * on from the old shard): docs/api.md "Shards".
 */
function refuseWritesWhileMoving(route: ApiRoute, movingUntil: number | null, now: number): void {
  if (route.method === 'GET' || movingUntil === null || movingUntil <= now) return;
  const err = new ApiError('unavailable', 'This project is being moved to another database: try again in a minute');
  err.headers = { 'Retry-After': String(Math.max(1, Math.ceil((movingUntil - now) / 1000))) };
  throw err;
}
