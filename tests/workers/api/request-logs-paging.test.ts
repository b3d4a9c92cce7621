import { createMessageBatch } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../functions/_lib/logs/entry';
import { LOG_COUNT_CAP, walkCap } from '../../../functions/_lib/logs/list';
import { consumeRequestLogs, REQUEST_LOG_QUEUE } from '../../../functions/_lib/logs/store';
import { addMember, api, newProject, testEnv, token } from './helpers';

/**
 * The request log's paging at more rows than the walk of a path search reads (functions/_lib/logs/list.ts): every
 * page of every search equals the same rows sorted in JavaScript, whichever way the API reads them (the time-ordered
 * walk, ties at its edge, the path index for a rare prefix); the total stops at 10,001; and the project-level requests
 * (mode '') have a list of their own.
 */

const ROWS = 60_000;
const T0 = Date.UTC(2026, 0, 1);

/** Row i: two rows per second (a tie each), paths by i (see `pathOf`). */
const pathOf = (i: number) =>
  i < 200 && i % 10 === 9
    ? `/contracts/con_${i}` // only among the oldest rows: past the walk
    : i % 1000 === 7
      ? `/policies/pol_rare${i}` // rare: 60 rows all over the log
      : i % 10 === 0
        ? `/wallets/acc_${i}` // broad: 1 row in 10
        : i % 10 === 9
          ? '/users'
          : '/transactions';
const statusOf = (i: number) => (i % 13 === 0 ? '4xx' : '2xx');
const methodOf = (i: number) => (i % 7 === 3 ? 'DELETE' : 'GET');

interface Ref {
  id: string;
  t: number;
  p: string;
  s: string;
  m: string;
}

describe('request log: paging at scale', () => {
  let p: Awaited<ReturnType<typeof newProject>>;
  const ref: Ref[] = [];

  beforeAll(async () => {
    p = await newProject('logs-paging');
    for (let i = 0; i < ROWS; i++)
      ref.push({
        id: `req_00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`,
        t: T0 + Math.floor(i / 2) * 1000,
        p: pathOf(i),
        s: statusOf(i),
        m: methodOf(i),
      });
    // Inserted in an order unlike the time order, so the row order of the table proves nothing.
    const shuffled = [...ref].sort((a, b) => (a.id.slice(-3) < b.id.slice(-3) ? -1 : 1));
    // The scope's integer key, as the queue consumer adds it (migrations/logs/0003).
    await testEnv
      .LOGS!.prepare(`INSERT OR IGNORE INTO request_log_scopes (project_id, mode) VALUES (?, 'test')`)
      .bind(p.id)
      .run();
    for (let k = 0; k < shuffled.length; k += 5000)
      await testEnv
        .LOGS!.prepare(
          `INSERT INTO request_logs (scope_id, id, project_id, mode, created_at, method, route, path, short_path, status,
             status_class, latency_ms)
           SELECT (SELECT id FROM request_log_scopes WHERE project_id = ?1 AND mode = 'test'),
             json_extract(value, '$.id'), ?1, 'test', json_extract(value, '$.t'), json_extract(value, '$.m'), NULL,
             '/api/v1/projects/' || ?1 || '/test' || json_extract(value, '$.p'), json_extract(value, '$.p'),
             CASE json_extract(value, '$.s') WHEN '4xx' THEN 404 ELSE 200 END, json_extract(value, '$.s'), 5
           FROM json_each(?2)`,
        )
        .bind(p.id, JSON.stringify(shuffled.slice(k, k + 5000)))
        .run();
    await testEnv.LOGS!.exec('ANALYZE');
  }, 60_000);

  const list = (qs: Record<string, unknown>) =>
    api(
      'GET',
      `/projects/${p.id}/test/logs?${new URLSearchParams(Object.entries(qs).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`,
      p.ownerToken,
    );

  const expected = (match: (r: Ref) => boolean, dir: 'asc' | 'desc', page: number, limit: number) => {
    const sign = dir === 'desc' ? -1 : 1;
    return ref
      .filter(match)
      .sort((a, b) => sign * (a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      .slice((page - 1) * limit, page * limit)
      .map((r) => r.id);
  };

  it('the walk reads fewer rows than the log holds (so both ways of reading are tested)', () => {
    expect(walkCap(50)).toBeLessThan(ROWS);
  });

  const cases: [string, unknown[], (r: Ref) => boolean][] = [
    [
      'a broad prefix (time-ordered walk)',
      [{ field: 'path', op: 'prefix', value: '/wallets/' }],
      (r) => r.p.startsWith('/wallets/'),
    ],
    [
      'a rare prefix (path index)',
      [{ field: 'path', op: 'prefix', value: '/policies/pol_rare' }],
      (r) => r.p.startsWith('/policies/pol_rare'),
    ],
    [
      'a prefix of the oldest rows only (past the walk)',
      [{ field: 'path', op: 'prefix', value: '/contracts/' }],
      (r) => r.p.startsWith('/contracts/'),
    ],
    ['a prefix nothing has', [{ field: 'path', op: 'prefix', value: '/nothing' }], () => false],
    [
      'a prefix and a status class',
      [
        { field: 'path', op: 'prefix', value: '/wallets/' },
        { field: 'statusClass', op: 'eq', value: '4xx' },
      ],
      (r) => r.p.startsWith('/wallets/') && r.s === '4xx',
    ],
    [
      'a prefix and a method (walks the method index)',
      [
        { field: 'path', op: 'prefix', value: '/transactions' },
        { field: 'method', op: 'in', value: ['DELETE'] },
      ],
      (r) => r.p.startsWith('/transactions') && r.m === 'DELETE',
    ],
    [
      'a prefix and two status classes (walks the time index)',
      [
        { field: 'path', op: 'prefix', value: '/users' },
        { field: 'statusClass', op: 'in', value: ['4xx', '5xx'] },
      ],
      (r) => r.p.startsWith('/users') && r.s === '4xx',
    ],
    [
      'a rare prefix and a method (path index)',
      [
        { field: 'path', op: 'prefix', value: '/policies/pol_rare' },
        { field: 'method', op: 'eq', value: 'GET' },
      ],
      (r) => r.p.startsWith('/policies/pol_rare') && r.m === 'GET',
    ],
    [
      'a status class and a method (no index of their own)',
      [
        { field: 'statusClass', op: 'eq', value: '4xx' },
        { field: 'method', op: 'eq', value: 'DELETE' },
      ],
      (r) => r.s === '4xx' && r.m === 'DELETE',
    ],
    [
      'a prefix and a time range',
      [
        { field: 'path', op: 'prefix', value: '/users' },
        { field: 'createdAt', op: 'lt', value: new Date(T0 + 20_000_000).toISOString() },
      ],
      (r) => r.p.startsWith('/users') && r.t < T0 + 20_000_000,
    ],
  ];
  describe.each(cases)('%s', (_, filters, match) => {
    it.each([
      ['desc', 1, 50],
      ['desc', 2, 50],
      ['desc', 7, 25],
      ['asc', 1, 50],
      ['asc', 3, 10],
    ] as const)('order %s, page %i of %i: the rows of a JavaScript sort', async (dir, page, limit) => {
      const res = await list({ filters, order: `createdAt:${dir}`, page: String(page), limit: String(limit) });
      expect(res.status).toBe(200);
      expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(expected(match, dir, page, limit));
    });
  });

  it.each([
    ['no filter', [], LOG_COUNT_CAP, true],
    ['a prefix of 6,000 rows', [{ field: 'path', op: 'prefix', value: '/users' }], 6000 - 20, false],
    ['two status classes', [{ field: 'statusClass', op: 'in', value: ['4xx', '5xx'] }], Math.ceil(ROWS / 13), false],
    ['one status class', [{ field: 'statusClass', op: 'in', value: ['2xx'] }], LOG_COUNT_CAP, true],
    ['a rare prefix', [{ field: 'path', op: 'prefix', value: '/policies/' }], 60, false],
  ])('page 1 counts %s up to 10,001', async (_, filters, total, capped) => {
    const res = await list({ filters, limit: '10' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(total);
    expect(res.body.totalCapped).toBe(capped);
  });

  const count = (filters: unknown[]) =>
    api(
      'GET',
      `/projects/${p.id}/test/logs/count?${new URLSearchParams({ filters: JSON.stringify(filters) })}`,
      p.ownerToken,
    );

  // Page 1 of a combination whose count could read a whole range answers without it; the count request has it.
  it.each(cases.filter(([, filters]) => filters.length > 1))(
    '%s: page 1 leaves the count to …/logs/count, which counts it up to 10,001',
    async (_, filters, match) => {
      const page = await list({ filters, limit: '10' });
      expect(page.status).toBe(200);
      expect(page.body.total).toBeNull();
      expect(page.body.totalCapped).toBe(false);
      const n = Math.min(ref.filter(match).length, LOG_COUNT_CAP);
      const res = await count(filters);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ total: n, totalCapped: n === LOG_COUNT_CAP });
    },
  );

  it('the count refuses a bad filter as the list does', async () => {
    const res = await count([{ field: 'path', op: 'eq', value: '/users' }]);
    expect(res.status).toBe(400);
    expect(res.body.error.details.param).toBe('filters');
  });

  it('a later page keeps the total it is sent (and says whether it is capped)', async () => {
    const res = await list({ page: '3', limit: '10', total: String(LOG_COUNT_CAP) });
    expect(res.body.total).toBe(LOG_COUNT_CAP);
    expect(res.body.totalCapped).toBe(true);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(expected(() => true, 'desc', 3, 10));
  });
});

describe('request log: project-level requests', () => {
  let p: Awaited<ReturnType<typeof newProject>>;
  let other: Awaited<ReturnType<typeof newProject>>;
  let membersRequest: string;
  let walletsRequest: string;

  beforeAll(async () => {
    p = await newProject('logs-project-level');
    other = await newProject('logs-project-other');
    membersRequest = (await api('GET', `/projects/${p.id}/members`, p.ownerToken)).headers.get('X-Request-Id')!;
    walletsRequest = (await api('GET', `/projects/${p.id}/test/wallets`, p.ownerToken)).headers.get('X-Request-Id')!;
    // Reading the project-level log is not recorded either.
    await api('GET', `/projects/${p.id}/logs`, p.ownerToken);
    const res = await (testEnv.WEBHOOK_DISPATCHER as unknown as Fetcher).fetch(
      'https://webhook-dispatcher/log-entries',
    );
    const entries = ((await res.json()) as RequestLogEntry[]).filter((e) => e.projectId === p.id);
    const batch = createMessageBatch(
      REQUEST_LOG_QUEUE,
      entries.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    await consumeRequestLogs(testEnv, batch);
  });

  it('lists them apart from either mode, with their chart and detail', async () => {
    const project = await api('GET', `/projects/${p.id}/logs`, p.ownerToken);
    expect(project.status).toBe(200);
    expect(project.body.data.map((d: { id: string }) => d.id)).toEqual([membersRequest]);
    expect(project.body.data[0].shortPath).toBe('/members');
    expect(project.body.total).toBe(1);
    const test = await api('GET', `/projects/${p.id}/test/logs`, p.ownerToken);
    expect(test.body.data.map((d: { id: string }) => d.id)).toEqual([walletsRequest]);
    const one = await api('GET', `/projects/${p.id}/logs/${membersRequest}`, p.ownerToken);
    expect(one.status).toBe(200);
    expect(one.body.route).toBe('/api/v1/projects/:projectId/members');
    // A mode's request is not one of the project-level ones, and the other way round.
    expect((await api('GET', `/projects/${p.id}/logs/${walletsRequest}`, p.ownerToken)).status).toBe(404);
    expect((await api('GET', `/projects/${p.id}/test/logs/${membersRequest}`, p.ownerToken)).status).toBe(404);
    const to = new Date(Date.now() + 60_000).toISOString();
    const from = new Date(Date.now() - 3600_000).toISOString();
    const stats = await api('GET', `/projects/${p.id}/logs/stats?from=${from}&to=${to}`, p.ownerToken);
    expect(stats.body.points.reduce((s: number, x: { requests: number }) => s + x.requests, 0)).toBe(1);
  });

  it('viewers read them; another project’s member and secret keys do not', async () => {
    await addMember(p.id, 'logs-project-viewer', 'viewer');
    expect((await api('GET', `/projects/${p.id}/logs`, await token('logs-project-viewer'))).status).toBe(200);
    expect((await api('GET', `/projects/${p.id}/logs`, other.ownerToken)).status).toBe(404);
    expect((await api('GET', `/projects/${p.id}/logs/${membersRequest}`, other.ownerToken)).status).toBe(404);
    expect((await api('GET', `/projects/${p.id}/logs`, p.secretTest)).status).toBeGreaterThanOrEqual(401);
  });
});
