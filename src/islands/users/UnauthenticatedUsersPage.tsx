import { DataList } from '../../components/data-list/data-list';
import { projectPath } from '../../shared/routes';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { userLabel } from '../shared/columns';
import { CreateUserButton, unauthenticatedSpec, userColumns, userSearch } from './list-bits';
import { UsersTabs } from './users-tabs';
import type { User } from './types';

/** Users created through the API without a sign-in identity (`GET …/unauthenticated-users`). */
export function UnauthenticatedUsersPage() {
  const route = useProjectRoute();
  const apiPath = useModePath();
  const canWrite = useCan('write_data');
  const mode = route?.mode ?? 'test';
  const projectId = route?.projectId ?? '';
  const create =
    canWrite && apiPath ? <CreateUserButton apiPath={apiPath} projectId={projectId} mode={mode} /> : undefined;

  return (
    <>
      <div className="grid grid-cols-1 gap-4">
        <UsersTabs projectId={projectId} mode={mode} current="unauthenticated" />
        <p className="text-sm text-muted-foreground">
          Users your backend created through the API (POST /users), without a sign-in identity: your server acts for
          them, e.g. to give them a wallet before they ever sign in.
        </p>
        <DataList<User>
          label="Unauthenticated users"
          listKey="users-unauthenticated"
          apiPath={apiPath && `${apiPath}/unauthenticated-users`}
          spec={unauthenticatedSpec}
          columns={userColumns(false)}
          search={userSearch(projectId, mode, false)}
          rowLabel={(u) => `User ${userLabel(u)}`}
          onOpen={(u) => location.assign(projectPath(projectId, mode, `/users/${u.id}`))}
          empty={{
            title: 'No unauthenticated users',
            description: 'Create one here or with POST /users: it gets an id your backend can give a wallet to.',
            action: create,
          }}
          actions={create}
        />
      </div>
    </>
  );
}

export default UnauthenticatedUsersPage;
