import { describe, expect, it } from 'vitest';
import { addMember, api, newProject, testEnv, token } from './helpers';

/**
 * Invite rules (docs/api.md "Invites and their email"): the role rule of resend also guards re-inviting and revoking
 * (an admin cannot downgrade or cancel an owner's invite), and one address has one invite, one email and an audit
 * entry naming the invite that exists, however many requests arrive at once.
 */

const FAKE_AUTH = testEnv.PUBLIC_SUPABASE_URL!;
const unique = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function inviteBehaviour(email: string, behaviour: 'ok' | 'slow') {
  await fetch(`${FAKE_AUTH}/__auth/invite-behaviour`, { method: 'POST', body: JSON.stringify({ email, behaviour }) });
}
async function sentTo(email: string): Promise<unknown[]> {
  return (await fetch(`${FAKE_AUTH}/__auth/invites?email=${encodeURIComponent(email)}`)).json();
}
async function invitesFor(projectId: string, email: string) {
  return (
    await testEnv.DB.prepare('SELECT id, role FROM invites WHERE project_id = ? AND lower(email) = ?')
      .bind(projectId, email.toLowerCase())
      .all<{ id: string; role: string }>()
  ).results;
}

describe('the role rule of resend applies to re-inviting and revoking', () => {
  /** An owner's invite (written by the owner), and an admin and an owner of the project. */
  async function ownerInvite(tag: string) {
    const p = await newProject(`${tag}-owner`);
    const email = unique(`${tag}-future-owner`);
    const res = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'owner' });
    expect(res.status, res.text).toBe(201);
    await addMember(p.id, `${tag}-admin`, 'admin');
    return { p, email, inviteId: res.body.inviteId as string, admin: await token(`${tag}-admin`) };
  }

  it.each(['viewer', 'developer', 'admin', 'owner'])(
    'an admin re-inviting an owner’s invite as %s is 403; the invite stays an owner’s, no email',
    async (role) => {
      const { p, email, admin } = await ownerInvite(`reinv-${role}`);
      const before = (await sentTo(email)).length;
      const res = await api('POST', `/projects/${p.id}/members`, admin, { email, role });
      expect(res.status, res.text).toBe(403);
      expect(res.body.error.message).toMatch(/owners/i);
      expect(await invitesFor(p.id, email)).toEqual([expect.objectContaining({ role: 'owner' })]);
      expect(await sentTo(email)).toHaveLength(before);
    },
  );

  it('an admin revoking an owner’s invite is 403 and it stays; the owner can revoke it', async () => {
    const { p, email, inviteId, admin } = await ownerInvite('revoke');
    const refused = await api('DELETE', `/projects/${p.id}/members/invites/${inviteId}`, admin);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error.message).toBe('Only owners can revoke invites to owners');
    expect(await invitesFor(p.id, email)).toHaveLength(1);
    const audit = await testEnv.DB.prepare(
      `SELECT COUNT(*) AS n FROM audit_log WHERE project_id = ? AND action = 'member.invite_canceled'`,
    )
      .bind(p.id)
      .first<{ n: number }>();
    expect(audit!.n).toBe(0);
    expect((await api('DELETE', `/projects/${p.id}/members/invites/${inviteId}`, p.ownerToken)).status).toBe(204);
    expect(await invitesFor(p.id, email)).toEqual([]);
  });

  it('an admin still re-invites and revokes non-owner invites; an unknown invite is 404', async () => {
    const { p, admin } = await ownerInvite('adm-ok');
    const email = unique('adm-ok-dev');
    const first = await api('POST', `/projects/${p.id}/members`, admin, { email, role: 'developer' });
    expect(first.status, first.text).toBe(201);
    const again = await api('POST', `/projects/${p.id}/members`, admin, { email, role: 'viewer' });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ inviteId: first.body.inviteId, role: 'viewer' });
    expect((await api('DELETE', `/projects/${p.id}/members/invites/${first.body.inviteId}`, admin)).status).toBe(204);
    const gone = await api('DELETE', `/projects/${p.id}/members/invites/${first.body.inviteId}`, admin);
    expect(gone.status).toBe(404);
  });
});

describe('one invite per address', () => {
  it('three concurrent invites of one address: one invite, one email, and the audited id is that invite', async () => {
    const p = await newProject('concurrent-owner');
    const email = unique('Concurrent');
    await inviteBehaviour(email, 'slow');
    const answers = await Promise.all(
      ['developer', 'developer', 'developer'].map((role) =>
        api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role }),
      ),
    );
    for (const a of answers) expect(a.status, a.text).toBe(201);
    const rows = await invitesFor(p.id, email);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.inviteId))).toEqual(new Set([rows[0]!.id]));
    expect(await sentTo(email)).toHaveLength(1);
    const audited = await testEnv.DB.prepare(
      `SELECT target_id FROM audit_log WHERE project_id = ? AND action = 'member.invited'`,
    )
      .bind(p.id)
      .all<{ target_id: string }>();
    expect(audited.results.length).toBeGreaterThanOrEqual(1);
    for (const a of audited.results) expect(a.target_id).toBe(rows[0]!.id);
  });

  it('re-inviting after the email went out renews the same invite and sends again', async () => {
    const p = await newProject('renew-owner');
    const email = unique('renew');
    const first = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'viewer' });
    const second = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'admin' });
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({ inviteId: first.body.inviteId, role: 'admin', emailStatus: 'sent' });
    expect(await sentTo(email)).toHaveLength(2);
  });

  it('migration 0024 keeps the newest of duplicate addresses, reports the others in the audit log, and indexes lower(email)', async () => {
    const p = await newProject('dupes-owner');
    const db = testEnv.DB;
    const migration = (
      testEnv as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] }
    ).TEST_MIGRATIONS.find((m) => m.name.startsWith('0024_'))!;
    expect(migration).toBeDefined();
    // The state before the migration: no lower(email) index, two spellings of one address.
    await db.exec('DROP INDEX IF EXISTS invites_project_email_lower');
    const insert = (id: string, email: string, at: number) =>
      db
        .prepare(
          `INSERT INTO invites (id, project_id, email, role, invited_by, created_at, expires_at) VALUES (?, ?, ?, 'viewer', 'x', ?, ?)`,
        )
        .bind(id, p.id, email, at, at + 86_400_000);
    const now = Date.now();
    await db.batch([insert('inv_old', 'Dup@Example.com', now - 1000), insert('inv_new', 'dup@example.com', now)]);
    for (const q of migration.queries) await db.prepare(q).run();
    expect(await invitesFor(p.id, 'dup@example.com')).toEqual([{ id: 'inv_new', role: 'viewer' }]);
    const report = await db
      .prepare(`SELECT target_id, details FROM audit_log WHERE project_id = ? AND action = 'member.invite_merged'`)
      .bind(p.id)
      .all<{ target_id: string; details: string }>();
    expect(report.results).toEqual([{ target_id: 'inv_old', details: expect.any(String) }]);
    expect(JSON.parse(report.results[0]!.details)).toMatchObject({ email: 'Dup@Example.com', keptInviteId: 'inv_new' });
    await expect(insert('inv_again', 'DUP@example.com', now).run()).rejects.toThrow(/UNIQUE/);
  });
});
