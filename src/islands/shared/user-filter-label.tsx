import type { User } from '../../shared/api/users';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath } from '../../lib/use-project';
import { userLabel } from './columns';

/** "User: Ada Lovelace" for a `userId` filter (the name is read from the API; the id while it loads). */
export function UserFilterLabel({ userId }: { userId: string }) {
  const base = useModePath();
  const { data } = useApiQuery<User>(base && `${base}/users/${userId}`);
  return (
    <span>
      <span className="font-medium">User</span>: {data ? userLabel(data) : userId.slice(0, 12) + '…'}
    </span>
  );
}
