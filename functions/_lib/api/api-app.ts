import { OpenAPIHono, createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { timing } from 'hono/timing';
import { MAX_BODY_BYTES, MODES } from '../../../src/shared/api/common';
import { methodTable, specificity } from './route-methods';
import { listQuerySchema } from '../../../src/shared/api/list-query-schema';
import type { ListQuery } from '../../../src/shared/api/list-params';
import type { ApiContext, ApiEnv, ApiRoute } from './context';
import { ApiError, errorResponse, json, notFound, readJsonText, zodDetails } from './request-response';
import { authorize } from './access';
import { attachDatabases, BOOKMARK_HEADER } from '../db/shards';
import { assertFilterAccess } from './rbac';
import { idempotencyHeaders, openApiDocument, openApiPath, routeDoc } from './openapi';
import { INVALID_BODY_MESSAGE } from '../../../src/shared/api/error-messages';
import { newId } from '../../../src/shared/api/ids';
import { recordRequests } from '../logs/record';

export { openApiPath };

/** Path params of a route: `:mode` is `live` or `test`, any other segment at most 100 characters (else a 404). */
function paramsSchema(path: string) {
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  return z.object(Object.fromEntries(names.map((n) => [n, n === 'mode' ? z.enum(MODES) : z.string().min(1).max(100)])));
}

/**
 * An unknown `:mode` or an over-long id names no endpoint: 404 before authentication, as for any unknown path (the
 * param validator would say the same, but only after the route middleware has asked who calls).
 */
function knownParams(params: z.ZodType | undefined): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (params && !params.safeParse(c.req.param()).success) throw notFound('Endpoint');
    await next();
  };
}

/** The query schema of a route: the list's (built from its ListSpec), a route's own, or none. */
function querySchema(r: ApiRoute) {
  if (r.list) return listQuerySchema(r.list, { csv: r.produces === 'text/csv', defaultLimit: r.listDefaultLimit });
  return r.query;
}

/**
 * Validation failures, answered as the API always did: a bad path param is the unknown endpoint it names (404), a
 * list parameter is `{ details: { param } }`, a body is "Invalid request body" with the field issues.
 */
function validationError(target: string, error: z.ZodError): ApiError {
  if (target === 'param') return notFound('Endpoint');
  if (target === 'query') {
    const list = error.issues.find((i) => i.code === 'custom' && (i as { params?: { listParam?: string } }).params);
    const param = (list as { params?: { listParam?: string } } | undefined)?.params?.listParam;
    if (list && param) return new ApiError('bad_request', list.message, { param });
    return new ApiError('bad_request', 'Invalid request', zodDetails(error));
  }
  return new ApiError('bad_request', INVALID_BODY_MESSAGE, zodDetails(error));
}

/**
 * The JSON body gate before Hono's validator: `application/json` only (415), at most 1 MB even when Content-Length
 * lies (413, after Hono's `bodyLimit` has refused a declared or streamed oversize), valid UTF-8, well-formed, present.
 */
const jsonBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const text = await readJsonText(c.req.raw);
  // Hono's validator reads `c.req.json()`: it gets the text already checked here.
  (c.req as unknown as { bodyCache: Record<string, unknown> }).bodyCache.text = Promise.resolve(text);
  await next();
};

/** Routes in registration order: a literal segment before a parameter at the first place two paths differ. */
function specificFirst(routes: readonly ApiRoute[]): ApiRoute[] {
  return routes
    .map((r, i) => ({ r, i, k: specificity(r.path) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i))
    .map((x) => x.r);
}

/** The 405 of a path that does not take the request's method, with `Allow` (route-methods.ts). */
function methodNotAllowed(allow: string[]): Response {
  const res = errorResponse(new ApiError('method_not_allowed', `Use ${allow.join(', ')}`));
  res.headers.set('Allow', allow.join(', '));
  return res;
}

/**
 * The data API as one Hono app (docs/decisions.md "The data API on Hono"): every route of the table is declared with
 * `createRoute` from its zod schemas, so params, query and body reach handlers through `c.req.valid(...)` and the
 * OpenAPI document is generated from the same declarations. Per route: rate limit → authenticate → access → role →
 * key scope (access.ts), then the body gate and Hono's validators, then the handler.
 * `options.now` is the clock (tests inject one to cross time windows without sleeping).
 */
export function createApiApp(routes: readonly ApiRoute[], options: { now?: () => number } = {}) {
  const clock = options.now ?? Date.now;
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) return errorResponse(validationError(result.target, result.error as z.ZodError));
      return undefined;
    },
  });
  // Outermost: the request log sees every answer, refusals included (functions/_lib/logs/record.ts).
  app.use('*', recordRequests(clock));
  // Our own ids (`req_` + UUIDv7), never one the caller sends: the request log's key.
  app.use(
    '*',
    requestId({ headerName: '', generator: () => newId('req') }),
    timing({ totalDescription: 'Server time incl. the database' }),
  );
  app.use('*', async (c, next) => {
    c.set('now', clock());
    await next();
    // Handlers answer with their own Response objects, which `c.header()` does not reach: set it on the answer.
    c.res.headers.set('X-Request-Id', c.var.requestId);
  });
  const allowed = methodTable([...routes, { method: 'GET', path: '/openapi.json' }]);
  // Before any route: a path answers only the methods of its own (most specific) route path (route-methods.ts).
  app.use('*', async (c, next) => {
    const allow = allowed(c.req.path);
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (allow.length && !allow.includes(method)) return methodNotAllowed(allow);
    await next();
  });

  for (const r of specificFirst(routes)) {
    const params = paramsSchema(r.path);
    const query = querySchema(r);
    const body = r.body
      ? { required: true, content: { 'application/json': { schema: r.body as z.ZodType } } }
      : undefined;
    const middleware: MiddlewareHandler<ApiEnv>[] = [knownParams(params), authorize(r)];
    if (r.body)
      middleware.push(
        bodyLimit({
          maxSize: MAX_BODY_BYTES,
          onError: () => {
            throw new ApiError('payload_too_large', 'Request body is larger than 1 MB');
          },
        }),
        jsonBody,
      );
    const route = createRoute({
      ...routeDoc(r),
      method: r.method.toLowerCase() as RouteConfig['method'],
      path: openApiPath(r.path),
      request: {
        ...(r.idempotent ? { headers: idempotencyHeaders } : {}),
        ...(params ? { params } : {}),
        ...(query ? { query: query as never } : {}),
        ...(body ? { body } : {}),
      },
      middleware: middleware as never,
    });
    app.openapi(route, (async (c: Context<ApiEnv>) => {
      const req = c.req as unknown as { valid(target: string): unknown };
      const ctx = {
        request: c.req.raw,
        env: c.env,
        url: new URL(c.req.url),
        params: (params ? req.valid('param') : {}) as Record<string, string>,
        query: query ? req.valid('query') : undefined,
        body: body ? req.valid('json') : undefined,
        ...c.var.access,
        now: c.var.now,
        waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p),
      } as ApiContext;
      const bookmark = attachDatabases(ctx, c.env, ctx.access, c.req.raw);
      if (r.list) assertFilterAccess(ctx.principal, r.list, (ctx.query as ListQuery).filters);
      const res = await r.handler(ctx);
      // The shard's bookmark after this request: the browser sends it back so its next reads see this one's writes.
      const b = bookmark();
      if (b) {
        try {
          res.headers.set(BOOKMARK_HEADER, b);
        } catch {
          return new Response(res.body, {
            status: res.status,
            headers: { ...Object.fromEntries(res.headers), [BOOKMARK_HEADER]: b },
          });
        }
      }
      return res;
    }) as never);
  }

  // Public: the document of every route above.
  let doc: Record<string, unknown> | null = null;
  app.get('/api/v1/openapi.json', () => json((doc ??= openApiDocument(app, routes))));

  app.notFound((c) => {
    const allow = allowed(c.req.path);
    if (!allow.length) return errorResponse(notFound('Endpoint'));
    return methodNotAllowed(allow);
  });
  app.onError((err) => {
    if (err instanceof HTTPException) {
      if (err.status === 415)
        return errorResponse(new ApiError('unsupported_media_type', 'Send the body as application/json'));
      if (err.status === 413)
        return errorResponse(new ApiError('payload_too_large', 'Request body is larger than 1 MB'));
      if (err.status === 400) return errorResponse(new ApiError('bad_request', 'Malformed JSON body'));
    }
    return errorResponse(err);
  });
  return app;
}

/** Handles one /api/v1 request with the Pages Function's `waitUntil`. */
export function apiHandler(app: ReturnType<typeof createApiApp>) {
  return (request: Request, env: Env, waitUntil: (p: Promise<unknown>) => void): Promise<Response> =>
    Promise.resolve(
      app.fetch(request, env, { waitUntil, passThroughOnException() {}, props: {} } as unknown as ExecutionContext),
    );
}
