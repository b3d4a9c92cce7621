import { describe, expect, it } from 'vitest';
import { api, newProject, testEnv, shardOf } from './helpers';
import { ALREADY_EXISTS } from '../../../src/shared/api/user-import';

/**
 * One user per email (case-insensitive) per project and mode (docs/security.md, issue 17.10): a unique index
 * (migration 0025) and `INSERT … ON CONFLICT DO NOTHING` in the import, a 409 on the single create.
 */
const env = testEnv as typeof testEnv & { TEST_MIGRATIONS: { name: string; queries: string[] }[] };

async function runningMigration(p: Awaited<ReturnType<typeof newProject>>, total: number) {
  const base = `/projects/${p.id}/test/auth/migrations`;
  const created = await api('POST', base, p.ownerToken, {
    sourceProvider: 'csv',
    mappingStrategy: 'email',
    totalCount: total,
  });
  expect(created.status, created.text).toBe(201);
  const run = await api('PATCH', `${base}/${created.body.id}`, p.ownerToken, { status: 'running', version: 1 });
  expect(run.status, run.text).toBe(200);
  return `${base}/${created.body.id}`;
}

async function usersWithEmail(projectId: string, emails: string[]) {
  const { results } = await (
    await shardOf(projectId)
  )
    .prepare(
      "SELECT lower(email) AS e, COUNT(*) AS n FROM users WHERE project_id = ? AND mode = 'test' AND lower(email) IN (SELECT value FROM json_each(?)) GROUP BY lower(email)",
    )
    .bind(projectId, JSON.stringify(emails))
    .all<{ e: string; n: number }>();
  return results;
}

describe('one user per email under concurrent import chunks', () => {
  it('two migrations importing the same emails at once create each user once; the rest are "already a user"', async () => {
    const p = await newProject('email-unique-race');
    const N = 40;
    const emails = Array.from({ length: N }, (_, i) => `race.${i}@example.com`);
    const [a, b, c] = await Promise.all([runningMigration(p, N), runningMigration(p, N), runningMigration(p, N)]);
    // Different case in each file: the same address all the same.
    const rows = (upper: boolean) =>
      emails.map((e, i) => ({ row: i + 1, email: upper ? e.toUpperCase() : e, name: `Racer ${i}` }));
    const answers = await Promise.all([
      api('PUT', `${a}/chunks/0`, p.ownerToken, { rows: rows(false) }),
      api('PUT', `${b}/chunks/0`, p.ownerToken, { rows: rows(true) }),
      api('PUT', `${c}/chunks/0`, p.ownerToken, { rows: rows(false) }),
    ]);
    for (const r of answers) expect(r.status, r.text).toBe(200);
    const per = await usersWithEmail(p.id, emails);
    expect(per).toHaveLength(N);
    expect(per.every((x) => x.n === 1)).toBe(true);
    // Nothing lost: every row is either created once or reported, with the reason, in its migration's outcome.
    expect(answers.reduce((s, r) => s + r.body.created, 0)).toBe(N);
    expect(answers.reduce((s, r) => s + r.body.failed, 0)).toBe(2 * N);
    for (const r of answers) {
      expect(r.body.created + r.body.failed).toBe(N);
      expect(r.body.failures.every((f: { reason: string }) => f.reason === ALREADY_EXISTS)).toBe(true);
      expect(r.body.failures.map((f: { row: number }) => f.row)).toEqual(
        [...r.body.failures.map((f: { row: number }) => f.row)].sort((x: number, y: number) => x - y),
      );
    }
    // The stored outcome, the counters and the failures list say the same.
    for (const [url, r] of [a, b, c].map((u, i) => [u, answers[i]!] as const)) {
      const m = await api('GET', url!, p.ownerToken);
      expect(m.body).toMatchObject({ importedCount: r.body.created, failedCount: r.body.failed, status: 'completed' });
      const failures = await api('GET', `${url}/failures`, p.ownerToken);
      expect(failures.body.total).toBe(r.body.failed);
    }
    // Each created user has its one identity; none of a row that lost.
    const { results } = await (
      await shardOf(p.id)
    )
      .prepare("SELECT COUNT(*) AS n FROM linked_accounts WHERE project_id = ? AND mode = 'test'")
      .bind(p.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(N);
  });

  it('the database refuses a second user with the same email in any case (the unique index)', async () => {
    const p = await newProject('email-unique-index');
    const shard = await shardOf(p.id);
    const insert = (id: string, email: string) =>
      shard
        .prepare(
          "INSERT INTO users (id, project_id, mode, email, created_at, updated_at) VALUES (?, ?, 'test', ?, 1, 1)",
        )
        .bind(id, p.id, email)
        .run();
    await insert('pla_idx-1', 'same@example.com');
    await expect(insert('pla_idx-2', 'SAME@example.com')).rejects.toThrow(/UNIQUE/);
    // Another mode is another set of users.
    await shard
      .prepare(
        "INSERT INTO users (id, project_id, mode, email, created_at, updated_at) VALUES ('pla_idx-3', ?, 'live', 'same@example.com', 1, 1)",
      )
      .bind(p.id)
      .run();
  });
});

describe('the single create', () => {
  it('answers 409 at `email` for an email a user of the mode already has (any case), 201 in the other mode', async () => {
    const p = await newProject('email-unique-create');
    const first = await api('POST', `/projects/${p.id}/test/users`, p.secretTest, { email: 'Grace@Example.com' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.email).toBe('grace@example.com');
    const again = await api('POST', `/projects/${p.id}/test/users`, p.secretTest, { email: 'grace@EXAMPLE.com' });
    expect(again.status, again.text).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'conflict',
      message: ALREADY_EXISTS,
      details: [{ path: 'email', message: ALREADY_EXISTS }],
    });
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => api('POST', `/projects/${p.id}/test/users`, p.secretTest, { email: 'hopper@example.com' })),
    );
    expect(concurrent.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const live = await api('POST', `/projects/${p.id}/live/users`, p.secretLive, { email: 'grace@example.com' });
    expect(live.status, live.text).toBe(201);
  });
});

// Run on the directory's own (pre-shard) users table: migration 0025 is of migrations/directory.
describe('migration 0025 on a database that already has duplicates', () => {
  it('does not fail, keeps every user and reports the duplicates (all but the oldest of each email)', async () => {
    const p = await newProject('email-unique-migration');
    const db = testEnv.DB;
    // Back to the schema before 0025.
    await db.batch([
      db.prepare('DROP VIEW user_email_duplicates'),
      db.prepare('DROP INDEX users_email_unique'),
      db.prepare('DROP INDEX users_email_lower'),
      db.prepare('ALTER TABLE users DROP COLUMN email_duplicate_of'),
    ]);
    const rows: [string, string, string | null, number][] = [
      ['pla_dup-a1', 'test', 'twice@example.com', 10],
      ['pla_dup-a2', 'test', 'TWICE@example.com', 20],
      ['pla_dup-a3', 'test', 'Twice@Example.com', 30],
      ['pla_dup-b1', 'test', 'once@example.com', 10],
      ['pla_dup-c1', 'live', 'twice@example.com', 40],
      ['pla_dup-n1', 'test', null, 10],
      ['pla_dup-n2', 'test', null, 10],
    ];
    await db.batch(
      rows.map(([id, mode, email, at]) =>
        db
          .prepare('INSERT INTO users (id, project_id, mode, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
          .bind(id, p.id, mode, email, at, at),
      ),
    );
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0025_'))!;
    expect(migration).toBeDefined();
    for (const q of migration.queries) await db.prepare(q).run();

    const { results: all } = await db
      .prepare('SELECT id FROM users WHERE project_id = ? ORDER BY id')
      .bind(p.id)
      .all<{ id: string }>();
    expect(all.map((r) => r.id)).toEqual(rows.map((r) => r[0]).sort());
    const { results: report } = await db
      .prepare('SELECT user_id, kept_user_id, mode FROM user_email_duplicates WHERE project_id = ? ORDER BY user_id')
      .bind(p.id)
      .all();
    expect(report).toEqual([
      { user_id: 'pla_dup-a2', kept_user_id: 'pla_dup-a1', mode: 'test' },
      { user_id: 'pla_dup-a3', kept_user_id: 'pla_dup-a1', mode: 'test' },
    ]);
    // From now on the index holds: a new duplicate is refused, the single create answers 409. The project as one of
    // an installation from before the shards (shard NULL): its rows are the directory's own, which the API then uses.
    await db.prepare('UPDATE projects SET shard = NULL WHERE id = ?').bind(p.id).run();
    const res = await api('POST', `/projects/${p.id}/test/users`, p.secretTest, { email: 'twice@example.com' });
    expect(res.status, res.text).toBe(409);
  });
});
