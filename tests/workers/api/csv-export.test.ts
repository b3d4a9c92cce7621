import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, handleApi } from '../../../functions/_lib/api/api-routes';
import { CSV_EXPORTS } from '../../../functions/_lib/api/csv-export';
import { KEYSET_PAGE_ROWS } from '../../../functions/_lib/db/keyset';
import { writeLogBatch } from '../../../functions/_lib/logs/store';
import { addMember, api, newProject, testEnv, token, shardOf } from './helpers';
import { CREATE } from './fixtures';

/**
 * CSV export of the lists (docs/api.md "CSV export"): `GET …/{mode}/{collection}.csv` streams every row of the list
 * with its order and filters, read by keyset pages. The reference for content and order is the JSON list paged to the
 * end.
 */

/** RFC 4180 parser (quoted fields with "" escapes, CRLF records) for checking the answer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

/** The cell the contract promises for a JSON value of the list. */
function expectedCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** Query parameters without the undefined ones. */
const defined = (params: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));

/** Every item of a JSON list, paged to the end (`total` passed after page 1). */
async function jsonAll(path: string, auth: string, params: Record<string, string | undefined> = {}): Promise<any[]> {
  const out: any[] = [];
  let total: number | undefined;
  for (let page = 1; ; page++) {
    const qs = new URLSearchParams({
      ...defined(params),
      limit: '100',
      page: String(page),
      ...(total === undefined ? {} : { total: String(total) }),
    });
    const res = await api('GET', `${path}?${qs}`, auth);
    expect(res.status, res.text).toBe(200);
    total = res.body.total;
    out.push(...res.body.data);
    if (res.body.data.length < 100) return out;
  }
}

async function csv(path: string, auth: string | null, params: Record<string, string | undefined> = {}) {
  const qs = new URLSearchParams(defined(params)).toString();
  return api('GET', `${path}.csv${qs ? `?${qs}` : ''}`, auth);
}

/** Summaries are flat columns in a file (their id is the item's own `userId`, …): summary → column → its field. */
const FLAT: Record<string, Record<string, string>> = {
  user: { userEmail: 'email' },
  account: { accountAddress: 'address' },
  policy: { policyName: 'name' },
};

/** The CSV answer equals the JSON list: header = the item's fields (summaries flat), one record per item in order. */
function expectSameAsJson(text: string, items: any[], omit: readonly string[] = []) {
  const [header, ...records] = parseCsv(text);
  const columns = (item: any) =>
    Object.keys(item)
      .filter((k) => !omit.includes(k))
      .flatMap((k) =>
        FLAT[k]
          ? Object.entries(FLAT[k]).map(([name, f]) => ({ name, value: item[k]?.[f] ?? null }))
          : [{ name: k, value: item[k] }],
      );
  if (items.length) expect(header).toEqual(columns(items[0]).map((c) => c.name));
  expect(records.length).toBe(items.length);
  for (let i = 0; i < items.length; i++)
    expect(records[i]).toEqual(columns(items[i]).map((c) => expectedCell(c.value)));
}

const today = () => new Date().toISOString().slice(0, 10);

describe('CSV export: every exported collection answers the JSON list as CSV', () => {
  let p: Awaited<ReturnType<typeof newProject>>;
  beforeAll(async () => {
    p = await newProject('csv-all-owner', 'CSV all');
    for (const [collection, body] of Object.entries(CREATE)) {
      for (let i = 0; i < 3; i++) {
        const res = await api('POST', `/projects/${p.id}/test/${collection}`, p.ownerToken, body());
        expect(res.status, `${collection}: ${res.text}`).toBe(201);
      }
    }
    const wallet = await api('GET', `/projects/${p.id}/test/wallets?limit=1`, p.ownerToken);
    for (let i = 0; i < 3; i++) {
      const res = await api('POST', `/projects/${p.id}/test/transactions`, p.ownerToken, {
        chainId: 1,
        accountId: wallet.body.data[0].id,
        interactions: [{ to: '0x0000000000000000000000000000000000000001', value: String(i) }],
      });
      expect(res.status, res.text).toBe(201);
    }
    // The request log of these requests, written as the dispatcher's queue consumer does (request-logs.test.ts).
    const handed = await (testEnv.WEBHOOK_DISPATCHER as unknown as Fetcher).fetch(
      'https://webhook-dispatcher/log-entries',
    );
    await writeLogBatch(
      testEnv,
      ((await handed.json()) as { projectId: string }[]).filter((e) => e.projectId === p.id),
    );
  });

  it('has a route for every collection of CSV_EXPORTS, each beside its list with the same permission', () => {
    const csvRoutes = API_ROUTES.filter((r) => r.produces === 'text/csv');
    expect(csvRoutes.map((r) => r.path.replace('/projects/:projectId/:mode/', '')).sort()).toEqual(
      Object.keys(CSV_EXPORTS)
        .map((c) => `${c}.csv`)
        .sort(),
    );
    for (const r of csvRoutes) {
      const list = API_ROUTES.find((l) => l.method === 'GET' && l.path === r.path.slice(0, -'.csv'.length))!;
      expect(r.permission).toBe(list.permission);
      expect(r.list).toBe(list.list);
      expect(r.collection).toBe(list.path.split('/')[4]);
    }
  });

  it.each(Object.keys(CSV_EXPORTS))('%s', async (collection) => {
    const path = `/projects/${p.id}/test/${collection}`;
    const res = await csv(path, p.ownerToken);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${collection.replace('/', '-')}-test-${today()}.csv"`,
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const items = await jsonAll(path, p.ownerToken);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expectSameAsJson(res.text, items, CSV_EXPORTS[collection]!.omit);
    // Never a secret: no stored hash or ciphertext in any cell, no field naming one.
    const header = parseCsv(res.text)[0]!;
    for (const field of ['secret', 'keyHash', 'privateKey', 'encryptedPrivateKey', 'secretEncrypted'])
      expect(header).not.toContain(field);
    // The keys' hashes are in the directory, the rest on the project's shard.
    const keys = await testEnv.DB.prepare(
      'SELECT key_hash AS s FROM api_keys WHERE project_id = ?1 AND key_hash IS NOT NULL',
    )
      .bind(p.id)
      .all<{ s: string }>();
    const stored = await (
      await shardOf(p.id)
    )
      .prepare(
        `SELECT encrypted_private_key AS s FROM backend_wallets WHERE project_id = ?1 AND encrypted_private_key IS NOT NULL
         UNION ALL SELECT secret_encrypted FROM webhooks WHERE project_id = ?1`,
      )
      .bind(p.id)
      .all<{ s: string }>();
    const secrets = [...keys.results, ...stored.results];
    expect(secrets.length).toBeGreaterThan(2);
    for (const { s } of secrets) expect(res.text).not.toContain(s);
  });

  it('an empty list is the header row alone; the other mode is another file', async () => {
    const res = await csv(`/projects/${p.id}/live/wallets`, p.ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toContain(`wallets-live-${today()}.csv`);
    const rows = parseCsv(res.text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('address');
    // The user summary as two flat columns (issue 19.7): the user's id and email, never a JSON cell.
    expect(rows[0]).toContain('userId');
    expect(rows[0]).toContain('userEmail');
    expect(rows[0]).not.toContain('user');
    expect(res.headers.get('X-Total-Count')).toBe('0');
  });

  it('is listed in the OpenAPI document: text/csv, order and filters only, the list’s minimum role', async () => {
    const { body: doc } = await api('GET', '/openapi.json', null);
    const op = doc.paths['/api/v1/projects/{projectId}/{mode}/transactions.csv'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv']);
    expect(Object.keys(op.responses['200'].headers)).toEqual(['Content-Disposition', 'X-Total-Count']);
    expect(op.parameters.map((x: any) => x.name)).toEqual(['projectId', 'mode', 'order', 'filters']);
    expect(op.description).toContain('Minimum role: viewer');
    expect(op.description).toContain('`transactions:read`');
    const keys = doc.paths['/api/v1/projects/{projectId}/{mode}/api-keys.csv'].get;
    expect(keys.description).toContain('Minimum role: admin');
    expect(keys.description).toContain('Secret keys: never');
  });
});

describe('CSV export: quoting and formula injection', () => {
  it('quotes per RFC 4180, writes nested values as JSON and neutralises formula-like cells', async () => {
    const p = await newProject('csv-quote-owner');
    const path = `/projects/${p.id}/test/users`;
    const names = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3', '@SUM(A1)', 'Smith, "Jo"', 'Plain'];
    for (const [i, name] of names.entries()) {
      const res = await api('POST', path, p.ownerToken, {
        name,
        // Names are one line (control characters refused); a description may hold a line break.
        description: i === 0 ? '\tcmd' : i === 1 ? '\rcmd' : i === 2 ? 'Line\nbreak' : 'plain',
        metadata: { tier: 'gold', note: 'b,c', quote: 'say "hi"' },
      });
      expect(res.status, res.text).toBe(201);
    }
    const res = await csv(path, p.ownerToken, { order: 'createdAt:asc' });
    expect(res.status).toBe(200);
    const [header, ...records] = parseCsv(res.text);
    const col = (k: string) => header!.indexOf(k);
    expect(records.map((r) => r[col('name')])).toEqual([
      `'=HYPERLINK("http://evil.example","x")`,
      "'+1+2",
      "'-3",
      "'@SUM(A1)",
      'Smith, "Jo"',
      'Plain',
    ]);
    expect(records.slice(0, 3).map((r) => r[col('description')])).toEqual(["'\tcmd", "'\rcmd", 'Line\nbreak']);
    expect(JSON.parse(records[0]![col('metadata')]!)).toEqual({ tier: 'gold', note: 'b,c', quote: 'say "hi"' });
    expect(records[0]![col('authenticated')]).toBe('false');
    expect(records[0]![col('email')]).toBe('');
    // The raw text: quotes doubled, quoted cells for comma, quote and newline, CRLF between records.
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(res.text).toContain('"Smith, ""Jo"""');
    expect(res.text).toContain('"Line\nbreak"');
    expect(res.text.split('\r\n')[0]).toBe(header!.join(','));
    expectSameAsJson(res.text, await jsonAll(path, p.ownerToken, { order: 'createdAt:asc' }));
  });
});

describe('CSV export: many keyset pages, ties on the sort column, filters and order as the list', () => {
  const USERS = 3 * KEYSET_PAGE_ROWS + 517;
  const NAMES = ['Ada', 'Grace', 'Alan', 'Barbara', 'Edsger', 'Ada Lovelace', 'Adele'];
  const T0 = Date.UTC(2026, 0, 1);
  let p: Awaited<ReturnType<typeof newProject>>;
  let path = '';

  beforeAll(async () => {
    p = await newProject('csv-pages-owner', 'CSV pages');
    path = `/projects/${p.id}/test/users`;
    // 17 distinct created_at values and 7 names (+ NULLs) over 3,517 rows: most sort keys are shared, ties go by id.
    const rows = Array.from({ length: USERS }, (_, i) => ({
      id: `pla_${crypto.randomUUID()}`,
      name: i % 10 === 0 ? null : NAMES[i % NAMES.length],
      email: `u${i}@ex${i % 3}.example`,
      authenticated: i % 4 === 0 ? 0 : 1,
      created_at: T0 + (i % 17) * 60_000,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await (
        await shardOf(p.id)
      )
        .prepare(
          `INSERT INTO users (id, project_id, mode, name, email, authenticated, created_at, updated_at)
         SELECT value ->> 'id', ?1, 'test', value ->> 'name', value ->> 'email', value ->> 'authenticated',
                value ->> 'created_at', value ->> 'created_at'
         FROM json_each(?2)`,
        )
        .bind(p.id, JSON.stringify(rows.slice(i, i + 500)))
        .run();
    }
    // Transactions for the several-value `in` filters (one JSON parameter) and ties on created_at.
    const statuses = ['confirmed', 'reverted', 'new', 'dropped'];
    const txs = Array.from({ length: 60 }, (_, i) => ({
      id: `tin_${crypto.randomUUID()}`,
      chain_id: [1, 137, 8453][i % 3],
      status: statuses[i % 4],
      created_at: T0 + (i % 5) * 1000,
    }));
    await (
      await shardOf(p.id)
    )
      .prepare(
        `INSERT INTO transactions (id, project_id, mode, chain_id, interactions, abstraction_type, status, created_at, updated_at)
       SELECT value ->> 'id', ?1, 'test', value ->> 'chain_id', '[{"to":"0x0000000000000000000000000000000000000001"}]',
              'standard', value ->> 'status', value ->> 'created_at', value ->> 'created_at'
       FROM json_each(?2)`,
      )
      .bind(p.id, JSON.stringify(txs))
      .run();
  });

  it('streams page by page: header and first page, then one chunk per keyset page, no id twice, none missing', async () => {
    const res = await handleApi(
      new Request(`https://dash.test/api/v1${path}.csv`, { headers: { Authorization: `Bearer ${p.ownerToken}` } }),
      testEnv,
      () => {},
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe(String(USERS));
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(Math.ceil(USERS / KEYSET_PAGE_ROWS));
    const [, ...records] = parseCsv(text);
    expect(records).toHaveLength(USERS);
    expect(new Set(records.map((r) => r[0])).size).toBe(USERS);
    const { results } = await (
      await shardOf(p.id)
    )
      .prepare("SELECT id FROM users WHERE project_id = ? AND mode = 'test' ORDER BY created_at DESC, id DESC")
      .bind(p.id)
      .all<{ id: string }>();
    expect(records.map((r) => r[0])).toEqual(results.map((r) => r.id));
  });

  it.each([
    { name: 'default order (createdAt desc)', params: {} },
    { name: 'createdAt asc', params: { order: 'createdAt:asc' } },
    { name: 'name asc (NULLs first)', params: { order: 'name:asc' } },
    { name: 'name desc (NULLs last)', params: { order: 'name:desc' } },
    {
      name: 'authenticated=false by name',
      params: { order: 'name:asc', filters: JSON.stringify([{ field: 'authenticated', op: 'eq', value: false }]) },
    },
    { name: 'name prefix', params: { filters: JSON.stringify([{ field: 'name', op: 'prefix', value: 'Ad' }]) } },
    {
      name: 'email contains by name desc',
      params: { order: 'name:desc', filters: JSON.stringify([{ field: 'email', op: 'contains', value: '@ex1' }]) },
    },
    {
      name: 'createdAt range',
      params: {
        order: 'createdAt:asc',
        filters: JSON.stringify([
          { field: 'createdAt', op: 'gte', value: T0 + 3 * 60_000 },
          { field: 'createdAt', op: 'lt', value: new Date(T0 + 9 * 60_000).toISOString() },
        ]),
      },
    },
  ])(
    'same rows and order as paging the JSON list: $name',
    async ({ params }) => {
      const res = await csv(path, p.ownerToken, params);
      expect(res.status, res.text).toBe(200);
      const items = await jsonAll(path, p.ownerToken, params);
      expect(items.length).toBeGreaterThan(100);
      expectSameAsJson(res.text, items);
    },
    60_000,
  );

  it('transactions with several-value `in` filters (one JSON parameter), summaries as flat columns', async () => {
    const tx = `/projects/${p.id}/test/transactions`;
    for (const filters of [
      [{ field: 'status', op: 'in', value: ['confirmed', 'reverted', 'dropped'] }],
      [
        { field: 'chainId', op: 'in', value: [1, 8453] },
        { field: 'status', op: 'in', value: ['confirmed', 'new'] },
      ],
    ]) {
      const params = { filters: JSON.stringify(filters), order: 'createdAt:asc' };
      const res = await csv(tx, p.ownerToken, params);
      expect(res.status, res.text).toBe(200);
      const items = await jsonAll(tx, p.ownerToken, params);
      expect(items.length).toBeGreaterThan(0);
      expectSameAsJson(res.text, items);
    }
    // 100 values (the most a filter takes) plus a second filter: still one bound parameter per `in`.
    const many = Array.from({ length: 100 }, (_, i) => i + 1);
    const res = await csv(tx, p.ownerToken, {
      filters: JSON.stringify([
        { field: 'chainId', op: 'in', value: many },
        { field: 'status', op: 'in', value: ['confirmed', 'new', 'dropped'] },
      ]),
    });
    expect(res.status, res.text).toBe(200);
    const { results } = await (
      await shardOf(p.id)
    )
      .prepare(
        `SELECT id FROM transactions WHERE project_id = ? AND mode = 'test' AND chain_id = 1 AND status != 'reverted'
       ORDER BY created_at DESC, id DESC`,
      )
      .bind(p.id)
      .all<{ id: string }>();
    expect(results.length).toBeGreaterThan(10);
    expect(
      parseCsv(res.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(results.map((r) => r.id));
  });

  it('X-Total-Count: from the row counters when the filter allows, absent otherwise; always the rows sent', async () => {
    const count = (text: string) => parseCsv(text).length - 1;
    const byCounter = await csv(path, p.ownerToken, {
      filters: JSON.stringify([{ field: 'authenticated', op: 'eq', value: false }]),
    });
    expect(byCounter.headers.get('X-Total-Count')).toBe(String(Math.ceil(USERS / 4)));
    expect(count(byCounter.text)).toBe(Math.ceil(USERS / 4));
    const searched = await csv(path, p.ownerToken, {
      filters: JSON.stringify([{ field: 'name', op: 'prefix', value: 'Ad' }]),
    });
    expect(searched.headers.has('X-Total-Count')).toBe(false);
    const tx = await csv(`/projects/${p.id}/test/transactions`, p.ownerToken, {
      filters: JSON.stringify([{ field: 'status', op: 'in', value: ['confirmed', 'reverted'] }]),
    });
    expect(tx.headers.get('X-Total-Count')).toBe('30');
    expect(count(tx.text)).toBe(30);
    const keys = await csv(`/projects/${p.id}/test/api-keys`, p.ownerToken);
    expect(keys.headers.has('X-Total-Count')).toBe(false);
  });
});

describe('CSV export: access is the list’s', () => {
  let p: Awaited<ReturnType<typeof newProject>>;
  beforeAll(async () => {
    p = await newProject('csv-acl-owner', 'CSV access');
    await api('POST', `/projects/${p.id}/test/wallets`, p.ownerToken, CREATE.wallets!());
    await addMember(p.id, 'csv-acl-viewer', 'viewer');
    await addMember(p.id, 'csv-acl-dev', 'developer');
  });

  it('a viewer exports what a viewer lists, and not API keys (403 as the list)', async () => {
    const viewer = await token('csv-acl-viewer');
    const wallets = await csv(`/projects/${p.id}/test/wallets`, viewer);
    expect(wallets.status, wallets.text).toBe(200);
    expect(parseCsv(wallets.text)).toHaveLength(2);
    for (const auth of [viewer, await token('csv-acl-dev')]) {
      const list = await api('GET', `/projects/${p.id}/test/api-keys`, auth);
      const keys = await csv(`/projects/${p.id}/test/api-keys`, auth);
      expect(keys.status).toBe(403);
      expect(keys.body).toEqual(list.body);
    }
  });

  it('another tenant’s project is a 404, as is a secret key of another project or mode; no credentials is 401', async () => {
    const other = await newProject('csv-acl-stranger');
    const stranger = await csv(`/projects/${p.id}/test/wallets`, other.ownerToken);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('not_found');
    expect((await csv(`/projects/${p.id}/test/wallets`, other.secretTest)).status).toBe(404);
    expect((await csv(`/projects/${p.id}/test/wallets`, p.secretLive)).status).toBe(404);
    expect((await csv(`/projects/${p.id}/test/wallets`, null)).status).toBe(401);
    expect((await csv(`/projects/${p.id}/test/wallets`, p.secretTest)).status).toBe(200);
    // The stranger's own export never holds this project's rows.
    const own = await csv(`/projects/${other.id}/test/wallets`, other.ownerToken);
    expect(parseCsv(own.text)).toHaveLength(1);
  });

  it('a secret key needs the list’s read scope', async () => {
    const scoped = await api('POST', `/projects/${p.id}/test/api-keys`, p.ownerToken, {
      type: 'secret',
      name: 'wallets only',
      scopes: ['wallets:read'],
    });
    expect((await csv(`/projects/${p.id}/test/wallets`, scoped.body.secret)).status).toBe(200);
    const users = await csv(`/projects/${p.id}/test/users`, scoped.body.secret);
    expect(users.status).toBe(403);
    expect(users.body.error.details.requiredScopes).toEqual(['read', 'write', 'users:read', 'users:write']);
    const migrations = await csv(`/projects/${p.id}/test/auth/migrations`, scoped.body.secret);
    expect(migrations.status).toBe(403);
    expect(migrations.body.error.details.requiredScopes).toEqual(['read', 'write', 'auth:read', 'auth:write']);
  });

  it('only GET (and HEAD): other methods are 405', async () => {
    const res = await api('POST', `/projects/${p.id}/test/wallets.csv`, p.ownerToken, {});
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET');
  });
});

describe('CSV export: bad parameters are the list’s 400s', () => {
  let p: Awaited<ReturnType<typeof newProject>>;
  beforeAll(async () => {
    p = await newProject('csv-params-owner');
  });

  it.each([
    { order: 'nope:asc' },
    { order: 'name:sideways' },
    { filters: 'not json' },
    { filters: JSON.stringify({ field: 'status' }) },
    { filters: JSON.stringify([{ field: 'secret', op: 'eq', value: 1 }]) },
    { filters: JSON.stringify([{ field: 'status', op: 'contains', value: 'x' }]) },
    { filters: JSON.stringify([{ field: 'status', op: 'eq', value: 'bogus' }]) },
    { filters: JSON.stringify([{ field: 'chainId', op: 'in', value: Array.from({ length: 101 }, (_, i) => i) }]) },
    { filters: JSON.stringify([{ field: 'createdAt', op: 'gte', value: 'yesterday' }]) },
  ])('%o', async (params) => {
    const path = `/projects/${p.id}/test/transactions`;
    const res = await csv(path, p.ownerToken, params);
    const list = await api('GET', `${path}?${new URLSearchParams(defined(params))}`, p.ownerToken);
    expect(list.status).toBe(400);
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(res.body).toEqual(list.body);
  });

  it('page, limit and total are refused: the file holds every row', async () => {
    for (const param of ['page', 'limit', 'total']) {
      const res = await csv(`/projects/${p.id}/test/wallets`, p.ownerToken, { [param]: '1' });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'bad_request',
        message: `\`${param}\` does not apply to a CSV export: it holds every row that matches`,
        details: { param },
      });
    }
  });
});
