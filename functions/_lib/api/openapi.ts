import { errorSchema } from '../../../src/shared/api/common';
import { LIST_LIMITS } from '../../../src/shared/api/list-params';
import type { ApiRoute } from './context';
import { json } from './request-response';
import { can, minRole, requiredScopes, SECRET_KEY_ROLE } from './rbac';
import { createSchemaConverter } from './openapi-components';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing or invalid credentials (`unauthorized`), or MFA owed: the token is aal1 (`mfa_required`)',
  403: 'Role, secret-key scope or anonymous user does not allow this',
  404: 'Not found (also another tenant’s object)',
  409: 'Conflict (stale version, duplicate)',
  413: 'Body larger than 1 MB',
  429: 'Rate limited (`rate_limited`): per client address before authentication, per caller after it; retry after `Retry-After` seconds',
  503: 'The auth server could not be asked about the session, or the rate limiter could not be reached (`unavailable`): retry',
};

const RETRY_AFTER = {
  description: 'Seconds until the rate-limit window ends',
  schema: { type: 'integer', minimum: 1 },
};

/** The answer of a list's CSV export (docs/api.md "CSV export"). */
const CSV_RESPONSE = {
  description:
    "Every matching row in the list's order, streamed: a header row of the item's field names, then one record per row " +
    "(RFC 4180, CRLF; nested objects and arrays as JSON; a cell starting with = + - @ tab or CR gets a leading `'`).",
  headers: {
    'Content-Disposition': {
      description: 'attachment; filename="<collection>-<mode>-<yyyy-mm-dd>.csv"',
      schema: { type: 'string' },
    },
    'X-Total-Count': {
      description: 'Rows to expect, when the row counters answer it for these filters (otherwise absent)',
      schema: { type: 'integer', minimum: 0 },
    },
  },
  content: { 'text/csv': { schema: { type: 'string' } } },
};

/** What a secret key needs for a route: its own project and mode, the developer role and one of the scopes. */
function keyAccess(r: ApiRoute): string {
  if (r.scope !== 'mode' || !can(SECRET_KEY_ROLE, r.permission)) return 'Secret keys: never.';
  return `Secret keys: one of the scopes ${requiredScopes(r)
    .map((s) => `\`${s}\``)
    .join(', ')}.`;
}

/**
 * OpenAPI 3.1 document generated from the route table and its zod schemas; the shared schemas are named components
 * (see openapi-components.ts).
 */
export function buildOpenApi(routes: ApiRoute[]): Record<string, unknown> {
  const { convert: schema, components } = createSchemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    if (r.scope === 'public') continue;
    const path = `/api/v1${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const params = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: m[1] === 'mode' ? { type: 'string', enum: ['live', 'test'] } : { type: 'string' },
    }));
    const csv = r.produces === 'text/csv';
    if (r.list) {
      // A CSV export takes only `order` and `filters` (`page`, `limit`, `total` are a 400 there).
      if (!csv)
        params.push(
          {
            name: 'page',
            in: 'query',
            required: false,
            description: `1-based; \`page\` × \`limit\` ≤ ${LIST_LIMITS.maxRows} (deeper is a 400: narrow the filters or reverse the order)`,
            schema: { type: 'integer', minimum: 1, default: 1 },
          } as never,
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } as never,
          },
        );
      params.push(
        {
          name: 'order',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: r.list.sorts.flatMap((f) => [`${f}:asc`, `${f}:desc`]) } as never,
        },
        {
          name: 'filters',
          in: 'query',
          required: false,
          description: `JSON array of {field, op, value}. Allowed: ${
            Object.entries(r.list.filters)
              .map(([f, d]) => `${f} (${d.ops.join('|')})`)
              .join(', ') || 'none'
          }`,
          schema: { type: 'string' },
        } as never,
      );
      if (!csv)
        params.push({
          name: 'total',
          in: 'query',
          required: false,
          description: 'Known total: skips counting',
          schema: { type: 'integer', minimum: 0 },
        } as never);
    }
    if (r.idempotent)
      params.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 255 },
      } as never);
    const status = String(r.status ?? (r.method === 'POST' ? 201 : 200));
    const responses: Record<string, unknown> = {
      [status]:
        status === '204'
          ? { description: 'No content' }
          : csv
            ? CSV_RESPONSE
            : {
                description: 'OK',
                content: { 'application/json': { schema: r.response ? schema(r.response, 'output') : {} } },
              },
    };
    const errorRef = schema(errorSchema, 'output');
    for (const code of [400, 401, 403, 404, 409, 413, 429, 503])
      responses[code] = {
        description: STATUS_TEXT[code],
        ...(code === 429 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
        content: { 'application/json': { schema: errorRef } },
      };
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      tags: [r.tag],
      summary: r.summary,
      description: `Minimum role: ${minRole(r.permission)}. ${keyAccess(r)}`,
      parameters: params,
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schema(r.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Dashboard data API', version: '1.0.0' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Supabase access token (ES256; aal2 when the user has a verified MFA factor) or a secret key sk_test_…/sk_live_… (limited by its scopes)',
        },
      },
      schemas: components,
    },
    paths,
  };
}

/** GET /api/v1/openapi.json (public). */
export function openapiRoute(routes: ApiRoute[]): ApiRoute {
  let cached: Record<string, unknown> | null = null;
  return {
    method: 'GET',
    path: '/openapi.json',
    scope: 'public',
    permission: 'read',
    tag: 'Meta',
    summary: 'This document',
    handler: async () => json((cached ??= buildOpenApi(routes))),
  };
}
