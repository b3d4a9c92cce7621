import { listOf, type Role } from '../../../../src/shared/api/common';
import { newId } from '../../../../src/shared/api/ids';
import { memberInviteSchema, memberSchema, memberUpdateSchema } from '../../../../src/shared/api/projects';
import { auditStmt } from '../../db/audit';
import { ownerCount, type MemberRow } from '../../db/projects';
import type { ApiContext, RouteDef } from '../context';
import { ApiError, forbidden, iso, isoStrict, json, notFound, readJson } from '../http';
import { canManageRole } from '../rbac';
import { auditFor, commitCreate } from '../writes';

const P = '/projects/:projectId/members';
const INVITE_TTL = 24 * 3600_000;

function memberToApi(m: MemberRow) {
  return {
    userId: m.user_id,
    inviteId: null,
    email: m.email,
    name: m.name,
    role: m.role,
    status: 'active' as const,
    createdAt: isoStrict(m.created_at),
    expiresAt: null,
    version: m.version,
  };
}

async function mustMember(c: ApiContext, userId: string): Promise<MemberRow> {
  const m = await c.env.DB.prepare('SELECT * FROM members WHERE project_id = ? AND user_id = ?')
    .bind(c.access!.projectId, userId)
    .first<MemberRow>();
  if (!m) throw notFound('Member');
  return m;
}

/** The last owner can be neither removed nor demoted. */
async function guardLastOwner(c: ApiContext, target: MemberRow, newRole: Role | null) {
  if (target.role === 'owner' && newRole !== 'owner' && (await ownerCount(c.env.DB, c.access!.projectId)) <= 1) {
    throw new ApiError('conflict', 'A project needs at least one owner: make someone else owner first');
  }
}

export const memberRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: P,
    scope: 'project',
    permission: 'read',
    tag: 'Members',
    summary: 'List members and pending invites',
    response: listOf(memberSchema),
    handler: async (c) => {
      const db = c.env.DB;
      const [members, invites] = await db.batch([
        db
          .prepare('SELECT * FROM members WHERE project_id = ? ORDER BY created_at, user_id LIMIT 500')
          .bind(c.access!.projectId),
        db
          .prepare('SELECT * FROM invites WHERE project_id = ? ORDER BY created_at, id LIMIT 500')
          .bind(c.access!.projectId),
      ]);
      const data = [
        ...(members!.results as unknown as MemberRow[]).map(memberToApi),
        ...(invites!.results as Record<string, unknown>[]).map((i) => ({
          userId: null,
          inviteId: i.id as string,
          email: i.email as string,
          name: null,
          role: i.role as Role,
          status: (i.expires_at as number) > c.now ? ('pending' as const) : ('expired' as const),
          createdAt: isoStrict(i.created_at as number),
          expiresAt: iso(i.expires_at as number),
          version: 1,
        })),
      ];
      return json({ data, page: 1, limit: data.length, total: data.length });
    },
  },
  {
    method: 'POST',
    path: P,
    scope: 'project',
    permission: 'manage_members',
    tag: 'Members',
    summary: 'Invite someone by email (pending for 24 h; re-inviting renews)',
    body: memberInviteSchema,
    response: memberSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const body = await readJson(c.request, memberInviteSchema);
      if (!canManageRole(c.access!.role, body.role)) throw forbidden('Only owners can invite owners');
      const email = body.email.toLowerCase();
      const db = c.env.DB;
      const existing = await db
        .prepare('SELECT 1 FROM members WHERE project_id = ? AND email = ?')
        .bind(c.access!.projectId, email)
        .first();
      if (existing) throw new ApiError('conflict', 'This email is already a member');
      // Re-inviting renews the pending invite, which keeps its id: answer and audit that one.
      const pending = await db
        .prepare('SELECT id FROM invites WHERE project_id = ? AND email = ?')
        .bind(c.access!.projectId, email)
        .first<{ id: string }>();
      const id = pending?.id ?? newId('inv');
      const expires = c.now + INVITE_TTL;
      const stmt = db
        .prepare(
          `INSERT INTO invites (id, project_id, email, role, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (project_id, email) DO UPDATE SET role = excluded.role, invited_by = excluded.invited_by, created_at = excluded.created_at, expires_at = excluded.expires_at`,
        )
        .bind(id, c.access!.projectId, email, body.role, c.actor.id, c.now, expires);
      const response = {
        userId: null,
        inviteId: id,
        email,
        name: null,
        role: body.role,
        status: 'pending',
        createdAt: isoStrict(c.now),
        expiresAt: isoStrict(expires),
        version: 1,
      };
      return commitCreate(c, {
        statements: [stmt],
        audit: auditFor(c, 'member.invited', 'invites', id, { email, role: body.role }),
        body: response,
        response,
        requestBody: body,
      });
    },
  },
  {
    method: 'DELETE',
    path: `${P}/invites/:inviteId`,
    scope: 'project',
    permission: 'manage_members',
    tag: 'Members',
    summary: 'Cancel an invite',
    status: 204,
    handler: async (c) => {
      const db = c.env.DB;
      const [res] = await db.batch([
        db.prepare('DELETE FROM invites WHERE id = ? AND project_id = ?').bind(c.params.inviteId, c.access!.projectId),
        auditStmt(db, auditFor(c, 'member.invite_canceled', 'invites', c.params.inviteId!), true),
      ]);
      if (!res!.meta.changes) throw notFound('Invite');
      return new Response(null, { status: 204 });
    },
  },
  {
    method: 'PATCH',
    path: `${P}/:userId`,
    scope: 'project',
    permission: 'manage_members',
    tag: 'Members',
    summary: "Change a member's role (owners only for owner changes: transfer ownership)",
    body: memberUpdateSchema,
    response: memberSchema,
    handler: async (c) => {
      const body = await readJson(c.request, memberUpdateSchema);
      const target = await mustMember(c, c.params.userId!);
      if (!canManageRole(c.access!.role, target.role) || !canManageRole(c.access!.role, body.role))
        throw forbidden('Only owners can change owners or grant ownership');
      await guardLastOwner(c, target, body.role);
      const db = c.env.DB;
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
  },
  {
    method: 'DELETE',
    path: `${P}/:userId`,
    scope: 'project',
    permission: 'read',
    tag: 'Members',
    summary: 'Remove a member (admins and owners; anyone may leave)',
    status: 204,
    handler: async (c) => {
      const target = await mustMember(c, c.params.userId!);
      const self = c.principal.kind === 'user' && c.principal.userId === target.user_id;
      if (!self && !canManageRole(c.access!.role, target.role))
        throw forbidden(target.role === 'owner' ? 'Only owners can remove owners' : undefined);
      await guardLastOwner(c, target, null);
      const db = c.env.DB;
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
  },
];
