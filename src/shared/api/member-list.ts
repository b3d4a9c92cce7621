/**
 * The members list (`GET /projects/{projectId}/members`): members and invites as one list. Zod-free, so the browser
 * imports these values without zod (docs/architecture.md "Data layer"), like collections.ts.
 */
import type { Role } from './common.ts';
import type { ListSpec } from './list-params.ts';

/** Roles, highest first (the same values as common.ts `ROLES`). */
export const MEMBER_ROLES = ['owner', 'admin', 'developer', 'viewer'] as const satisfies readonly Role[];

/** A member is `active`; an invite is `pending` until it expires (24 h after it was sent), then `expired`. */
export const MEMBER_STATUSES = ['active', 'pending', 'expired'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * Whether an invite's email went out: `sent`; `existing_account` (a confirmed account has the address: Supabase sends
 * no email, the invite is claimed the next time they open the dashboard); `failed` (the reason is in `emailError`);
 * `unsent` (never sent, e.g. stored before invites sent email).
 */
export const INVITE_EMAIL_STATUSES = ['unsent', 'sent', 'existing_account', 'failed'] as const;
export type InviteEmailStatus = (typeof INVITE_EMAIL_STATUSES)[number];

/** Addresses one invite form sends at once. */
export const MAX_INVITES_AT_ONCE = 10;

/** How long an invite (and its email link) is valid. */
export const INVITE_TTL_MS = 24 * 3600_000;

export const memberListSpec: ListSpec = {
  filters: {
    status: { type: 'enum', ops: ['eq', 'in'], values: MEMBER_STATUSES },
    role: { type: 'enum', ops: ['eq', 'in'], values: MEMBER_ROLES },
    email: { type: 'string', ops: ['eq', 'prefix', 'contains'] },
    /** The name or the email contains the text (case-insensitive): what the list's search box sends. */
    nameOrEmail: { type: 'string', ops: ['contains'] },
  },
  sorts: ['createdAt', 'email', 'role'],
  defaultOrder: { field: 'createdAt', dir: 'asc' },
};
