import { listOf, type Role } from '../../../../src/shared/api/common';
import { idSchema, newId } from '../../../../src/shared/api/ids';
import type { Filter, ListQuery } from '../../../../src/shared/api/list-params';
import {
  INVITE_TTL_MS,
  memberListSpec,
  type InviteEmailStatus,
  type MemberStatus,
} from '../../../../src/shared/api/member-list';
import {
  invitePreviewSchema,
  memberInviteSchema,
  memberSchema,
  memberUpdateSchema,
} from '../../../../src/shared/api/projects';
import { auditStmt } from '../../db/audit';
import { whereClause, type TableDef } from '../../db/core';
import { ownerCount, type MemberRow } from '../../db/projects';
import { sendInviteEmail, type InviteEmailResult, type InviteWords } from '../auth-admin';
import { sendTransactional } from '../../mail/transactional';
import { inviteNotification } from '../../mail/invite-notification';
import { defineRoute, type ApiContext, type ApiRoute } from '../context';
import { ApiError, forbidden, iso, isoStrict, json, notFound } from '../request-response';
import { canManageRole } from '../rbac';
import { auditFor, checkIdempotencyKey, rememberAnswer } from '../write-commits';

const P = '/projects/:projectId/members';

interface InviteRow {
  id: string;
  project_id: string;
  email: string;
  role: Role;
  invited_by: string;
  created_at: number;
  expires_at: number;
  email_status: InviteEmailStatus;
  email_sent_at: number | null;
  email_error: string | null;
}

function memberToApi(m: MemberRow) {
  return {
    id: m.user_id,
    userId: m.user_id,
    inviteId: null,
    email: m.email,
    name: m.name,
    role: m.role,
    status: 'active' as const,
    createdAt: isoStrict(m.created_at),
    expiresAt: null,
    version: m.version,
    emailStatus: null,
    emailSentAt: null,
    emailError: null,
  };
}

function inviteToApi(i: InviteRow, now: number) {
  return {
    id: i.id,
    userId: null,
    inviteId: i.id,
    email: i.email,
    name: null,
    role: i.role,
    status: (i.expires_at > now ? 'pending' : 'expired') as MemberStatus,
    createdAt: isoStrict(i.created_at),
    expiresAt: iso(i.expires_at),
    version: 1,
    emailStatus: i.email_status,
    emailSentAt: iso(i.email_sent_at),
    emailError: i.email_error,
  };
}

/**
 * Members and invites of the project as one list (`m`): members are `active`, invites `pending` until `expires_at`,
 * then `expired`. A project holds a team, not millions of rows: the union is filtered and sorted whole (both parts on
 * their `project_id` indexes), then paged.
 */
const UNION = `WITH m AS (
  SELECT user_id AS id, user_id, NULL AS invite_id, email, name, role, 'active' AS status, created_at,
         NULL AS expires_at, version, NULL AS email_status, NULL AS email_sent_at, NULL AS email_error
    FROM members WHERE project_id = ?
  UNION ALL
  SELECT id, NULL, id, email, NULL, role, CASE WHEN expires_at > ? THEN 'pending' ELSE 'expired' END, created_at,
         expires_at, 1, email_status, email_sent_at, email_error
    FROM invites WHERE project_id = ?
)`;
const LIST: TableDef = {
  table: 'm',
  columns: {
    status: 'status',
    role: 'role',
    email: 'email',
    nameOrEmail: `(COALESCE(name, '') || ' ' || email)`,
  },
  scopeSql: () => ({ sql: '1', args: [] }),
};
const SORT: Record<string, string> = {
  createdAt: 'created_at',
  email: 'email',
  role: `CASE role WHEN 'owner' THEN 3 WHEN 'admin' THEN 2 WHEN 'developer' THEN 1 ELSE 0 END`,
};

async function listMembers(c: ApiContext, q: ListQuery) {
  const db = c.directory;
  // Addresses are stored in lower case.
  const filters: Filter[] = q.filters.map((f) =>
    f.field === 'email' && typeof f.value === 'string' ? { ...f, value: f.value.toLowerCase() } : f,
  );
  const where = whereClause(LIST, memberListSpec, { projectId: '', mode: null }, filters);
  const head = [c.access!.projectId, c.now, c.access!.projectId];
  const dir = q.order.dir === 'asc' ? 'ASC' : 'DESC';
  const page = db
    .prepare(
      `${UNION} SELECT * FROM m WHERE ${where.sql} ORDER BY ${SORT[q.order.field]} ${dir}, id ${dir} LIMIT ? OFFSET ?`,
    )
    .bind(...head, ...where.args, q.limit, (q.page - 1) * q.limit);
  if (q.total !== undefined) return { rows: (await page.all<Record<string, unknown>>()).results, total: q.total };
  const [rows, count] = await db.batch([
    page,
    db.prepare(`${UNION} SELECT COUNT(*) AS n FROM m WHERE ${where.sql}`).bind(...head, ...where.args),
  ]);
  return {
    rows: rows!.results as Record<string, unknown>[],
    total: Number((count!.results[0] as { n: number } | undefined)?.n ?? 0),
  };
}

/**
 * Sends the invite's one email and records the outcome on the row, which was written first as `unsent`: the row never
 * says "sent" unless the mail went out. A new address gets Supabase Auth's invite (naming the project, the role and who
 * invited, from the user metadata); an existing account, to which Supabase sends nothing, gets the dashboard's own
 * notification with a link that signs them in and opens the project (docs/api.md "Invites and their email"). A failure
 * of the auth server is thrown after it is recorded (the invite stays, marked `failed` with the reason).
 */
async function emailInvite(c: ApiContext, invite: InviteRow): Promise<InviteRow> {
  const project = await c.directory
    .prepare('SELECT name FROM projects WHERE id = ?')
    .bind(invite.project_id)
    .first<{ name: string }>();
  const words = {
    projectId: invite.project_id,
    projectName: project?.name ?? 'a project',
    role: invite.role,
    inviter: (c.principal.kind === 'user' && c.principal.email) || 'A teammate',
  };
  const result = await sendInviteEmail(c.env, invite.email, words);
  const notified = result.status === 'existing_account' ? await notifyExistingAccount(c, invite, words) : null;
  const recorded: InviteRow = {
    ...invite,
    email_status: result.status,
    email_sent_at: result.status === 'sent' || notified?.ok ? c.now : invite.email_sent_at,
    email_error: result.status === 'failed' ? result.message : notified && !notified.ok ? notified.message : null,
  };
  await c.directory
    .prepare('UPDATE invites SET email_status = ?, email_sent_at = ?, email_error = ? WHERE id = ? AND project_id = ?')
    .bind(recorded.email_status, recorded.email_sent_at, recorded.email_error, invite.id, c.access!.projectId)
    .run();
  if (result.status === 'failed') throw inviteEmailFailed(invite, result);
  return recorded;
}

/**
 * The invite notification of an existing account, through the dashboard's transactional mail. A failure is recorded in
 * words for the team (the mail server's own answer, with its host and port, goes to the log only).
 */
async function notifyExistingAccount(c: ApiContext, invite: InviteRow, words: InviteWords) {
  const mail = inviteNotification({
    ...words,
    // `invite` lets the sign-in page say what the invite is for (GET /invites/{inviteId}).
    link: `${c.url.origin}/auth/login?${new URLSearchParams({ redirectTo: `/${invite.project_id}`, invite: invite.id })}`,
  });
  const sent = await sendTransactional(c.env, { to: invite.email, ...mail });
  if (sent.ok || sent.reason === 'not_configured') return sent;
  return { ok: false as const, message: 'The dashboard’s mail server did not take the message' };
}

function inviteEmailFailed(invite: InviteRow, r: Extract<InviteEmailResult, { status: 'failed' }>): ApiError {
  const kept = 'The invite is kept, marked as not sent: resend or revoke it in the list';
  if (r.kind === 'address')
    return new ApiError('bad_request', `No invite email went to ${invite.email}: ${r.message}. ${kept}`, [
      { path: 'email', message: r.message },
    ]);
  const err = new ApiError('unavailable', `No invite email went to ${invite.email}: ${r.message}. ${kept}`, {
    inviteId: invite.id,
    emailStatus: 'failed',
    reason: r.message,
  });
  if (r.retryAfterSeconds) err.headers = { 'Retry-After': String(r.retryAfterSeconds) };
  return err;
}

/** How long an invite's email counts as being sent (`unsent` and younger): a renewal then waits for it. */
const IN_FLIGHT_MS = 60_000;

/**
 * The `member.invited` audit entry, written only when the invite statement just before it in the batch changed its
 * row, and naming the id stored for the address (a renewal keeps the first invite's id).
 */
function inviteAudit(c: ApiContext, email: string, role: Role): D1PreparedStatement {
  const e = auditFor(c, 'member.invited', 'invites', null, { email, role });
  return c.directory
    .prepare(
      `INSERT INTO audit_log (id, project_id, mode, actor_type, actor_id, action, target_type, target_id, details, created_at)
     SELECT ?, ?, ?, ?, ?, ?, ?, id, ?, ? FROM invites WHERE project_id = ? AND email = ? AND changes() = 1`,
    )
    .bind(
      newId('aud'),
      e.projectId,
      e.mode,
      e.actor.type,
      e.actor.id,
      e.action,
      e.targetType,
      JSON.stringify(e.details),
      e.now,
      e.projectId,
      email,
    );
}

async function mustInvite(c: ApiContext, inviteId: string): Promise<InviteRow> {
  const row = await c.directory
    .prepare('SELECT * FROM invites WHERE id = ? AND project_id = ?')
    .bind(inviteId, c.access!.projectId)
    .first<InviteRow>();
  if (!row) throw notFound('Invite');
  return row;
}

async function assertNotMember(c: ApiContext, email: string) {
  const existing = await c.directory
    .prepare('SELECT 1 FROM members WHERE project_id = ? AND email = ?')
    .bind(c.access!.projectId, email)
    .first();
  if (existing)
    throw new ApiError('conflict', 'This email is already a member', [
      { path: 'email', message: 'Already a member of this project' },
    ]);
}

async function mustMember(c: ApiContext, userId: string): Promise<MemberRow> {
  const m = await c.directory
    .prepare('SELECT * FROM members WHERE project_id = ? AND user_id = ?')
    .bind(c.access!.projectId, userId)
    .first<MemberRow>();
  if (!m) throw notFound('Member');
  return m;
}

/** The last owner can be neither removed nor demoted. */
async function guardLastOwner(c: ApiContext, target: MemberRow, newRole: Role | null) {
  if (target.role === 'owner' && newRole !== 'owner' && (await ownerCount(c.directory, c.access!.projectId)) <= 1) {
    throw new ApiError('conflict', 'A project needs at least one owner: make someone else owner first');
  }
}

const INVITE_ID = idSchema('inv');

export const memberRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/invites/:inviteId',
    scope: 'public',
    permission: 'read',
    tag: 'Members',
    summary:
      'What an invite is for (no credentials; the id is in the invitee’s email): the project’s name, the role, who invited, pending or expired. 404 once it is accepted or revoked',
    response: invitePreviewSchema,
    handler: async (c) => {
      const id = c.params.inviteId;
      const row = INVITE_ID.safeParse(id).success
        ? await c.directory
            .prepare(
              `SELECT i.role, i.expires_at, p.name AS project_name, m.email AS inviter FROM invites i
               JOIN projects p ON p.id = i.project_id AND p.deleted_at IS NULL
               LEFT JOIN members m ON m.project_id = i.project_id AND m.user_id = i.invited_by
             WHERE i.id = ?`,
            )
            .bind(id)
            .first<{ role: Role; expires_at: number; project_name: string; inviter: string | null }>()
        : null;
      if (!row) throw new ApiError('not_found', 'This invite was accepted or revoked, or the link is not complete');
      return json({
        projectName: row.project_name,
        role: row.role,
        invitedBy: row.inviter,
        status: row.expires_at > c.now ? 'pending' : 'expired',
        expiresAt: isoStrict(row.expires_at),
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: P,
    scope: 'project',
    permission: 'read',
    tag: 'Members',
    summary: 'List members and invites (pending and expired); without `limit`, up to 100 rows',
    list: memberListSpec,
    // A plain GET answers a whole team (screens read members for names); the dashboard's list sends its own limit.
    listDefaultLimit: 100,
    response: listOf(memberSchema),
    handler: async (c) => {
      const q = c.query;
      const { rows, total } = await listMembers(c, q);
      const data = rows.map((r) =>
        r.user_id === null ? inviteToApi(r as unknown as InviteRow, c.now) : memberToApi(r as unknown as MemberRow),
      );
      return json({ data, page: q.page, limit: q.limit, total });
    },
  }),
  defineRoute({
    method: 'POST',
    path: P,
    scope: 'project',
    permission: 'manage_members',
    tag: 'Members',
    summary:
      'Invite someone by email: Supabase Auth emails them a link (pending for 24 h; re-inviting renews and sends again). ' +
      '503 (or 400 for an address the auth server refuses) when no email went out: the invite is kept, marked `failed`',
    body: memberInviteSchema,
    response: memberSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const body = c.body;
      if (!canManageRole(c.access!.role, body.role)) throw forbidden('Only owners can invite owners');
      const email = body.email.toLowerCase();
      await assertNotMember(c, email);
      const replay = await checkIdempotencyKey(c, body, c.directory);
      if (replay) return replay;
      const db = c.directory;
      const projectId = c.access!.projectId;
      // Re-inviting renews the pending invite, which keeps its id: the role rule of resend applies to it too (an admin
      // cannot turn an owner's invite into a viewer's).
      const pending = await db
        .prepare('SELECT role FROM invites WHERE project_id = ? AND email = ?')
        .bind(projectId, email)
        .first<{ role: Role }>();
      if (pending && !canManageRole(c.access!.role, pending.role))
        throw forbidden('Only owners can change or renew an invite to an owner');
      // One invite per address (unique index on project and email). The insert (or renewal) claims the email: a
      // renewal whose email is still being sent by another request (`unsent`, less than a minute old) changes nothing,
      // so concurrent invites of one address send one email. The audit entry names the id the statement returned.
      const ownerRule = canManageRole(c.access!.role, 'owner') ? 1 : 0;
      const [res] = await db.batch([
        db
          .prepare(
            `INSERT INTO invites (id, project_id, email, role, invited_by, created_at, expires_at, email_status) VALUES (?, ?, ?, ?, ?, ?, ?, 'unsent')
             ON CONFLICT (project_id, email) DO UPDATE SET role = excluded.role, invited_by = excluded.invited_by, created_at = excluded.created_at,
               expires_at = excluded.expires_at, email_status = 'unsent', email_error = NULL
             WHERE (invites.email_status != 'unsent' OR invites.created_at < ?) AND (invites.role != 'owner' OR ? = 1)
             RETURNING *`,
          )
          .bind(
            newId('inv'),
            projectId,
            email,
            body.role,
            c.actor.id,
            c.now,
            c.now + INVITE_TTL_MS,
            c.now - IN_FLIGHT_MS,
            ownerRule,
          ),
        inviteAudit(c, email, body.role),
      ]);
      const claimed = res!.results[0] as InviteRow | undefined;
      if (!claimed) {
        // Another request is sending this address its invite right now: answer that invite, send nothing more.
        const current = await db
          .prepare('SELECT * FROM invites WHERE project_id = ? AND email = ?')
          .bind(projectId, email)
          .first<InviteRow>();
        if (!current) throw new ApiError('conflict', 'The invite was changed at the same time: try again');
        if (!canManageRole(c.access!.role, current.role))
          throw forbidden('Only owners can change or renew an invite to an owner');
        return json(inviteToApi(current, c.now), 201);
      }
      const invite = await emailInvite(c, claimed);
      const answer = inviteToApi(invite, c.now);
      await rememberAnswer(c, c.access!.projectId, body, 201, answer, c.directory);
      return json(answer, 201);
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/invites/:inviteId/resend`,
    scope: 'project',
    permission: 'manage_members',
    tag: 'Members',
    summary: 'Send an invite again: a new email and link, valid 24 h from now (errors as for inviting)',
    response: memberSchema,
    status: 200,
    handler: async (c) => {
      const current = await mustInvite(c, c.params.inviteId);
      if (!canManageRole(c.access!.role, current.role)) throw forbidden('Only owners can resend invites to owners');
      await assertNotMember(c, current.email);
      const db = c.directory;
      const [res] = await db.batch([
        db
          .prepare(
            `UPDATE invites SET created_at = ?, expires_at = ?, invited_by = ?, email_status = 'unsent', email_error = NULL
             WHERE id = ? AND project_id = ? RETURNING *`,
          )
          .bind(c.now, c.now + INVITE_TTL_MS, c.actor.id, current.id, c.access!.projectId),
        auditStmt(
          db,
          auditFor(c, 'member.invite_resent', 'invites', current.id, { email: current.email, role: current.role }),
          true,
        ),
      ]);
      const row = res!.results[0] as InviteRow | undefined;
      if (!row) throw notFound('Invite');
      return json(inviteToApi(await emailInvite(c, row), c.now));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${P}/invites/:inviteId`,
    scope: 'project',
    permission: 'manage_members',
    tag: 'Members',
    summary: 'Cancel an invite',
    status: 204,
    handler: async (c) => {
      const current = await mustInvite(c, c.params.inviteId);
      if (!canManageRole(c.access!.role, current.role)) throw forbidden('Only owners can revoke invites to owners');
      const db = c.directory;
      // The role is checked again in the DELETE, so a concurrent renewal as owner cannot slip through.
      const [res] = await db.batch([
        db
          .prepare(`DELETE FROM invites WHERE id = ? AND project_id = ? AND (role != 'owner' OR ? = 1)`)
          .bind(current.id, c.access!.projectId, canManageRole(c.access!.role, 'owner') ? 1 : 0),
        auditStmt(db, auditFor(c, 'member.invite_canceled', 'invites', c.params.inviteId), true),
      ]);
      if (!res!.meta.changes) throw notFound('Invite');
      return new Response(null, { status: 204 });
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: `${P}/:userId`,
    scope: 'project',
    permission: 'manage_members',
    tag: 'Members',
    summary: "Change a member's role (owners only for owner changes: transfer ownership)",
    body: memberUpdateSchema,
    response: memberSchema,
    handler: async (c) => {
      const body = c.body;
      const target = await mustMember(c, c.params.userId);
      if (!canManageRole(c.access!.role, target.role) || !canManageRole(c.access!.role, body.role))
        throw forbidden('Only owners can change owners or grant ownership');
      await guardLastOwner(c, target, body.role);
      const db = c.directory;
      // The owner-count guard is repeated inside the UPDATE so two concurrent demotions cannot both pass.
      const [res] = await db.batch([
        db
          .prepare(
            `UPDATE members SET role = ?, updated_at = ?, version = version + 1 WHERE project_id = ? AND user_id = ? AND version = ?
             AND (role != 'owner' OR ? = 'owner' OR (SELECT COUNT(*) FROM members WHERE project_id = ? AND role = 'owner') > 1) RETURNING *`,
          )
          .bind(body.role, c.now, c.access!.projectId, target.user_id, body.version, body.role, c.access!.projectId),
        auditStmt(
          db,
          auditFor(c, 'member.role_changed', 'members', target.user_id, { from: target.role, to: body.role }),
          true,
        ),
      ]);
      const row = res!.results[0] as MemberRow | undefined;
      if (!row) throw new ApiError('conflict', 'Member was changed by someone else: reload and try again');
      return json(memberToApi(row));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${P}/:userId`,
    scope: 'project',
    permission: 'read',
    tag: 'Members',
    summary: 'Remove a member (admins and owners; anyone may leave)',
    status: 204,
    handler: async (c) => {
      const target = await mustMember(c, c.params.userId);
      const self = c.principal.kind === 'user' && c.principal.userId === target.user_id;
      if (!self && !canManageRole(c.access!.role, target.role))
        throw forbidden(target.role === 'owner' ? 'Only owners can remove owners' : undefined);
      await guardLastOwner(c, target, null);
      const db = c.directory;
      const [res] = await db.batch([
        db
          .prepare(
            `DELETE FROM members WHERE project_id = ? AND user_id = ? AND (role != 'owner' OR (SELECT COUNT(*) FROM members WHERE project_id = ? AND role = 'owner') > 1)`,
          )
          .bind(c.access!.projectId, target.user_id, c.access!.projectId),
        auditStmt(db, auditFor(c, 'member.removed', 'members', target.user_id, { role: target.role }), true),
      ]);
      if (!res!.meta.changes) throw new ApiError('conflict', 'A project needs at least one owner');
      return new Response(null, { status: 204 });
    },
  }),
];
