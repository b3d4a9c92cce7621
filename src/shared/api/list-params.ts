/**
 * List query parameters of every collection: `page`, `limit`, `order`, `filters`, `total`.
 * Runtime-neutral: the API validates with it and the browser builds URLs with the same allow-lists.
 *
 * - `order`: `field:asc` or `field:desc` (field from the collection's `sorts`); ties are broken by id.
 * - `page` × `limit` ≤ LIST_LIMITS.maxRows (10,000): deeper pages are a 400.
 * - `filters`: JSON array of `{ "field", "op", "value" }` (field and op from the collection's `filters`),
 *   combined with AND. `in` takes an array of at most 100 values; `contains`/`prefix` at most 50 bytes.
 */
export const FILTER_OPS = ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte', 'contains', 'prefix'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export type FieldType = 'string' | 'int' | 'number' | 'bool' | 'time' | 'address' | 'id' | 'enum';

export interface FilterField {
  type: FieldType;
  ops: readonly FilterOp[];
  /** Allowed values for `enum` fields. */
  values?: readonly string[];
  /**
   * The filter reads another collection (a wallet by its user's name or email): a secret key needs that collection's
   * read scope to use it, as for its summaries (docs/api.md "Summaries"), so it cannot probe who owns a wallet.
   */
  collection?: string;
}

export interface ListSpec {
  filters: Readonly<Record<string, FilterField>>;
  sorts: readonly string[];
  defaultOrder: { field: string; dir: 'asc' | 'desc' };
}

export type FilterValue = string | number | boolean;
export interface Filter {
  field: string;
  op: FilterOp;
  value: FilterValue | FilterValue[];
}
export interface ListQuery {
  page: number;
  limit: number;
  order: { field: string; dir: 'asc' | 'desc' };
  filters: Filter[];
  /** Total the client already knows: the server skips counting. */
  total?: number;
}

export const LIST_LIMITS = {
  maxLimit: 100,
  defaultLimit: 10,
  maxPage: 100_000,
  /** How deep pages reach: `page × limit` at most this (OFFSET walks every row it skips; narrow or sort instead). */
  maxRows: 10_000,
  maxFilters: 10,
  maxIn: 100,
  maxPattern: 50,
  maxFilterParam: 4000,
} as const;

/** Thrown with a user-facing message when a list parameter is invalid. */
export class ListParamError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

const INT = /^(0|[1-9][0-9]{0,8})$/;

function intParam(raw: string | null, name: string, min: number, max: number, fallback?: number): number | undefined {
  if (raw === null || raw === '') return fallback;
  if (!INT.test(raw)) throw new ListParamError(`\`${name}\` must be an integer between ${min} and ${max}`, name);
  const n = Number(raw);
  if (n < min || n > max) throw new ListParamError(`\`${name}\` must be an integer between ${min} and ${max}`, name);
  return n;
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function coerce(field: string, def: FilterField, op: FilterOp, v: unknown): FilterValue {
  const bad = (what: string) => new ListParamError(`Filter \`${field}\` expects ${what}`, 'filters');
  if (op === 'contains' || op === 'prefix') {
    if (typeof v !== 'string' || v.length === 0) throw bad('a non-empty string');
    if (byteLength(v) > LIST_LIMITS.maxPattern)
      throw new ListParamError(`Filter \`${field}\` pattern is longer than ${LIST_LIMITS.maxPattern} bytes`, 'filters');
    return v;
  }
  switch (def.type) {
    case 'int':
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw bad('an integer');
      return v;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) throw bad('a number');
      return v;
    case 'bool':
      if (typeof v !== 'boolean') throw bad('true or false');
      return v;
    case 'time': {
      if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
      if (typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v))) return Date.parse(v);
      throw bad('an ISO-8601 date or milliseconds since the epoch');
    }
    case 'address':
      if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw bad('a 0x-prefixed 20-byte hex address');
      return v;
    case 'id':
      if (typeof v !== 'string' || !/^[a-z]{3}_[0-9a-f-]{36}$/.test(v)) throw bad('an id');
      return v;
    case 'enum':
      if (typeof v !== 'string' || !def.values?.includes(v)) throw bad(`one of: ${def.values?.join(', ')}`);
      return v;
    case 'string':
      if (typeof v !== 'string' || byteLength(v) > 200) throw bad('a string of at most 200 bytes');
      return v;
  }
}

/** The deepest page a list serves at `limit` rows per page (LIST_LIMITS.maxRows). */
export function lastReachablePage(limit: number): number {
  return Math.max(1, Math.floor(LIST_LIMITS.maxRows / limit));
}

/** Parses and validates list params against a collection's allow-lists; throws ListParamError. */
export function parseListQuery(spec: ListSpec, search: URLSearchParams): ListQuery {
  const page = intParam(search.get('page'), 'page', 1, LIST_LIMITS.maxPage, 1)!;
  const limit = intParam(search.get('limit'), 'limit', 1, LIST_LIMITS.maxLimit, LIST_LIMITS.defaultLimit)!;
  const total = intParam(search.get('total'), 'total', 0, 999_999_999);
  if (page > lastReachablePage(limit))
    throw new ListParamError(
      `Lists reach ${LIST_LIMITS.maxRows.toLocaleString('en-US')} rows deep (\`page\` × \`limit\`): at \`limit=${limit}\` the last page is ${lastReachablePage(limit)}. Narrow the filters or reverse the order to see further rows`,
      'page',
    );

  let order = spec.defaultOrder;
  const rawOrder = search.get('order');
  if (rawOrder) {
    const m = /^([A-Za-z]{1,40}):(asc|desc)$/.exec(rawOrder);
    if (!m || !spec.sorts.includes(m[1]!)) {
      throw new ListParamError(
        `\`order\` must be \`field:asc\` or \`field:desc\` with field one of: ${spec.sorts.join(', ')}`,
        'order',
      );
    }
    order = { field: m[1]!, dir: m[2] as 'asc' | 'desc' };
  }

  const filters: Filter[] = [];
  const rawFilters = search.get('filters');
  if (rawFilters) {
    if (rawFilters.length > LIST_LIMITS.maxFilterParam) throw new ListParamError('`filters` is too long', 'filters');
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawFilters);
    } catch {
      throw new ListParamError('`filters` must be a JSON array of {"field","op","value"}', 'filters');
    }
    if (!Array.isArray(parsed))
      throw new ListParamError('`filters` must be a JSON array of {"field","op","value"}', 'filters');
    if (parsed.length > LIST_LIMITS.maxFilters)
      throw new ListParamError(`At most ${LIST_LIMITS.maxFilters} filters`, 'filters');
    const allowed = Object.keys(spec.filters);
    for (const f of parsed as unknown[]) {
      if (typeof f !== 'object' || f === null || Array.isArray(f))
        throw new ListParamError('Each filter must be {"field","op","value"}', 'filters');
      const { field, op, value, ...rest } = f as Record<string, unknown>;
      if (Object.keys(rest).length) throw new ListParamError('Each filter must be {"field","op","value"}', 'filters');
      if (typeof field !== 'string' || !Object.hasOwn(spec.filters, field)) {
        throw new ListParamError(`Filter field must be one of: ${allowed.join(', ') || '(none)'}`, 'filters');
      }
      const def = spec.filters[field]!;
      if (typeof op !== 'string' || !def.ops.includes(op as FilterOp)) {
        throw new ListParamError(`Filter \`${field}\` allows operators: ${def.ops.join(', ')}`, 'filters');
      }
      if (op === 'in') {
        if (!Array.isArray(value) || value.length === 0)
          throw new ListParamError(`Filter \`${field}\` with \`in\` expects a non-empty array`, 'filters');
        if (value.length > LIST_LIMITS.maxIn)
          throw new ListParamError(
            `Filter \`${field}\` with \`in\` takes at most ${LIST_LIMITS.maxIn} values`,
            'filters',
          );
        filters.push({ field, op, value: value.map((v) => coerce(field, def, 'eq', v)) });
      } else {
        filters.push({ field, op: op as FilterOp, value: coerce(field, def, op as FilterOp, value) });
      }
    }
  }
  return { page, limit, order, filters, ...(total === undefined ? {} : { total }) };
}

/** Builds the `filters` query value for a list URL. */
export function encodeFilters(filters: Filter[]): string {
  return JSON.stringify(filters);
}
