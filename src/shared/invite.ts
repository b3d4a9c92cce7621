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
