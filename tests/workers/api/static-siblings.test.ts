import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { api, newProject } from './helpers';

/**
 * Every static sibling of a parameter route, generated from the route table: a path whose literal segment sits where
 * another route path has a parameter (`…/backend-wallets/challenge` beside `…/backend-wallets/:id`). A method only the
 * parameter route has answers 405 with the sibling's own methods in `Allow`, before anything reaches the `/:id`
 * handler with "challenge" as its id (docs/api.md "Methods").
 */
const paths = [...new Set(API_ROUTES.map((r) => r.path))];
const methodsOf = (path: string) => [...new Set(API_ROUTES.filter((r) => r.path === path).map((r) => r.method))];

/** `general` has a parameter wherever `literal` differs from it, and `literal` has a literal there. */
function shadows(general: string, literal: string): boolean {
  const g = general.split('/');
  const l = literal.split('/');
  if (g.length !== l.length || general === literal) return false;
  let differs = false;
  for (let i = 0; i < g.length; i++) {
    if (g[i] === l[i]) continue;
    if (!g[i]!.startsWith(':') || l[i]!.startsWith(':') || (g[i] === ':mode' && l[i] !== 'live' && l[i] !== 'test'))
      return false;
    differs = true;
  }
  return differs;
}

const CASES = paths.flatMap((sibling) =>
  paths
    .filter((general) => shadows(general, sibling))
    .flatMap((general) =>
      methodsOf(general)
        .filter((m) => !methodsOf(sibling).includes(m))
        .map((method) => ({ method, sibling, general, allow: methodsOf(sibling) })),
    ),
);

let projectId = '';
let ownerToken = '';
beforeAll(async () => {
  const p = await newProject('static-sibling-owner', 'Static siblings');
  projectId = p.id;
  ownerToken = p.ownerToken;
});

const concrete = (path: string) =>
  path.replace(':projectId', projectId).replace(':mode', 'test').replace(/:\w+/g, 'id_missing');

describe('static siblings of parameter routes', () => {
  it('the table finds the siblings the issue names', () => {
    const names = CASES.map((c) => `${c.method} ${c.sibling}`);
    expect(names).toContain('PATCH /projects/:projectId/:mode/auth/migrations/existing-emails');
    expect(names).toContain('PATCH /projects/:projectId/:mode/backend-wallets/challenge');
  });

  it.each(CASES)('$method $sibling answers 405 with Allow (not the route $general)', async (c) => {
    const res = await api(c.method, concrete(c.sibling), ownerToken, c.method === 'GET' ? undefined : { version: 1 });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
    expect(res.headers.get('Allow')!.split(', ').sort()).toEqual([...c.allow].sort());
  });

  it('the parameter route itself still answers its methods', async () => {
    const res = await api('PATCH', `/projects/${projectId}/test/backend-wallets/bwl_missing`, ownerToken, {
      name: 'x',
      version: 1,
    });
    expect(res.status).not.toBe(405);
  });
});
