/** What the two users lists share: columns, search, the create button. */
import { UserPlus } from 'lucide-react';
import type { Column, ListSearch } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Button } from '../../components/ui/button';
import { CopyText } from '../../components/ui/copy-button';
import { userListSpec } from '../../shared/api/collections';
import type { ListSpec } from '../../shared/api/list-params';
import { objectHref } from '../../shared/object-paths';
import type { Mode } from '../../shared/routes';
import { EmailCell, UserKindBadge } from './labels';
import { useLazyUserForm } from './lazy-form';
import type { User } from './types';

/** The list of `GET …/unauthenticated-users`: the users filters without `authenticated` (fixed to false there). */
export const unauthenticatedSpec: ListSpec = {
  ...userListSpec,
  filters: Object.fromEntries(Object.entries(userListSpec.filters).filter(([f]) => f !== 'authenticated')),
};

function NameCell({ user }: { user: User }) {
  return (
    <span
      className={`block max-w-56 truncate ${user.name ? 'font-medium' : 'text-muted-foreground'}`}
      title={user.name ?? undefined}
    >
      {user.name || 'Unnamed user'}
    </span>
  );
}

/** Columns shared by both lists; `email` only where users can have one. */
export function userColumns(withEmail: boolean): Column<User>[] {
  return [
    { id: 'name', header: 'Name', sort: 'name', cell: (u) => <NameCell user={u} /> },
    ...(withEmail
      ? [
          { id: 'email', header: 'Email', cell: (u: User) => <EmailCell user={u} /> },
          { id: 'kind', header: 'Sign-in', cell: (u: User) => <UserKindBadge user={u} /> },
        ]
      : [
          {
            id: 'description',
            header: 'Description',
            cell: (u: User) =>
              u.description ? (
                <span className="block max-w-72 truncate" title={u.description}>
                  {u.description}
                </span>
              ) : (
                <span className="text-muted-foreground">—</span>
              ),
          },
          {
            id: 'metadata',
            header: 'Metadata',
            cell: (u: User) => {
              const keys = Object.keys(u.metadata);
              return keys.length ? (
                <span className="block max-w-56 truncate text-xs text-muted-foreground" title={keys.join(', ')}>
                  {keys.join(', ')}
                </span>
              ) : (
                <span className="text-muted-foreground">—</span>
              );
            },
          },
        ]),
    { id: 'id', header: 'User id', cell: (u) => <CopyText value={u.id} label="user id" />, optional: true },
    {
      id: 'updatedAt',
      header: 'Updated',
      cell: (u) => <RelativeTime iso={u.updatedAt} />,
      optional: true,
    },
    { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (u) => <RelativeTime iso={u.createdAt} /> },
  ];
}

/** The search box of the users lists: an exact email, part of a name, or an id (a user's id opens the user). */
export function userSearch(projectId: string, mode: Mode, withEmail: boolean): ListSearch {
  return {
    placeholder: withEmail ? 'Search users by email, name or id' : 'Search by name or user id',
    ...(withEmail
      ? {
          email: { field: 'nameOrEmail', op: 'prefix' as const, label: 'an email' },
          name: { field: 'nameOrEmail', op: 'prefix' as const, label: 'the start of a name or email' },
        }
      : { name: { field: 'name', op: 'contains' as const, label: 'part of a name' } }),
    openId: (id) => {
      const href = projectId ? objectHref(projectId, mode, id) : null;
      if (!href) return false;
      location.assign(href);
      return true;
    },
  };
}

/** The create button (for roles that may write data). */
export function CreateUserButton({ apiPath, projectId, mode }: { apiPath: string; projectId: string; mode: Mode }) {
  const { form, open, show, onOpenChange, trigger } = useLazyUserForm();
  return (
    <>
      <Button ref={trigger} size="toolbar" aria-haspopup="dialog" onClick={show}>
        <UserPlus className="h-4 w-4" aria-hidden />
        Create user
      </Button>
      {form && (
        <form.CreateUserDialog
          apiPath={apiPath}
          projectId={projectId}
          mode={mode}
          open={open}
          onOpenChange={onOpenChange}
        />
      )}
    </>
  );
}
