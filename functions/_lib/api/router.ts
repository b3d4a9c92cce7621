import { MODES, type Mode, type Role } from '../../../src/shared/api/common';
import { claimInvites, memberRole } from '../db/projects';
import { authenticate, type Principal } from './auth';
import type { ApiContext, ApiRoute } from './context';
import { ApiError, errorResponse, forbidden, notFound } from './request-response';
import { assertKeyScope, can, SECRET_KEY_ROLE } from './rbac';
import { limitAddress, limitCaller } from './rate-limit';

interface Compiled {
  route: ApiRoute;
  parts: string[];
}

/**
 * Matches `/api/v1/...` requests against the route table and runs: auth → access → permission → handler.
 * `options.now` is the clock (tests inject one to cross time windows without sleeping).
 */
export function createRouter(routes: ApiRoute[], options: { now?: () => number } = {}) {
  const clock = options.now ?? Date.now;
  const compiled: Compiled[] = routes.map((route) => ({ route, parts: route.path.split('/').filter(Boolean) }));

  function match(path: string[]): { matches: { c: Compiled; params: Record<string, string> }[] } {
    const matches: { c: Compiled; params: Record<string, string> }[] = [];
    for (const c of compiled) {
      if (c.parts.length !== path.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < path.length && ok; i++) {
        const p = c.parts[i]!;
        const seg = path[i]!;
        if (p.startsWith(':')) {
          if (seg.length > 100) ok = false;
          else params[p.slice(1)] = seg;
        } else ok = p === seg;
      }
      if (ok && (params.mode === undefined || (MODES as readonly string[]).includes(params.mode)))
        matches.push({ c, params });
    }
    return { matches };
  }

  return async function handle(
    request: Request,
    env: Env,
    waitUntil: (p: Promise<unknown>) => void,
  ): Promise<Response> {
    const started = performance.now();
    const res = await dispatch(request, env, waitUntil);
    // Workers freeze timers during I/O-free CPU work, but D1 awaits advance them: this is server time incl. the database.
    const out = new Response(request.method === 'HEAD' ? null : res.body, res);
    out.headers.set('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    return out;
  };

  async function dispatch(request: Request, env: Env, waitUntil: (p: Promise<unknown>) => void): Promise<Response> {
    try {
      const url = new URL(request.url);
      if (!url.pathname.startsWith('/api/v1/')) throw notFound('Endpoint');
      let segments: string[];
      try {
        segments = url.pathname.slice('/api/v1/'.length).split('/').filter(Boolean).map(decodeURIComponent);
      } catch {
        throw notFound('Endpoint');
      }
      const { matches } = match(segments);
      if (!matches.length) throw notFound('Endpoint');
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      // Literal segments beat parameters (`/projects/x/live/api-keys` before `/:id`) because routes are listed specific-first.
      const hit = matches.find((m) => m.c.route.method === method);
      if (!hit) {
        const allow = [...new Set(matches.map((m) => m.c.route.method))].join(', ');
        return errorWithHeaders(new ApiError('method_not_allowed', `Use ${allow}`), { Allow: allow });
      }
      const route = hit.c.route;
      const now = clock();
      if (route.scope === 'public') {
        return await route.handler({
          request,
          env,
          url,
          params: hit.params,
          principal: null as unknown as Principal,
          access: null,
          actor: { type: 'user', id: 'anonymous' },
          now,
          waitUntil,
        });
      }
      await limitAddress(request, env);
      const principal = await authenticate(request, env, waitUntil, now);
      const actor =
        principal.kind === 'user'
          ? { type: 'user' as const, id: principal.userId }
          : { type: 'key' as const, id: principal.keyId };
      await limitCaller(actor.id, env);
      if (principal.kind === 'user' && principal.isAnonymous && method !== 'GET')
        throw forbidden('Anonymous users cannot create or change projects: sign up with an email address first');
      const access = await resolveAccess(env, principal, route, hit.params, now);
      if (access && !can(access.role, route.permission)) throw forbidden();
      if (principal.kind === 'key') assertKeyScope(principal.scopes, route);
      return await route.handler({ request, env, url, params: hit.params, principal, access, actor, now, waitUntil });
    } catch (err) {
      return errorResponse(err);
    }
  }
}

function errorWithHeaders(err: ApiError, headers: Record<string, string>): Response {
  const res = errorResponse(err);
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
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
  const projectId = params.projectId!;
  const mode = route.scope === 'mode' ? (params.mode as Mode) : null;
  if (principal.kind === 'key') {
    if (principal.projectId !== projectId || (mode !== null && principal.mode !== mode)) throw notFound('Project');
    if (mode === null) throw forbidden('Secret keys can only access mode-scoped collections');
    return { projectId, mode, role: SECRET_KEY_ROLE };
  }
  let role: Role | null = await memberRole(env.DB, projectId, principal.userId);
  if (!role && principal.email && principal.emailVerified) {
    if (await claimInvites(env.DB, { userId: principal.userId, email: principal.email }, now, projectId))
      role = await memberRole(env.DB, projectId, principal.userId);
  }
  if (!role) throw notFound('Project');
  return { projectId, mode, role };
}
