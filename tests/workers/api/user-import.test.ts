import { describe, expect, it } from 'vitest';
import { addMember, api, newProject, token, shardOf } from './helpers';
import { ALREADY_EXISTS, DUPLICATE_IN_FILE, IDENTITY_TAKEN } from '../../../src/shared/api/user-import';

/** A project with one migration of `total` rows, set running (unless `run` is false). */
async function migration(owner: string, total: number, run = true) {
  const p = await newProject(owner);
  const base = `/projects/${p.id}/test/auth/migrations`;
  const created = await api('POST', base, p.ownerToken, {
    sourceProvider: 'csv',
    mappingStrategy: 'email',
    totalCount: total,
  });
  expect(created.status, created.text).toBe(201);
  let m = created.body;
  if (run) {
    const res = await api('PATCH', `${base}/${m.id}`, p.ownerToken, { status: 'running', version: m.version });
    expect(res.status, res.text).toBe(200);
    m = res.body;
  }
  const chunk = (index: number, rows: unknown[], t = p.ownerToken) =>
    api('PUT', `${base}/${m.id}/chunks/${index}`, t, { rows });
  const setStatus = async (status: string) => {
    const cur = await api('GET', `${base}/${m.id}`, p.ownerToken);
    return api('PATCH', `${base}/${m.id}`, p.ownerToken, { status, version: cur.body.version });
  };
  return { ...p, base, m, chunk, setStatus, url: `${base}/${m.id}` };
}

const rows = (from: number, n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    row: from + i,
    email: `${tag}.${from + i}@example.com`,
    name: `U ${from + i}`,
  }));

async function usersCount(projectId: string) {
  const db = await shardOf(projectId);
  const r = await db
    .prepare("SELECT COUNT(*) AS n FROM users WHERE project_id = ? AND mode = 'test'")
    .bind(projectId)
    .first<{ n: number }>();
  const counter = await db
    .prepare(
      "SELECT n FROM row_counts WHERE project_id = ? AND mode = 'test' AND tbl = 'users' AND field = '' AND value = ''",
    )
    .bind(projectId)
    .first<{ n: number }>();
  return { rows: r!.n, counter: counter?.n ?? 0 };
}

describe('user import chunks', () => {
  it('creates real users with their identity, counts right, and completes on the last chunk', async () => {
    const p = await migration('imp-basic', 5);
    const res = await p.chunk(0, [
      {
        row: 1,
        email: ' Ada@Example.com ',
        name: 'Ada',
        provider: 'google.com',
        externalId: 'g-1',
        emailVerified: true,
      },
      { row: 2, email: 'not-an-email' },
      { row: 3, email: 'ada@example.com' },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ index: 0, created: 1, failed: 2, replayed: false, status: 'running' });
    expect(res.body.failures).toEqual([
      { row: 2, email: 'not-an-email', reason: 'Not an email address: not-an-email' },
      { row: 3, email: 'ada@example.com', reason: DUPLICATE_IN_FILE(1) },
    ]);
    const users = await api('GET', `/projects/${p.id}/test/users?search=ada`, p.ownerToken);
    const ada = users.body.data.find((u: any) => u.email === 'ada@example.com');
    expect(ada).toMatchObject({ name: 'Ada', emailVerified: true, authenticated: true });
    expect(ada.metadata).toMatchObject({ importedFrom: 'csv', migrationId: p.m.id, externalId: 'g-1' });
    const linked = await api('GET', `/projects/${p.id}/test/users/${ada.id}/linked-accounts`, p.ownerToken);
    expect(linked.body.data).toEqual([expect.objectContaining({ provider: 'google', subject: 'g-1' })]);

    const last = await p.chunk(1, [
      { row: 4, email: 'ada@example.com' },
      { row: 5, email: 'bob@example.com', provider: 'myspace' },
    ]);
    expect(last.body).toMatchObject({ created: 0, failed: 2, status: 'completed', importedCount: 1, failedCount: 4 });
    expect(last.body.failures.map((f: any) => f.reason)).toEqual([ALREADY_EXISTS, 'Unknown provider: myspace']);
    const m = await api('GET', p.url, p.ownerToken);
    expect(m.body).toMatchObject({ status: 'completed', importedCount: 1, failedCount: 4, totalCount: 5 });
    expect(await usersCount(p.id)).toEqual({ rows: 1, counter: 1 });
    const f = await api('GET', `${p.url}/failures`, p.ownerToken);
    expect(f.body.total).toBe(4);
    expect(f.body.data.map((x: any) => x.row)).toEqual([2, 3, 4, 5]);
  });

  it('a retried chunk answers the stored outcome and creates nothing twice (also concurrently)', async () => {
    const p = await migration('imp-idem', 300);
    const first = await p.chunk(0, rows(1, 100, 'idem'));
    expect(first.body).toMatchObject({ created: 100, replayed: false });
    const again = await p.chunk(0, rows(1, 100, 'idem'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 100, failed: 0, replayed: true });
    // Two requests for a new index at once: one imports, the other answers the same outcome.
    const [a, b] = await Promise.all([p.chunk(1, rows(101, 100, 'idem')), p.chunk(1, rows(101, 100, 'idem'))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.created, b.body.created]).toEqual([100, 100]);
    expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
    expect(await usersCount(p.id)).toEqual({ rows: 200, counter: 200 });
    const m = await api('GET', p.url, p.ownerToken);
    expect(m.body).toMatchObject({ importedCount: 200, failedCount: 0, status: 'running' });
  });

  it('pause and cancel refuse new chunks (a stored chunk still answers); resume takes them again', async () => {
    const p = await migration('imp-pause', 30);
    expect((await p.chunk(0, rows(1, 10, 'pz'))).status).toBe(200);
    expect((await p.setStatus('paused')).status).toBe(200);
    const refused = await p.chunk(1, rows(11, 10, 'pz'));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('paused');
    expect((await p.chunk(0, rows(1, 10, 'pz'))).body.replayed).toBe(true);
    expect((await p.setStatus('running')).status).toBe(200);
    expect((await p.chunk(1, rows(11, 10, 'pz'))).body.created).toBe(10);
    expect((await p.setStatus('canceled')).status).toBe(200);
    const afterCancel = await p.chunk(2, rows(21, 10, 'pz'));
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body.error.details.reason).toBe('migration_canceled');
    expect(await usersCount(p.id)).toEqual({ rows: 20, counter: 20 });
  });

  it('a created (not yet run) migration refuses rows; more rows than the total are refused', async () => {
    const p = await migration('imp-created', 3, false);
    expect((await p.chunk(0, rows(1, 3, 'cr'))).status).toBe(409);
    expect((await p.setStatus('running')).status).toBe(200);
    const over = await p.chunk(0, rows(1, 4, 'cr'));
    expect(over.status).toBe(409);
    expect(over.body.error.details.reason).toBe('over_total');
    expect(await usersCount(p.id)).toEqual({ rows: 0, counter: 0 });
  });

  it('existing-emails answers which emails already belong to a user, case-insensitively (admins only)', async () => {
    const p = await migration('imp-existing', 1);
    await p.chunk(0, [{ row: 1, email: 'Here@Example.com' }]);
    const res = await api('POST', `${p.base}/existing-emails`, p.ownerToken, {
      emails: ['here@example.com', 'HERE@example.com ', 'gone@example.com'],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.existing).toEqual(['here@example.com']);
    await addMember(p.id, 'imp-existing-dev', 'developer');
    const dev = await api('POST', `${p.base}/existing-emails`, await token('imp-existing-dev'), { emails: ['a@b.co'] });
    expect(dev.status).toBe(403);
    const other = await newProject('imp-existing-other');
    const foreign = await api('POST', `/projects/${other.id}/test/auth/migrations/existing-emails`, other.ownerToken, {
      emails: ['here@example.com'],
    });
    expect(foreign.body.existing).toEqual([]);
  });

  it('an identity already linked to a user fails the row', async () => {
    const p = await migration('imp-identity', 2);
    await p.chunk(0, [{ row: 1, email: 'one@example.com', provider: 'discord', externalId: 'd-1' }]);
    const res = await p.chunk(1, [{ row: 2, email: 'two@example.com', provider: 'discord', externalId: 'd-1' }]);
    expect(res.body.failures).toEqual([{ row: 2, email: 'two@example.com', reason: IDENTITY_TAKEN }]);
  });

  it.each([
    ['no rows', { rows: [] }, 'rows'],
    ['a row without its number', { rows: [{ email: 'a@example.com' }] }, 'rows.0.row'],
    ['an unknown field', { rows: [{ row: 1, email: 'a@example.com', password: 'x' }] }, 'rows.0'],
  ])('refuses a malformed body: %s', async (_name, body, path) => {
    const p = await migration(`imp-bad-${path}`, 5);
    const res = await api('PUT', `${p.url}/chunks/0`, p.ownerToken, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
  });

  it('refuses a bad index', async () => {
    const p = await migration('imp-bad-index', 5);
    const res = await api('PUT', `${p.url}/chunks/-1`, p.ownerToken, { rows: rows(1, 1, 'bi') });
    expect([400, 404]).toContain(res.status);
  });

  it.each([
    ['viewer', 403, 200],
    ['developer', 403, 200],
    ['admin', 200, 200],
  ])('role %s: chunk %i, failures %i', async (role, chunkStatus, readStatus) => {
    const p = await migration(`imp-role-${role}`, 5);
    await addMember(p.id, `imp-role-${role}-m`, role);
    const t = await token(`imp-role-${role}-m`);
    const res = await p.chunk(0, rows(1, 1, role), t);
    expect(res.status).toBe(chunkStatus);
    expect((await api('GET', `${p.url}/failures`, t)).status).toBe(readStatus);
    expect((await usersCount(p.id)).rows).toBe(chunkStatus === 200 ? 1 : 0);
  });

  it("another project's migration is a 404, through your own project's path too", async () => {
    const a = await migration('imp-iso-a', 5);
    const b = await migration('imp-iso-b', 5);
    const foreign = await api('PUT', `${a.url}/chunks/0`, b.ownerToken, { rows: rows(1, 1, 'iso') });
    expect(foreign.status).toBe(404);
    const viaOwn = await api('PUT', `${b.base}/${a.m.id}/chunks/0`, b.ownerToken, { rows: rows(1, 1, 'iso') });
    expect(viaOwn.status).toBe(404);
    expect((await api('GET', `${b.base}/${a.m.id}/failures`, b.ownerToken)).status).toBe(404);
    // The live mode of the same project does not see the test mode's migration.
    const live = await api('PUT', `/projects/${a.id}/live/auth/migrations/${a.m.id}/chunks/0`, a.ownerToken, {
      rows: rows(1, 1, 'iso'),
    });
    expect(live.status).toBe(404);
    expect((await usersCount(a.id)).rows).toBe(0);
  });

  describe('source (the file and mapping an import reads)', () => {
    const source = {
      fileName: 'users.csv',
      fileSha256: 'a'.repeat(64),
      rowCount: 5,
      mapping: { columns: { email: 'Email', externalId: 'id' }, trim: true, idPrefix: 'x-', idSuffix: '' },
    };

    it('is recorded once: the same again is a 200, another file a 409; read by every role', async () => {
      const p = await migration('imp-src', 5);
      expect((await api('GET', `${p.url}/source`, p.ownerToken)).status).toBe(404);
      const put = await api('PUT', `${p.url}/source`, p.ownerToken, source);
      expect(put.status, put.text).toBe(200);
      expect(put.body).toEqual(source);
      expect((await api('PUT', `${p.url}/source`, p.ownerToken, source)).status).toBe(200);
      const other = await api('PUT', `${p.url}/source`, p.ownerToken, { ...source, fileSha256: 'b'.repeat(64) });
      expect(other.status).toBe(409);
      await addMember(p.id, 'imp-src-viewer', 'viewer');
      const viewer = await token('imp-src-viewer');
      expect((await api('GET', `${p.url}/source`, viewer)).body).toEqual(source);
      expect((await api('PUT', `${p.url}/source`, viewer, source)).status).toBe(403);
    });

    it.each([
      ['fileSha256', { fileSha256: 'nothex' }],
      ['rowCount', { rowCount: 6 }],
      ['mapping.columns', { mapping: { ...source.mapping, columns: { password: 'p' } } }],
    ])('refuses a bad %s at its field', async (path, change) => {
      const p = await migration(`imp-src-bad-${path}`, 5);
      const res = await api('PUT', `${p.url}/source`, p.ownerToken, { ...source, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: any) => d.path).join(' ')).toContain(path);
    });

    it("another project's import is a 404", async () => {
      const a = await migration('imp-src-iso-a', 5);
      const b = await migration('imp-src-iso-b', 5);
      await api('PUT', `${a.url}/source`, a.ownerToken, source);
      expect((await api('GET', `${b.base}/${a.m.id}/source`, b.ownerToken)).status).toBe(404);
      expect((await api('PUT', `${b.base}/${a.m.id}/source`, b.ownerToken, source)).status).toBe(404);
    });
  });
});
