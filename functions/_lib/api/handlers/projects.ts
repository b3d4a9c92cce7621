import { MODES } from '../../../../src/shared/api/common';
import { newId } from '../../../../src/shared/api/ids';
import {
  projectCreateSchema,
  projectListSpec,
  projectSchema,
  projectUpdateSchema,
  auditEntrySchema,
  auditListSpec,
  projectDeleteQuerySchema,
  trashedProjectSchema,
  trashListSpec,
  TRASH_DAYS,
  TRASH_MS,
} from '../../../../src/shared/api/projects';
import { apiKeyCreatedSchema } from '../../../../src/shared/api/api-keys';
import { listOf } from '../../../../src/shared/api/common';
import { z } from 'zod';
import { listRows, parseJson, updateStmt, type Row, type TableDef } from '../../db/core';
import { auditStmt } from '../../db/audit';
import { attachAuditNames } from '../../db/audit-names';
import { claimInvites, createProjectStatements, projectSettingsStatements, type ProjectRow } from '../../db/projects';
import { mergedListRows } from '../../db/merged-list';
import { placeNewProject, shardAt } from '../../db/shards';
import { defineRoute, type ApiContext, type ApiRoute } from '../context';
import { ApiError, iso, isoStrict, json, notFound } from '../request-response';
import { auditFor, commitCreate, commitUpdate, idempotentReplay } from '../write-commits';
import { makeKey } from './api-keys';

/** API shape of a project row. */
export function projectToApi(row: Row) {
  const r = row as unknown as ProjectRow;
  return {
    id: r.id,
    name: r.name,
    parentId: r.parent_id,
    plan: r.plan,
    ...(r.role ? { role: r.role } : {}),
    modes: [...MODES],
    createdAt: isoStrict(r.created_at),
    updatedAt: isoStrict(r.updated_at),
    version: r.version,
  };
}

/** API shape of a project in the trash. */
function trashedToApi(row: Row) {
  const deletedAt = row.deleted_at as number;
  return {
    ...projectToApi(row),
    deletedAt: isoStrict(deletedAt),
    purgeAt: isoStrict(deletedAt + TRASH_MS),
    deletedBy: (row.deleted_by as string | null) ?? null,
  };
}

/** The user's own lists (projects, trash) are scoped by their `scopeSql`, not by a project. */
const NO_SCOPE = { projectId: '', mode: null };

/** The trash of the signed-in user as a list: the projects they own that are deleted and not yet purged. */
function trashList(userId: string): TableDef {
  return {
    table: 'projects',
    columns: { deletedAt: 'deleted_at', name: 'name' },
    scopeSql: () => ({
      sql: "deleted_at IS NOT NULL AND id IN (SELECT project_id FROM members WHERE user_id = ? AND role = 'owner')",
      args: [userId],
    }),
  };
}

const projectWithKeys = projectSchema.extend({ keys: z.array(apiKeyCreatedSchema) }).meta({ id: 'ProjectCreated' });

function userOf(c: ApiContext) {
  if (c.principal.kind !== 'user') throw new ApiError('forbidden', 'Only signed-in users can do this');
  return c.principal;
}

/** The audit log as a list: project-wide (no mode), filters on their own indexes (migrations 0001, 0010). */
const AUDIT_LOG: TableDef = {
  table: 'audit_log',
  columns: {
    createdAt: 'created_at',
    action: 'action',
    actorId: 'actor_id',
    targetType: 'target_type',
    targetId: 'target_id',
  },
  scopeSql: (s) => ({ sql: 'project_id = ?', args: [s.projectId] }),
};

export const projectRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/projects',
    scope: 'user',
    permission: 'read',
    tag: 'Projects',
    summary: 'List the projects you are a member of',
    list: projectListSpec,
    response: listOf(projectSchema),
    handler: async (c) => {
      const user = userOf(c);
      if (user.email && user.emailVerified)
        await claimInvites(c.directory, { userId: user.userId, email: user.email }, c.now);
      const q = c.query;
      const { rows, total } = await listRows(
        c.directory,
        {
          table: 'projects',
          columns: { createdAt: 'created_at', name: 'name' },
          // Projects in the trash are listed by GET /projects/trash only.
          scopeSql: () => ({
            sql: 'id IN (SELECT project_id FROM members WHERE user_id = ?) AND deleted_at IS NULL',
            args: [user.userId],
          }),
        },
        projectListSpec,
        NO_SCOPE,
        q,
      );
      const ids = rows.map((r) => (r as Row).id as string);
      const roles = ids.length
        ? (
            await c.directory
              .prepare(
                // The page's ids as one JSON parameter: D1 allows at most 100 bound parameters.
                'SELECT project_id, role FROM members WHERE user_id = ? AND project_id IN (SELECT value FROM json_each(?))',
              )
              .bind(user.userId, JSON.stringify(ids))
              .all<{ project_id: string; role: string }>()
          ).results
        : [];
      const roleOf = new Map(roles.map((r) => [r.project_id, r.role]));
      return json({
        data: rows.map((r) => projectToApi({ ...(r as Row), role: roleOf.get((r as Row).id as string) })),
        page: q.page,
        limit: q.limit,
        total,
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/projects',
    scope: 'user',
    permission: 'read',
    tag: 'Projects',
    summary: 'Create a project (you become its owner; keys for both modes are in this response only)',
    body: projectCreateSchema,
    response: projectWithKeys,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const user = userOf(c);
      const body = c.body;
      if (body.parentId) {
        const parent = await c.directory
          .prepare(`SELECT role FROM members WHERE project_id = ? AND user_id = ?`)
          .bind(body.parentId, user.userId)
          .first<{ role: string }>();
        if (!parent) throw notFound('Parent project');
        if (parent.role !== 'owner' && parent.role !== 'admin')
          throw new ApiError('forbidden', 'Only owners and admins of the parent project can add child projects');
      }
      const id = newId('pro');
      const made = await Promise.all(
        MODES.flatMap((mode) => [
          makeKey(mode, 'publishable', `Default ${mode} publishable key`),
          makeKey(mode, 'secret', `Default ${mode} secret key`),
        ]),
      );
      const replay = await idempotentReplay(c, body, c.directory);
      if (replay) return replay;
      // The shard first (docs/architecture.md "Shards"): the settings, then the directory's rows name the shard.
      const shard = await placeNewProject(c.env);
      const shardDb = shardAt(c.env, shard);
      await shardDb.batch(projectSettingsStatements(shardDb, id, c.now));
      const statements = createProjectStatements(c.directory, {
        shard,
        id,
        name: body.name,
        parentId: body.parentId ?? null,
        owner: { userId: user.userId, email: user.email ?? '' },
        now: c.now,
        keys: made.map((m) => m.key),
      });
      const project = projectToApi({
        id,
        name: body.name,
        parent_id: body.parentId ?? null,
        plan: 'free',
        role: 'owner',
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      });
      const keys = made.map((m) => ({
        id: m.key.id,
        type: m.key.type,
        name: m.key.name,
        scopes: m.key.type === 'secret' ? ['read', 'write'] : [],
        publicKey: m.key.publicKey,
        hint: m.key.hint,
        status: 'active' as const,
        createdAt: isoStrict(c.now),
        lastUsedAt: null,
        revokedAt: null,
        expiresAt: null,
        replacedBy: null,
        version: 1,
        secret: m.secret,
      }));
      const response = { ...project, keys };
      return commitCreate(c, {
        statements,
        audit: {
          projectId: id,
          mode: null,
          actor: c.actor,
          action: 'project.created',
          targetType: 'projects',
          targetId: id,
          details: { name: body.name },
          now: c.now,
        },
        body: { ...project, keys: keys.map((k) => ({ ...k, secret: k.type === 'publishable' ? k.secret : null })) },
        response,
        requestBody: body,
        db: c.directory,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/projects/:projectId',
    scope: 'project',
    permission: 'read',
    tag: 'Projects',
    summary: 'Read a project',
    response: projectSchema,
    handler: async (c) => {
      const row = await c.directory
        .prepare('SELECT * FROM projects WHERE id = ?')
        .bind(c.access!.projectId)
        .first<Row>();
      if (!row) throw notFound('Project');
      return json(projectToApi({ ...row, role: c.access!.role }));
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/projects/:projectId',
    scope: 'project',
    permission: 'manage_project',
    tag: 'Projects',
    summary: 'Rename a project',
    body: projectUpdateSchema,
    response: projectSchema,
    handler: async (c) => {
      const body = c.body;
      const id = c.access!.projectId;
      const db = c.directory;
      const row = await commitUpdate<Row>(
        c,
        db
          .prepare(
            'UPDATE projects SET name = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ? RETURNING *',
          )
          .bind(body.name, c.now, id, body.version),
        auditFor(c, 'project.renamed', 'projects', id, { name: body.name }),
        'Project',
        async () => true,
        [],
        c.directory,
      );
      return json(projectToApi({ ...row, role: c.access!.role }));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/projects/:projectId',
    scope: 'project',
    permission: 'delete_project',
    tag: 'Projects',
    summary: `Move a project to the trash for ${TRASH_DAYS} days (owners only; send its current version)`,
    query: projectDeleteQuerySchema,
    response: trashedProjectSchema,
    handler: async (c) => {
      const id = c.access!.projectId;
      const user = userOf(c);
      const row = await commitUpdate<Row>(
        c,
        c.directory
          .prepare(
            `UPDATE projects SET deleted_at = ?1, deleted_by = ?2, updated_at = ?1, version = version + 1
           WHERE id = ?3 AND version = ?4 AND deleted_at IS NULL RETURNING *`,
          )
          .bind(c.now, user.userId, id, c.query.version),
        auditFor(c, 'project.deleted', 'projects', id, { purgeAt: isoStrict(c.now + TRASH_MS) }),
        'Project',
        async () => true,
        [],
        c.directory,
      );
      return json(trashedToApi({ ...row, role: c.access!.role }));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/projects/trash',
    scope: 'user',
    permission: 'read',
    tag: 'Projects',
    summary: `Your projects in the trash (restorable for ${TRASH_DAYS} days; the ones you own), newest first`,
    list: trashListSpec,
    response: listOf(trashedProjectSchema).meta({ id: 'ProjectTrash' }),
    handler: async (c) => {
      const user = userOf(c);
      const q = c.query;
      const { rows, total } = await listRows(c.directory, trashList(user.userId), trashListSpec, NO_SCOPE, q);
      return json({
        data: rows.map((r) => trashedToApi({ ...(r as Row), role: 'owner' })),
        page: q.page,
        limit: q.limit,
        total,
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/projects/:projectId/restore',
    scope: 'project',
    permission: 'delete_project',
    inTrash: true,
    tag: 'Projects',
    summary: 'Restore a project from the trash (owners only): its keys work and its webhooks deliver again',
    response: projectSchema,
    status: 200,
    handler: async (c) => {
      const id = c.access!.projectId;
      const [res] = await c.directory.batch([
        c.directory
          .prepare(
            `UPDATE projects SET deleted_at = NULL, deleted_by = NULL, updated_at = ?1, version = version + 1
           WHERE id = ?2 AND deleted_at IS NOT NULL AND deleted_at > ?3 RETURNING *`,
          )
          // Once its days in the trash are over the purge may have begun (its shard rows go first): too late.
          .bind(c.now, id, c.now - TRASH_MS),
        auditStmt(c.directory, auditFor(c, 'project.restored', 'projects', id), true),
      ]);
      const row = (res!.results as Row[])[0];
      if (!row) throw new ApiError('conflict', 'The project is not in the trash, or its time there is over');
      return json(projectToApi({ ...row, role: c.access!.role }));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/projects/:projectId/audit-log',
    scope: 'project',
    permission: 'read_audit',
    tag: 'Projects',
    summary: 'Every write in the project, newest first',
    list: auditListSpec,
    response: listOf(auditEntrySchema),
    table: AUDIT_LOG,
    handler: async (c) => {
      const q = c.query;
      // The project's actions are recorded in the directory, its data's on its shard: one list over both.
      const { rows, total } = await mergedListRows(
        c.directory === c.db ? [c.db] : [c.directory, c.db],
        AUDIT_LOG,
        auditListSpec,
        { projectId: c.access!.projectId, mode: null },
        q,
      );
      await attachAuditNames(c, c.access!.projectId, rows);
      return json({
        data: rows.map((r) => ({
          id: r.id,
          mode: r.mode,
          actorType: r.actor_type,
          actorId: r.actor_id,
          actorName: r._actor_name,
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          targetName: r._target_name,
          details: parseJson(r.details, {}),
          createdAt: iso(r.created_at as number),
        })),
        page: q.page,
        limit: q.limit,
        total,
      });
    },
  }),
];

export { auditStmt, updateStmt };
