/**
 * Member invitations. The dashboard invites through Supabase Auth's admin invite (`POST /auth/v1/invite`, service
 * role) with `data: { [INVITED_PROJECT_KEY]: projectId }`; the email links to `/auth/confirm?token_hash=…&type=invite`.
 * After verifying the link and choosing a password, the invited user opens that project, where the data API turns
 * the pending invite (keyed by the verified email) into a membership.
 */
import { PROJECT_ID_PREFIX } from './project-id.ts';

export const INVITED_PROJECT_KEY = 'invited_project_id';

const PROJECT_ID = new RegExp(`^${PROJECT_ID_PREFIX}[A-Za-z0-9-]{1,64}$`);

/** Where an invited user goes after setting a password: the invited project, or `/` when the metadata has none. */
export function invitedProjectPath(metadata: Record<string, unknown> | undefined | null): string {
  const id = metadata?.[INVITED_PROJECT_KEY];
  return typeof id === 'string' && PROJECT_ID.test(id) ? `/${id}` : '/';
}

/** The invite's words, also in the user metadata: the auth server's invite email and the acceptance page show them. */
export const INVITED_PROJECT_NAME_KEY = 'invited_project_name';
export const INVITED_ROLE_KEY = 'invited_role';
export const INVITED_BY_KEY = 'invited_by';

/** A role as the invite words it ("as a developer"). */
export const INVITE_ROLE_WORDS: Record<string, string> = {
  owner: 'an owner',
  admin: 'an admin',
  developer: 'a developer',
  viewer: 'a viewer',
};

export interface InviteDetails {
  projectName: string;
  /** One of the four roles. */
  role: string;
  inviter: string;
}

const shortText = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() && v.trim().length <= max ? v.trim() : null;

/**
 * The invite named in user metadata (written by the dashboard's admin invite), or null when it names none. Only
 * shown as text (escaped), never trusted for access: the membership comes from the invite row.
 */
export function inviteDetails(metadata: Record<string, unknown> | undefined | null): InviteDetails | null {
  const projectName = shortText(metadata?.[INVITED_PROJECT_NAME_KEY], 200);
  const role = shortText(metadata?.[INVITED_ROLE_KEY], 20);
  const inviter = shortText(metadata?.[INVITED_BY_KEY], 320);
  if (!projectName || !role || !Object.hasOwn(INVITE_ROLE_WORDS, role)) return null;
  return { projectName, role, inviter: inviter ?? 'A teammate' };
}
