import { z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { toJSONSchema } from 'zod';
import { errorSchema } from '../../../src/shared/api/common';
import { scopesFor } from '../../../src/shared/api/collections';
import type { ApiRoute } from './context';
import { LIST_LIMITS, type FilterField, type ListSpec } from '../../../src/shared/api/list-params';

/** `/a/:b/c` → `/api/v1/a/{b}/c` (OpenAPI and `createRoute` paths). */
export const openApiPath = (path: string) => `/api/v1${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
import { can, minRole, requiredScopes, SECRET_KEY_ROLE } from './rbac';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing or invalid credentials (`unauthorized`), or MFA owed: the token is aal1 (`mfa_required`)',
  403: "Role, secret-key scope or anonymous user does not allow this, or the secret key's IP allowlist does not hold the caller's address (`ip_not_allowed`)",
  404: 'Not found (also another tenant’s object)',
  409: 'Conflict (stale version, duplicate)',
  413: 'Body larger than 1 MB',
  429: 'Rate limited (`rate_limited`): per client address before authentication, per caller after it (a secret key’s own lower limit when it has one); retry after `Retry-After` seconds',
  503: 'The auth server could not be asked about the session, or the rate limiter could not be reached (`unavailable`): retry',
};

/** The answer of a list's CSV export (docs/api.md "CSV export"). */
const CSV_RESPONSE = {
  description:
    "Every matching row in the list's order, streamed: a header row of the item's field names, then one record per row " +
    "(RFC 4180, CRLF; nested objects and arrays as JSON; a cell starting with = + - @ tab or CR gets a leading `'`).",
  headers: {
    'Content-Disposition': {
      description: 'attachment; filename="<collection>-<mode>-<yyyy-mm-dd>.csv"',
      schema: { type: 'string' as const },
    },
    'X-Total-Count': {
      description: 'Rows to expect, when the row counters answer it for these filters (otherwise absent)',
      schema: { type: 'integer' as const, minimum: 0 },
    },
  },
  content: { 'text/csv': { schema: z.string() } },
};

/** What a secret key needs for a route: its own project and mode, the developer role and one of the scopes. */
function keyAccess(r: ApiRoute): string {
  if (r.scope !== 'mode' || !can(SECRET_KEY_ROLE, r.permission)) return 'Secret keys: never.';
  return `Secret keys: one of the scopes ${requiredScopes(r)
    .map((s) => `\`${s}\``)
    .join(', ')}.`;
}

/** Which summaries (and their CSV columns) the answer carries only when the caller may read their collection. */
function summaryAccess(r: ApiRoute): string {
  if (!r.relations?.length) return '';
  const parts = r.relations.map((rel) => {
    const what =
      r.produces === 'text/csv'
        ? Object.keys(rel.csv)
            .map((k) => `\`${k}\``)
            .join(', ')
        : `\`${rel.field}\``;
    const scopes = scopesFor(rel.collection, false)
      .map((s) => `\`${s}\``)
      .join(', ');
    return `${what} only when the caller may read ${rel.collection} (a secret key needs one of ${scopes}; absent otherwise)`;
  });
  return ` Summaries: ${parts.join('; ')}.`;
}

/** The documentation half of a route's `createRoute` config: tag, summary, minimum role and key scopes, answers. */
export function routeDoc(r: ApiRoute): Pick<
  RouteConfig,
  'tags' | 'summary' | 'description' | 'responses' | 'security'
> & {
  request?: RouteConfig['request'];
} {
  const status = String(r.status ?? (r.method === 'POST' ? 201 : 200));
  const responses: RouteConfig['responses'] = {
    [status]:
      status === '204'
        ? { description: 'No content' }
        : r.produces === 'text/csv'
          ? CSV_RESPONSE
          : { description: 'OK', content: { 'application/json': { schema: r.response ?? z.unknown() } } },
  };
  for (const code of [400, 401, 403, 404, 409, 413, 429, 503])
    responses[code] = {
      description: STATUS_TEXT[code]!,
      ...(code === 429
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds until the rate-limit window ends',
                schema: { type: 'integer', minimum: 1 },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: errorSchema } },
    };
  if (r.scope === 'public')
    return {
      tags: [r.tag],
      summary: r.summary,
      description: 'No credentials: the request proves itself (see the summary).',
      responses,
      security: [],
    };
  return {
    tags: [r.tag],
    summary: r.summary,
    description: `Minimum role: ${minRole(r.permission)}. ${keyAccess(r)}${summaryAccess(r)}`,
    responses,
  };
}

/** An `Idempotency-Key` request header, documented on the routes that accept one (checked by write-commits.ts). */
export const idempotencyHeaders = z.object({
  'Idempotency-Key': z.string().optional().meta({
    description: 'Repeat-safe create: the same key within 24 h answers the first response',
    minLength: 1,
    maxLength: 255,
    pattern: '^[\\x21-\\x7e]+$',
  }),
});

/** The JSON Schema of one filter value of a field (the checks of list-params.ts `coerce`). */
function filterValueSchema(d: FilterField): Record<string, unknown> {
  switch (d.type) {
    case 'int':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    case 'time':
      return {
        anyOf: [
          { type: 'string', format: 'date-time' },
          { type: 'integer', minimum: 0 },
        ],
      };
    case 'address':
      return { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };
    case 'id':
      return { type: 'string', pattern: '^[a-z]{3}_[0-9a-f-]{36}$' };
    case 'enum':
      return { type: 'string', enum: [...(d.values ?? [])] };
    case 'string':
      return { type: 'string', maxLength: 200 };
  }
}

/** `filters` as what it is: a JSON array of `{ field, op, value }`, one shape per allowed field (OpenAPI 3.1 `content`). */
export function filtersSchema(spec: ListSpec): Record<string, unknown> {
  const items = Object.entries(spec.filters).map(([field, d]) => {
    const scalar = filterValueSchema(d);
    const byOp = d.ops.map((op) => ({
      type: 'object',
      additionalProperties: false,
      required: ['field', 'op', 'value'],
      properties: {
        field: { const: field },
        op: { const: op },
        value:
          op === 'in'
            ? { type: 'array', minItems: 1, maxItems: LIST_LIMITS.maxIn, items: scalar }
            : op === 'contains' || op === 'prefix'
              ? { type: 'string', minLength: 1, maxLength: LIST_LIMITS.maxPattern }
              : scalar,
      },
    }));
    return byOp.length === 1 ? byOp[0]! : { oneOf: byOp };
  });
  return { type: 'array', maxItems: LIST_LIMITS.maxFilters, items: items.length ? { oneOf: items } : false };
}

type Operation = {
  parameters?: { name: string; in: string; schema?: unknown; content?: unknown; description?: string }[];
};

/**
 * States the `bodyDoc` of the routes that have one as their request body (context.ts): zod's JSON Schema of it, its
 * named schemas as components of the document.
 */
function documentedBodies(
  doc: { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, unknown> } },
  routes: readonly ApiRoute[],
) {
  const toComponents = (v: unknown) =>
    JSON.parse(JSON.stringify(v).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>;
  for (const r of routes) {
    if (!r.bodyDoc) continue;
    const op = doc.paths?.[openApiPath(r.path)]?.[r.method.toLowerCase()] as { requestBody?: unknown } | undefined;
    if (!op) continue;
    const json = toJSONSchema(r.bodyDoc, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
    const { $schema: _, $defs = {}, ...schema } = json as { $schema?: string; $defs?: Record<string, unknown> };
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...toComponents($defs) } };
    op.requestBody = { required: true, content: { 'application/json': { schema: toComponents(schema) } } };
  }
}

/** Rewrites each list's `filters` query parameter from a string to its typed JSON array (parameter `content`). */
function typedFilters(doc: { paths?: Record<string, Record<string, Operation>> }, routes: readonly ApiRoute[]) {
  for (const r of routes) {
    if (!r.list) continue;
    const op = doc.paths?.[openApiPath(r.path)]?.[r.method.toLowerCase()];
    const param = op?.parameters?.find((p) => p.name === 'filters' && p.in === 'query');
    if (!param) continue;
    delete param.schema;
    param.content = { 'application/json': { schema: filtersSchema(r.list) } };
  }
}

/** OpenAPI 3.1 document of every route the app declared with `createRoute` (shared schemas become components). */
export function openApiDocument<E extends Env>(
  app: OpenAPIHono<E>,
  routes: readonly ApiRoute[] = [],
): Record<string, unknown> {
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Dashboard data API', version: '1.0.0' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
  });
  doc.components = {
    ...doc.components,
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'Supabase access token (ES256; aal2 when the user has a verified MFA factor) or a secret key sk_test_…/sk_live_… (limited by its scopes)',
      },
    },
  };
  typedFilters(doc as never, routes);
  documentedBodies(doc as never, routes);
  return { ...doc };
}
