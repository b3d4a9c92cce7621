import { z } from 'zod';
import { LIST_LIMITS, ListParamError, parseListQuery, type ListQuery, type ListSpec } from './list-params.ts';

/**
 * The list parameters of one collection as a zod schema, built from its `ListSpec` (docs/decisions.md "The data API
 * on Hono"). The API validates `?page&limit&order&filters&total` with it (`c.req.valid('query')` gives a `ListQuery`)
 * and the OpenAPI document describes the parameters from it. The checks themselves are `parseListQuery`, the same
 * function the browser's list URLs go through (src/components/data-list/list-view.ts): one validator, and the list
 * pages do not have to ship zod.
 *
 * A failed check is a zod issue whose path is the parameter and whose `params.listParam` marks it, so the API answers
 * `{ code: 'bad_request', message, details: { param } }` exactly as before.
 */
/** List parameters that make no sense for a file holding every row: refused rather than silently ignored. */
const CSV_REFUSED_PARAMS = ['page', 'limit', 'total'] as const;

export function listQuerySchema(spec: ListSpec, o: { csv?: boolean; defaultLimit?: number } = {}) {
  // Repeated parameters: the first one counts (as `URLSearchParams.get`).
  const first = (schema: z.ZodType) =>
    z.preprocess((v) => (Array.isArray(v) ? (v as unknown[])[0] : v), schema.optional());
  const order = first(
    z.string().meta({
      description: 'Sort: `field:asc` or `field:desc` (ties broken by id)',
      enum: spec.sorts.flatMap((f) => [`${f}:asc`, `${f}:desc`]),
    }),
  );
  const filters = first(
    z.string().meta({
      maxLength: LIST_LIMITS.maxFilterParam,
      description: `JSON array of {field, op, value} (at most ${LIST_LIMITS.maxFilters}, combined with AND). Allowed: ${
        Object.entries(spec.filters)
          .map(([f, d]) => `${f} (${d.ops.join('|')})`)
          .join(', ') || 'none'
      }`,
    }),
  );
  const paging = {
    page: first(
      z.string().meta({
        description: `1-based; \`page\` × \`limit\` ≤ ${LIST_LIMITS.maxRows} (deeper is a 400: narrow the filters or reverse the order)`,
        type: 'integer',
        minimum: 1,
        maximum: LIST_LIMITS.maxRows,
        default: 1,
      }),
    ),
    limit: first(
      z.string().meta({
        type: 'integer',
        minimum: 1,
        maximum: LIST_LIMITS.maxLimit,
        default: o.defaultLimit ?? LIST_LIMITS.defaultLimit,
      }),
    ),
  };
  const total = first(
    z.string().meta({ description: 'Known total: skips counting', type: 'integer', minimum: 0, maximum: 999_999_999 }),
  );
  // A CSV export takes only `order` and `filters`: a file holding every row has no page (docs/api.md "CSV export").
  const shape = o.csv ? { order, filters } : { ...paging, order, filters, total };
  // Loose: the CSV export sees the paging parameters it refuses; other unknown parameters are ignored, as always.
  return z.looseObject(shape).transform((raw, ctx): ListQuery => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(raw)) {
      const value = Array.isArray(v) ? (v as unknown[])[0] : v;
      if (typeof value === 'string') search.set(k, value);
    }
    if (o.defaultLimit !== undefined && !search.has('limit')) search.set('limit', String(o.defaultLimit));
    try {
      if (o.csv)
        for (const p of CSV_REFUSED_PARAMS)
          if (search.has(p))
            throw new ListParamError(`\`${p}\` does not apply to a CSV export: it holds every row that matches`, p);
      return parseListQuery(spec, search);
    } catch (err) {
      if (!(err instanceof ListParamError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message, path: [err.param], params: { listParam: err.param } });
      return z.NEVER;
    }
  });
}
