import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, api, newProject, token } from './helpers';
import { CREATE, PATCH } from './fixtures';

type Who =
  'owner' | 'admin' | 'developer' | 'viewer' | 'nonMember' | 'keySameMode' | 'keyOtherMode' | 'keyOtherProject';
const WHO: Who[] = [
  'owner',
  'admin',
  'developer',
  'viewer',
  'nonMember',
  'keySameMode',
  'keyOtherMode',
  'keyOtherProject',
];
const creds = {} as Record<Who, string>;
let projectId = '';
let ownerToken = '';

/** Collections and the permission their writes need: data (developer+) or admin (keys, auth config). */
const COLLECTIONS: { name: string; writes: 'data' | 'admin'; readsNeedAdmin?: boolean; noDelete?: boolean }[] = [
  { name: 'wallets', writes: 'data' },
  { name: 'users', writes: 'data' },
  { name: 'policies', writes: 'data' },
  { name: 'contracts', writes: 'data' },
  { name: 'backend-wallets', writes: 'data' },
  { name: 'webhooks', writes: 'data' },
  { name: 'events', writes: 'data' },
  { name: 'api-keys', writes: 'admin', readsNeedAdmin: true },
  { name: 'auth/migrations', writes: 'admin', noDelete: true },
];

const isOutsider = (w: Who) => w === 'nonMember' || w === 'keyOtherMode' || w === 'keyOtherProject';
const rank = (w: Who) => ({ owner: 3, admin: 2, developer: 1, keySameMode: 1, viewer: 0 })[w as 'owner'] ?? -1;

function expected(w: Who, c: (typeof COLLECTIONS)[number], method: string): number {
  if (isOutsider(w)) return 404;
  const need = method === 'GET' ? (c.readsNeedAdmin ? 2 : 0) : c.writes === 'admin' ? 2 : 1;
  if (rank(w) < need) return 403;
  return method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200;
}

async function createAsOwner(collection: string): Promise<string> {
  const r = await api('POST', `/projects/${projectId}/test/${collection}`, ownerToken, CREATE[collection]!());
  if (r.status !== 201) throw new Error(`${collection}: ${r.status} ${r.text}`);
  return r.body.id;
}

beforeAll(async () => {
  const a = await newProject('iso-owner', 'Tenant A');
  const b = await newProject('iso-other', 'Tenant B');
  projectId = a.id;
  ownerToken = a.ownerToken;
  for (const role of ['admin', 'developer', 'viewer']) await addMember(a.id, `iso-${role}`, role);
  creds.owner = a.ownerToken;
  creds.admin = await token('iso-admin');
  creds.developer = await token('iso-developer');
  creds.viewer = await token('iso-viewer');
  creds.nonMember = await token('iso-stranger');
  creds.keySameMode = a.secretTest;
  creds.keyOtherMode = a.secretLive;
  creds.keyOtherProject = b.secretTest;
});

describe('tenant isolation matrix (mode-scoped collections, test mode of tenant A)', () => {
  const cases = COLLECTIONS.flatMap((c) =>
    WHO.flatMap((w) => ['LIST', 'POST', 'GET', 'PATCH', ...(c.noDelete ? [] : ['DELETE'])].map((m) => ({ c, w, m }))),
  );
  it.each(cases)('$w $m $c.name', async ({ c, w, m }) => {
    const base = `/projects/${projectId}/test/${c.name}`;
    let res;
    if (m === 'LIST') res = await api('GET', base, creds[w]);
    else if (m === 'POST') res = await api('POST', base, creds[w], CREATE[c.name]!());
    else {
      const id = await createAsOwner(c.name);
      if (m === 'GET') res = await api('GET', `${base}/${id}`, creds[w]);
      else if (m === 'PATCH') res = await api('PATCH', `${base}/${id}`, creds[w], { ...PATCH[c.name], version: 1 });
      else res = await api('DELETE', `${base}/${id}`, creds[w]);
    }
    expect(res.status, res.text).toBe(expected(w, c, m === 'LIST' ? 'GET' : m));
    if (res.status >= 400)
      expect(Object.keys(res.body.error).sort()).toEqual(expect.arrayContaining(['code', 'message']));
  });

  it.each(WHO)('%s reads transactions of tenant A test mode', async (w) => {
    const res = await api('GET', `/projects/${projectId}/test/transactions`, creds[w]);
    expect(res.status).toBe(isOutsider(w) ? 404 : 200);
  });
});

describe('project-level endpoints', () => {
  const table: { m: string; path: string; body?: () => unknown; expect: Record<Who, number> }[] = [
    {
      m: 'GET',
      path: '',
      expect: {
        owner: 200,
        admin: 200,
        developer: 200,
        viewer: 200,
        nonMember: 404,
        keySameMode: 403,
        keyOtherMode: 403,
        keyOtherProject: 404,
      },
    },
    {
      m: 'GET',
      path: '/members',
      expect: {
        owner: 200,
        admin: 200,
        developer: 200,
        viewer: 200,
        nonMember: 404,
        keySameMode: 403,
        keyOtherMode: 403,
        keyOtherProject: 404,
      },
    },
    {
      m: 'POST',
      path: '/members',
      body: () => ({ email: `inv-${crypto.randomUUID()}@example.com`, role: 'viewer' }),
      expect: {
        owner: 201,
        admin: 201,
        developer: 403,
        viewer: 403,
        nonMember: 404,
        keySameMode: 403,
        keyOtherMode: 403,
        keyOtherProject: 404,
      },
    },
    {
      m: 'GET',
      path: '/billing',
      expect: {
        owner: 200,
        admin: 200,
        developer: 200,
        viewer: 200,
        nonMember: 404,
        keySameMode: 403,
        keyOtherMode: 403,
        keyOtherProject: 404,
      },
    },
    {
      m: 'GET',
      path: '/audit-log',
      expect: {
        owner: 200,
        admin: 200,
        developer: 403,
        viewer: 403,
        nonMember: 404,
        keySameMode: 403,
        keyOtherMode: 403,
        keyOtherProject: 404,
      },
    },
  ];
  it.each(table.flatMap((t) => WHO.map((w) => ({ ...t, w }))))(
    '$w $m project$path',
    async ({ m, path, body, expect: exp, w }) => {
      const res = await api(m, `/projects/${projectId}${path}`, creds[w], body?.());
      expect(res.status, res.text).toBe(exp[w]);
    },
  );

  it('rename needs admin; delete needs owner', async () => {
    for (const w of ['developer', 'viewer'] as Who[])
      expect((await api('PATCH', `/projects/${projectId}`, creds[w], { name: 'x', version: 1 })).status).toBe(403);
    expect((await api('DELETE', `/projects/${projectId}`, creds.admin)).status).toBe(403);
    expect((await api('DELETE', `/projects/${projectId}`, creds.nonMember)).status).toBe(404);
    const other = await newProject('iso-owner', 'To delete');
    expect((await api('DELETE', `/projects/${other.id}?version=1`, creds.owner)).status).toBe(200);
    expect((await api('GET', `/projects/${other.id}`, creds.owner)).status).toBe(404);
  });

  it('another tenant’s object id through my own project path is 404', async () => {
    const mine = await newProject('iso-thief', 'Thief');
    const victim = await createAsOwner('wallets');
    const res = await api('GET', `/projects/${mine.id}/test/wallets/${victim}`, mine.ownerToken);
    expect(res.status).toBe(404);
    const patch = await api('PATCH', `/projects/${mine.id}/test/wallets/${victim}`, mine.ownerToken, {
      deployed: true,
      version: 1,
    });
    expect(patch.status).toBe(404);
    const del = await api('DELETE', `/projects/${mine.id}/test/wallets/${victim}`, mine.ownerToken);
    expect(del.status).toBe(404);
    // Referencing it from my project is refused too.
    const tx = await api('POST', `/projects/${mine.id}/test/transactions`, mine.ownerToken, {
      chainId: 1,
      accountId: victim,
      interactions: [{ to: '0x' + '11'.repeat(20) }],
    });
    expect(tx.status).toBe(400);
  });
});
