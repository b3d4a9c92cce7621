import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import type { ApiRoute } from '../../../functions/_lib/api/context';
import { API_KEY_SCOPES } from '../../../src/shared/api/api-keys';
import { can } from '../../../src/shared/api/permissions';
import { api, newProject, testEnv } from './helpers';
import { CREATE } from './fixtures';

/**
 * Secret-key scopes (docs/api.md "Secret-key scopes"), generated from the route table: every scope on its own (and
 * no scope at all) × every authenticated route. A GET needs `read`, `write`, `<collection>:read` or
 * `<collection>:write`; any other method needs `write` or `<collection>:write`; the collection is the segment after
 * `{mode}` (or the route's own `collection`). On top, a key acts as a developer and only on its own mode's routes.
 */

const MODE_PREFIX = '/projects/:projectId/:mode/';
const collectionOf = (r: ApiRoute) => r.collection ?? r.path.slice(MODE_PREFIX.length).split('/')[0]!;
const isWrite = (r: ApiRoute) => r.method !== 'GET';

function granted(scopes: string[], r: ApiRoute): boolean {
  const c = collectionOf(r);
  const any = isWrite(r) ? ['write', `${c}:write`] : ['read', 'write', `${c}:read`, `${c}:write`];
  return scopes.some((s) => any.includes(s));
}

function expectedAllowed(scopes: string[], r: ApiRoute): boolean {
  return r.scope === 'mode' && can('developer', r.permission) && granted(scopes, r);
}

const ROUTES_UNDER_TEST = API_ROUTES.filter((r) => r.scope !== 'public');
const SCOPE_SETS: string[][] = [[], ...API_KEY_SCOPES.map((s) => [s])];

let projectId = '';
const keys = new Map<string, string>();

beforeAll(async () => {
  const p = await newProject('scope-owner', 'Scopes');
  projectId = p.id;
  for (const set of SCOPE_SETS) {
    if (set.length === 0) continue;
    const res = await api('POST', `/projects/${p.id}/test/api-keys`, p.ownerToken, {
      type: 'secret',
      name: `Scoped ${set.join(',')}`,
      scopes: set,
    });
    if (res.status !== 201) throw new Error(`key ${set}: ${res.status} ${res.text}`);
    keys.set(set.join(','), res.body.secret);
  }
  // A key with no scope at all can only exist from before scopes were enforced: it must do nothing.
  const empty = await api('POST', `/projects/${p.id}/test/api-keys`, p.ownerToken, { type: 'secret', name: 'None' });
  await testEnv.DB.prepare("UPDATE api_keys SET scopes = '[]' WHERE id = ?").bind(empty.body.id).run();
  keys.set('', empty.body.secret);
});

const pathOf = (r: ApiRoute) =>
  r.path.replace(':projectId', projectId).replace(':mode', 'test').replace(/:\w+/g, 'id_missing');

describe.each(SCOPE_SETS.map((s) => ({ scopes: s, label: s.join(',') || '(none)' })))(
  'secret key with scopes $label',
  ({ scopes }) => {
    it.each(ROUTES_UNDER_TEST.map((r) => ({ r, name: `${r.method} ${r.path}` })))('$name', async ({ r }) => {
      // Writes get an empty body: a request that passes authorisation stops at validation (400) or lookup (404).
      const res = await api(r.method, pathOf(r), keys.get(scopes.join(','))!, r.method === 'GET' ? undefined : {});
      if (expectedAllowed(scopes, r)) {
        expect([401, 403], res.text).not.toContain(res.status);
        if (res.status === 404) expect(res.body.error.message).not.toBe('Project not found');
        return;
      }
      expect(res.status, res.text).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      if (r.scope === 'mode' && can('developer', r.permission)) {
        const c = collectionOf(r);
        expect(res.body.error.message).toContain(isWrite(r) ? `${c}:write` : `${c}:read`);
        expect(res.body.error.details.requiredScopes).toEqual(
          isWrite(r) ? ['write', `${c}:write`] : ['read', 'write', `${c}:read`, `${c}:write`],
        );
      }
    });
  },
);

describe('the scope vocabulary follows the route table', () => {
  const modeRoutes = API_ROUTES.filter((r) => r.scope === 'mode' && can('developer', r.permission));
  const collections = [...new Set(modeRoutes.map(collectionOf))];

  it('every collection a key can read has read scopes, and write scopes exactly where a key can write', () => {
    const expected = [
      'read',
      'write',
      ...collections.flatMap((c) => [
        `${c}:read`,
        ...(modeRoutes.some((r) => collectionOf(r) === c && isWrite(r)) ? [`${c}:write`] : []),
      ]),
    ];
    expect([...API_KEY_SCOPES].sort()).toEqual(expected.sort());
  });
});

describe('what the issue reported', () => {
  it('a read-only key reads but cannot create users, delete wallets or add webhooks', async () => {
    const key = keys.get('read')!;
    const base = `/projects/${projectId}/test`;
    expect((await api('GET', `${base}/wallets`, key)).status).toBe(200);
    const users = await api('POST', `${base}/users`, key, CREATE.users!());
    expect(users.status).toBe(403);
    expect(users.body.error.message).toMatch(/`write` or `users:write`/);
    const wallet = await api('POST', `${base}/wallets`, keys.get('write')!, CREATE.wallets!());
    expect(wallet.status, wallet.text).toBe(201);
    expect((await api('DELETE', `${base}/wallets/${wallet.body.id}`, key)).status).toBe(403);
    expect((await api('POST', `${base}/webhooks`, key, CREATE.webhooks!())).status).toBe(403);
    expect((await api('GET', `${base}/wallets/${wallet.body.id}`, key)).status).toBe(200);
  });

  it('a wallets:write key manages wallets and nothing else', async () => {
    const key = keys.get('wallets:write')!;
    const base = `/projects/${projectId}/test`;
    const w = await api('POST', `${base}/wallets`, key, CREATE.wallets!());
    expect(w.status, w.text).toBe(201);
    expect((await api('GET', `${base}/wallets`, key)).status).toBe(200);
    expect((await api('DELETE', `${base}/wallets/${w.body.id}`, key)).status).toBe(204);
    expect((await api('GET', `${base}/users`, key)).status).toBe(403);
    expect((await api('POST', `${base}/users`, key, CREATE.users!())).status).toBe(403);
  });

  it('scopes are validated on create: unknown or legacy names and an empty list are refused', async () => {
    const p = await newProject('scope-owner-3');
    const path = `/projects/${p.id}/test/api-keys`;
    for (const scopes of [[], ['wallets'], ['admin'], ['wallets:delete']]) {
      const res = await api('POST', path, p.ownerToken, { type: 'secret', name: 'k', scopes });
      expect(res.status, JSON.stringify(scopes)).toBe(400);
    }
    const dflt = await api('POST', path, p.ownerToken, { type: 'secret', name: 'k' });
    expect(dflt.body.scopes).toEqual(['read', 'write']);
    expect(p.body.keys.find((k: any) => k.type === 'secret').scopes).toEqual(['read', 'write']);
  });
});

describe('OpenAPI', () => {
  it('states the scopes of every key-accessible operation and the new error codes', async () => {
    const { body: doc } = await api('GET', '/openapi.json', null);
    const post = doc.paths['/api/v1/projects/{projectId}/{mode}/wallets'].post;
    expect(post.description).toContain('`write`, `wallets:write`');
    expect(doc.paths['/api/v1/projects/{projectId}/{mode}/wallets'].get.description).toContain('`wallets:read`');
    expect(doc.paths['/api/v1/projects/{projectId}/{mode}/api-keys'].get.description).toContain('Secret keys: never');
    expect(post.responses['503']).toBeDefined();
    const codes = JSON.stringify(doc.components.schemas.Error);
    expect(codes).toContain('mfa_required');
    expect(codes).toContain('unavailable');
  });
});
