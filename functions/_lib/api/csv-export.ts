import { dbFor } from '../db/shards';
import type { ListQuery } from '../../../src/shared/api/list-params';
import { counterSql, type Row } from '../db/core';
import { D1_MAX_BOUND_PARAMS, keysetReader } from '../db/keyset';
import { attachRelated, readableRelations, type Relation } from '../db/related';
import { modeOf, scopeOf, type ApiRoute } from './context';
import { routeCollection } from './rbac';
import { acquireLock } from './rate-limit';

/** A running export holds its lock this long past its last page (a lost isolate blocks the next one no longer). */
export const CSV_LOCK_TTL_MS = 60_000;
const CSV_LOCK_RENEW_MS = 20_000;

/**
 * CSV export of the mode-scoped lists (docs/api.md "CSV export"): `GET …/{mode}/{collection}.csv` takes the list's
 * `order` and `filters`, needs exactly the list's permission, and streams every matching row in the list's order, read
 * by keyset pages (functions/_lib/db/keyset.ts) and written as each page arrives.
 */

/**
 * The lists that are exported, and the item fields a list answer never carries (they belong to the single read).
 * An explicit list: a new list route is exported only after someone checked that its items hold no secret.
 */
export const CSV_EXPORTS: Readonly<Record<string, { omit?: readonly string[] }>> = {
  wallets: {},
  users: {},
  transactions: { omit: ['statusHistory'] },
  // `spend30d` is an aggregate the JSON list computes per page of 100; the export leaves it to the spend report
  // (`spendThisMonth` is the single read's).
  policies: { omit: ['rules', 'spend30d', 'spendThisMonth'] },
  contracts: { omit: ['abi'] },
  'backend-wallets': {},
  'api-keys': {},
  webhooks: {},
  events: {},
  'auth/migrations': {},
  // The request log: scrubbed when recorded (functions/_lib/logs/scrub.ts), nothing secret in an entry.
  logs: {},
};

const MODE_PREFIX = '/projects/:projectId/:mode/';

/** Cells starting like a formula (OWASP "CSV injection": = + - @ tab CR) are prefixed with a single quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): null is empty, strings as is (a formula-like start gets a `'` first), numbers and
 * booleans as JSON writes them, objects and arrays as JSON; quoted when it holds `"`, `,`, CR or LF.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s: string;
  if (typeof value === 'string') s = FORMULA_START.test(value) ? `'${value}` : value;
  else if (typeof value === 'number' || typeof value === 'boolean') s = String(value);
  else s = JSON.stringify(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV record, CRLF-terminated. */
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The item fields of a list answer, in the schema's order: the CSV header. */
function columnsOf(item: unknown, omit: readonly string[] = []): string[] {
  const shape = (item as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('CSV export needs an object item schema');
  return Object.keys(shape).filter((k) => !omit.includes(k));
}

/**
 * The CSV columns for this caller: the item's fields, each summary (`user`, `account`, `policy`) as its flat columns
 * (`userEmail`, `accountAddress`, `policyName`: the id is the item's own `userId`, …) and only when the caller may read
 * the related collection (functions/_lib/db/related.ts, the same rule as the JSON list).
 */
export function csvColumns(
  columns: readonly string[],
  relations: readonly Relation[],
  readable: readonly Relation[],
): { name: string; get: (item: Record<string, unknown>) => unknown }[] {
  return columns.flatMap((k) => {
    const rel = relations.find((r) => r.field === k);
    if (!rel) return [{ name: k, get: (item: Record<string, unknown>) => item[k] }];
    if (!readable.includes(rel)) return [];
    return Object.entries(rel.csv).map(([name, f]) => ({
      name,
      get: (item: Record<string, unknown>) => (item[k] as Record<string, unknown> | null | undefined)?.[f] ?? null,
    }));
  });
}

/** `GET {list path}.csv` for every list route named in CSV_EXPORTS. */
export function csvExportRoutes(routes: readonly ApiRoute[]): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const r of routes) {
    if (r.method !== 'GET' || r.scope !== 'mode' || !r.list || !r.table || !r.rows) continue;
    if (!r.path.startsWith(MODE_PREFIX)) continue;
    const name = r.path.slice(MODE_PREFIX.length);
    const config = CSV_EXPORTS[name];
    if (!config) continue;
    out.push(csvExportRoute(r, name, columnsOf(r.rows.item, config.omit)));
  }
  const missing = Object.keys(CSV_EXPORTS).filter((n) => !out.some((r) => r.path === `${MODE_PREFIX}${n}.csv`));
  if (missing.length) throw new Error(`CSV export without a list route: ${missing.join(', ')}`);
  return out;
}

function csvExportRoute(list: ApiRoute, name: string, columns: string[]): ApiRoute {
  const spec = list.list!;
  const def = list.table!;
  const { toApi, relations = [] } = list.rows!;
  return {
    method: 'GET',
    path: `${list.path}.csv`,
    scope: 'mode',
    permission: list.permission,
    collection: routeCollection(list) ?? undefined,
    tag: list.tag,
    summary: `${list.summary}: every matching row as CSV (streamed; same order and filters as the list)`,
    ...(relations.length ? { relations } : {}),
    list: spec,
    table: def,
    produces: 'text/csv',
    handler: async (c) => {
      // The list's `order` and `filters`; `page`, `limit` and `total` are a 400 (src/shared/api/list-query-schema.ts).
      const q = c.query as ListQuery;
      const scope = scopeOf(c);
      // One export per project and caller at a time (each file walks the whole list): released when the stream
      // ends, fails or is cancelled, or when the answer is an error; lapses CSV_LOCK_TTL_MS after the last page.
      const lock = await acquireLock(
        c.env,
        `csv-export:${scope.projectId}:${c.actor.id}`,
        CSV_LOCK_TTL_MS,
        'An export of this project is already running for you: wait until it finishes, then try again',
      );
      let renewedAt = Date.now();
      const keep = async () => {
        if (Date.now() - renewedAt < CSV_LOCK_RENEW_MS) return;
        renewedAt = Date.now();
        await lock.renew();
      };
      const own = def.db?.(c.env);
      const db = own ?? dbFor(c, def.table);
      try {
        const reader = keysetReader(db, def, spec, scope, q);
        const counter = counterSql(def, scope, q.filters);
        const cheapCount = counter && counter.args.length <= D1_MAX_BOUND_PARAMS ? counter : null;
        // The first page (and the count) before answering: a failing query is still a JSON error with its status.
        const [first, total] = await Promise.all([
          reader.next(),
          cheapCount
            ? db
                .prepare(cheapCount.sql)
                .bind(...cheapCount.args)
                .first<{ n: number }>()
            : null,
        ]);
        const cols = csvColumns(columns, relations, readableRelations(c.principal, relations));
        const toLines = async (rows: Row[]) => {
          if (relations.length) await attachRelated(db, scope, rows, relations, c.principal);
          if (list.rows!.attach) await list.rows!.attach(c, rows);
          let text = '';
          for (const row of rows) {
            const item = toApi(row, c) as Record<string, unknown>;
            text += csvLine(cols.map((col) => col.get(item)));
          }
          return text;
        };
        const encoder = new TextEncoder();
        const finish = () => lock.release().catch(() => {});
        // The header and the first page go out first; then each pull reads and writes one more page.
        let head: string | null = csvLine(cols.map((col) => col.name)) + (first ? await toLines(first) : '');
        const body = new ReadableStream<Uint8Array>({
          // One page is read ahead at most (highWaterMark 1): the result is never held whole.
          async pull(controller) {
            try {
              if (head !== null) {
                controller.enqueue(encoder.encode(head));
                head = null;
                // The lock goes before the end of the file: a client that saw the end may export again at once.
                if (first === null) {
                  await finish();
                  controller.close();
                }
                return;
              }
              await keep();
              const rows = await reader.next();
              if (rows === null) {
                await finish();
                controller.close();
              } else controller.enqueue(encoder.encode(await toLines(rows)));
            } catch (err) {
              // The status is sent: the download ends broken (the client sees a failed transfer, not a short file).
              console.error('api: CSV export failed mid-stream', err instanceof Error ? err.message : String(err));
              controller.error(err);
              await finish();
            }
          },
          // The client went away (a closed tab, an aborted download).
          cancel: finish,
        });
        const date = new Date(c.now).toISOString().slice(0, 10);
        const headers = new Headers({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${name.replaceAll('/', '-')}-${modeOf(c)}-${date}.csv"`,
          'Cache-Control': 'no-store',
        });
        if (total) headers.set('X-Total-Count', String(Number(total.n)));
        return new Response(body, { status: 200, headers });
      } catch (err) {
        await lock.release().catch(() => {});
        throw err;
      }
    },
  };
}
