import { describe, expect, it } from 'vitest';
import { newProject, token } from './api/helpers';
import { pagesFetch } from './pages-stack';

/**
 * The edge middleware and the Hono API app together, through the Pages chain (not the handler alone): what a browser
 * or an SDK gets from a deployed /api/v1 answer, headers included.
 */
const API_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

function expectApiHeaders(res: Response) {
  for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers.get(name), name).toBe(value);
  expect(res.headers.get('Server-Timing')).toMatch(/dur=\d+(\.\d+)?/);
  expect(res.headers.get('X-Request-Id')).toMatch(/^[\w-]{8,}$/);
}

describe('the whole Pages stack in front of the API', () => {
  it('serves the OpenAPI document with the API headers', async () => {
    const res = await pagesFetch('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expectApiHeaders(res);
    expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  const errors: [string, string, RequestInit, number, string][] = [
    ['an unknown endpoint', '/api/v1/nothing-here', {}, 404, 'not_found'],
    ['an unknown mode', '/api/v1/projects/pro_x/staging/wallets', {}, 404, 'not_found'],
    ['no credentials', '/api/v1/projects', {}, 401, 'unauthorized'],
    ['a method the path does not take', '/api/v1/openapi.json', { method: 'DELETE' }, 405, 'method_not_allowed'],
  ];
  for (const [what, path, init, status, code] of errors)
    it(`answers ${what} with ${status} ${code}, JSON and the API headers`, async () => {
      const res = await pagesFetch(path, init);
      expect(res.status).toBe(status);
      expectApiHeaders(res);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    });

  it('a 405 names the allowed methods', async () => {
    const res = await pagesFetch('/api/v1/openapi.json', { method: 'POST' });
    expect(res.headers.get('Allow')).toBe('GET');
  });

  it('creates through the stack, lists with a validated query, and answers HEAD without a body', async () => {
    const p = await newProject('pages-stack-owner', 'Stack project');
    const auth = { Authorization: `Bearer ${p.ownerToken}` };
    const created = await pagesFetch(`/api/v1/projects/${p.id}/test/users`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'stack-1' },
      body: JSON.stringify({ name: 'Ada', description: 'Created through the whole stack' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expectApiHeaders(created);
    const list = await pagesFetch(`/api/v1/projects/${p.id}/test/users?limit=5&order=createdAt:desc`, {
      headers: auth,
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: { name: string }[]; limit: number; total: number };
    expect(body.limit).toBe(5);
    expect(body.data.map((u) => u.name)).toEqual(['Ada']);
    const head = await pagesFetch(`/api/v1/projects/${p.id}/test/users`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers a bad list parameter, a wrong media type and a bad body at the field, through the stack', async () => {
    const p = await newProject('pages-stack-errors');
    const auth = { Authorization: `Bearer ${p.ownerToken}` };
    const badPage = await pagesFetch(`/api/v1/projects/${p.id}/test/users?page=0`, { headers: auth });
    expect(badPage.status).toBe(400);
    expect(await badPage.json()).toMatchObject({ error: { code: 'bad_request', details: { param: 'page' } } });
    const text = await pagesFetch(`/api/v1/projects/${p.id}/test/users`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    const bad = await pagesFetch(`/api/v1/projects/${p.id}/test/users`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: '   ' }),
    });
    expect(bad.status).toBe(400);
    const details = ((await bad.json()) as { error: { details: { path: string }[] } }).error.details;
    expect(details.map((d) => d.path)).toContain('name');
  });

  it('another tenant’s project is a 404 through the stack', async () => {
    const p = await newProject('pages-stack-a');
    const other = await token('pages-stack-b');
    const res = await pagesFetch(`/api/v1/projects/${p.id}/test/users`, {
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(res.status).toBe(404);
    expectApiHeaders(res);
  });
});
