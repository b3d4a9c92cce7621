import { DataList } from '../../components/data-list/data-list';
import { userListSpec } from '../../shared/api/collections';
import { projectPath } from '../../shared/routes';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { CreateUserButton, userColumns, userSearch } from './list-bits';
import { UsersTabs } from './users-tabs';
import type { User } from './types';
import { userRowLabel } from './early-rows';

/** The users section: every user of the project and mode (signed-in, guests and API-created); a row opens the user. */
export function UsersPage() {
  const route = useProjectRoute();
  const apiPath = useModePath();
  const canWrite = useCan('write_data');
  const mode = route?.mode ?? 'test';
  const projectId = route?.projectId ?? '';

  return (
    <>
      <div className="grid grid-cols-1 gap-4">
        <UsersTabs projectId={projectId} mode={mode} current="all" />
        <DataList<User>
          label="Users"
          listKey="users"
          apiPath={apiPath && `${apiPath}/users`}
          spec={userListSpec}
          columns={userColumns(true)}
          chips={[
            {
              field: 'authenticated',
              label: 'Authenticated',
              op: 'eq',
              options: [
                { value: true, label: 'Yes' },
                { value: false, label: 'No' },
              ],
            },
          ]}
          search={userSearch(projectId, mode, true)}
          rowLabel={userRowLabel}
          onOpen={(u) => location.assign(projectPath(projectId, mode, `/users/${u.id}`))}
          empty={{
            title: 'No users yet',
            description:
              'Users appear here when they sign in to your app, or when you create one (here, or with POST /users).',
            action:
              canWrite && apiPath ? (
                <CreateUserButton apiPath={apiPath} projectId={projectId} mode={mode} />
              ) : undefined,
          }}
          csv={{ filename: `users-${mode}.csv` }}
          actions={canWrite && apiPath && <CreateUserButton apiPath={apiPath} projectId={projectId} mode={mode} />}
        />
      </div>
    </>
  );
}

export default UsersPage;
