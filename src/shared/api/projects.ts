import { z } from 'zod';
import { MODES, nameField, roleSchema, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { INVITE_EMAIL_STATUSES, MEMBER_STATUSES } from './member-list.ts';
export { projectListSpec, auditListSpec, trashListSpec } from './collections.ts';
export { memberListSpec } from './member-list.ts';

export const projectSchema = z
  .object({
    id: idSchema('pro'),
    name: z.string(),
    parentId: idSchema('pro').nullable(),
    plan: z.string(),
    role: roleSchema.optional(),
    modes: z.array(z.enum(MODES)),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

/** Days a deleted project stays in the trash (restorable by an owner) before the scheduled purge removes it. */
export const TRASH_DAYS = 7;
export const TRASH_MS = TRASH_DAYS * 86_400_000;

/** A project in the trash: hidden from lists, its keys refused, its webhooks paused until restored or purged. */
export const trashedProjectSchema = projectSchema
  .extend({
    deletedAt: timestamp,
    /** When the scheduled work removes it with all its data (deletedAt + 7 days). */
    purgeAt: timestamp,
    /** The user who deleted it. */
    deletedBy: z.string().nullable(),
  })
  .meta({ id: 'TrashedProject' });
export type TrashedProject = z.infer<typeof trashedProjectSchema>;

/** `DELETE /projects/{id}?version=N`: the project's current version, as every edit sends it (409 when stale). */
export const projectDeleteQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Send the project’s current version: DELETE /projects/{id}?version=N' })
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER),
});

export const projectCreateSchema = z
  .strictObject({ name: nameField, parentId: idSchema('pro').optional() })
  .meta({ id: 'ProjectCreate' });
export const projectUpdateSchema = z
  .strictObject({ name: nameField, version: versionField })
  .meta({ id: 'ProjectUpdate' });

export const memberSchema = z
  .object({
    /** The member's `userId`, or the invite's `inviteId`: unique in the list. */
    id: z.string(),
    userId: z.string().nullable(),
    inviteId: idSchema('inv').nullable(),
    email: z.string(),
    name: z.string().nullable(),
    role: roleSchema,
    status: z.enum(MEMBER_STATUSES),
    /** Joined (members) or last sent (invites). */
    createdAt: timestamp,
    expiresAt: timestamp.nullable(),
    version: z.number().int(),
    /** Invites only (null for members): whether the invite email went out (docs/api.md "Invites and their email"). */
    emailStatus: z.enum(INVITE_EMAIL_STATUSES).nullable(),
    emailSentAt: timestamp.nullable(),
    /** Why the last email was not sent (`emailStatus` = `failed`). */
    emailError: z.string().nullable(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const memberInviteSchema = z
  .strictObject({ email: z.email().max(254), role: roleSchema })
  .meta({ id: 'MemberInvite' });
/**
 * `GET /invites/{inviteId}` (no credentials): what an invite is for, for the page its email link opens. The id is in
 * the invitee's email; nothing else (not the address) is answered.
 */
export const invitePreviewSchema = z
  .object({
    projectName: z.string(),
    role: roleSchema,
    /** The inviter's email, or null when they are no longer a member. */
    invitedBy: z.string().nullable(),
    status: z.enum(['pending', 'expired']),
    expiresAt: timestamp,
  })
  .meta({ id: 'InvitePreview' });
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const memberUpdateSchema = z
  .strictObject({ role: roleSchema, version: versionField })
  .meta({ id: 'MemberUpdate' });

export const auditEntrySchema = z
  .object({
    id: idSchema('aud'),
    mode: z.enum(MODES).nullable(),
    actorType: z.enum(['user', 'key', 'provider']),
    actorId: z.string(),
    /** The API key's name or the member's name (email when unnamed); null when gone. */
    actorName: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    /** The target's name as it is now (a key's or policy's name, a user's name or email, a wallet's address); null when gone. */
    targetName: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    createdAt: timestamp,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
