import type { UserSummary } from '../../shared/api/summaries';

/** What a user is called on screen. */
export function userLabel(user: Pick<UserSummary, 'name' | 'email'> | null | undefined): string {
  return user?.name || user?.email || 'Unnamed user';
}
