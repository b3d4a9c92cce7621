import { useState } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { Badge } from '../../components/ui/badge';
import { RelativeTime } from '../../components/ui/relative-time';
import { StatePanel } from '../../components/ui/state-panel';
import type { Member, Project } from '../../shared/api/projects';
import { MEMBER_ROLES, MEMBER_STATUSES, memberListSpec } from '../../shared/api/member-list';
import { AUTH_STORAGE_KEY, readStoredSession } from '../../shared/auth-storage';
import { useApiQuery } from '../../lib/use-api-query';
import { useClientStore } from '../../lib/use-client-store';
import { useCan, useProjectRoute } from '../../lib/use-project';
import { $role } from '../../stores/project-context';
import { InviteDialog } from './invite-dialog';
import { MemberDialog } from './member-dialog';
import { InviteEmail, MemberStatus, ROLE_LABEL, RoleBadge, memberLabel } from './member-labels';

const STATUS_LABEL = { active: 'Active', pending: 'Pending', expired: 'Expired' } as const;

/** The signed-in user's id (from the stored session; null while server rendering). */
function myUserId(): string | null {
  if (typeof localStorage === 'undefined') return null;
  return readStoredSession(localStorage.getItem(AUTH_STORAGE_KEY))?.userId ?? null;
}

/**
 * The project's members and invites (project-wide: the same in both modes). Everyone reads the list; admins and
 * owners invite (up to 10 addresses at once), change roles, remove members, resend and revoke invites, and only
 * owners touch owners.
 */
export function MembersPage() {
  const route = useProjectRoute();
  const projectPath = route ? `/projects/${route.projectId}` : null;
  const project = useApiQuery<Project>(projectPath);
  const role = useClientStore($role, null);
  const canManage = useCan('manage_members');
  const [open, setOpen] = useState<Member | null>(null);
  const me = route ? myUserId() : null;

  if (project.error)
    return project.error.notFound ? (
      <StatePanel kind="not-found" title="No such project" description="It does not exist, or you are not a member." />
    ) : (
      <StatePanel
        kind="error"
        title="Could not load the project"
        description={project.error.message}
        onRetry={project.reload}
      />
    );

  const columns: Column<Member>[] = [
    {
      id: 'member',
      header: 'Member',
      sort: 'email',
      cell: (m) => (
        <span className="flex items-center gap-2">
          <span className="grid leading-tight">
            <span className="font-medium">{memberLabel(m)}</span>
            {m.name && <span className="text-xs text-muted-foreground">{m.email}</span>}
          </span>
          {m.userId !== null && m.userId === me && <Badge>You</Badge>}
        </span>
      ),
    },
    { id: 'role', header: 'Role', sort: 'role', cell: (m) => <RoleBadge role={m.role} /> },
    { id: 'status', header: 'Status', cell: (m) => <MemberStatus member={m} /> },
    { id: 'email', header: 'Invite email', cell: (m) => <InviteEmail member={m} /> },
    { id: 'createdAt', header: 'Since', sort: 'createdAt', cell: (m) => <RelativeTime iso={m.createdAt} /> },
  ];

  return (
    <>
      <p className="mb-4 max-w-2xl text-sm text-muted-foreground">
        Members of {project.data?.name ?? 'this project'} in both modes, and the invites waiting for an answer.
        {role && !canManage && ' Admins and owners invite members and change their roles.'}
      </p>
      <DataList<Member>
        label="Members"
        listKey="members"
        apiPath={projectPath && `${projectPath}/members`}
        spec={memberListSpec}
        columns={columns}
        chips={[
          {
            field: 'status',
            label: 'Status',
            op: 'in',
            options: MEMBER_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
          },
          {
            field: 'role',
            label: 'Role',
            op: 'in',
            options: MEMBER_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] })),
          },
        ]}
        search={{
          placeholder: 'Search by name or email',
          email: 'email',
          name: { field: 'nameOrEmail', op: 'contains', label: 'a name or part of an email' },
        }}
        rowLabel={(m) =>
          `${memberLabel(m)}, ${ROLE_LABEL[m.role].toLowerCase()}${m.status === 'active' ? '' : `, invite ${m.status}`}`
        }
        onOpen={setOpen}
        empty={{
          title: 'No members yet',
          description: canManage
            ? 'Invite the people you work with.'
            : 'Ask an admin to invite the people you work with.',
        }}
        actions={canManage && route && role ? <InviteDialog projectId={route.projectId} myRole={role} /> : undefined}
      />
      {open && route && (
        <MemberDialog
          key={open.id}
          member={open}
          projectId={route.projectId}
          myRole={role}
          myUserId={me}
          onClose={() => setOpen(null)}
          onChanged={setOpen}
        />
      )}
    </>
  );
}

export default MembersPage;
