import { Send, Trash2, UserMinus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Role } from '../../shared/api/common';
import type { Member } from '../../shared/api/projects';
import { MEMBER_ROLES } from '../../shared/api/member-list';
import { canManageRole } from '../../shared/api/permissions';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { inputClass } from '../../components/ui/field';
import { RelativeTime } from '../../components/ui/relative-time';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toastOnNextPage } from '../../lib/toast';
import { InviteEmail, MemberStatus, ROLE_DETAIL, ROLE_LABEL, RoleBadge, memberLabel } from './member-labels';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2.5 text-sm last:border-0 sm:grid-cols-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

function ErrorNote({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

const errorMessage = (e: unknown) =>
  e instanceof ApiRequestError ? e.message : 'Something went wrong. Try again in a moment.';

/**
 * One member or invite, opened from the list. Admins and owners change a member's role, remove members, resend and
 * revoke invites (only owners touch owners); everyone else reads. The API's refusals (the last owner, a stale
 * version) are shown here, where they happened.
 */
export function MemberDialog({
  member,
  projectId,
  myRole,
  myUserId,
  onClose,
  onChanged,
}: {
  member: Member;
  projectId: string;
  myRole: Role | null;
  myUserId: string | null;
  onClose: () => void;
  onChanged: (next: Member) => void;
}) {
  const isInvite = member.inviteId !== null;
  const canManage = myRole !== null && canManageRole(myRole, member.role);
  const self = member.userId !== null && member.userId === myUserId;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={memberLabel(member)}
      description={
        isInvite
          ? `Invited as ${ROLE_LABEL[member.role].toLowerCase()}`
          : member.name
            ? member.email
            : `${ROLE_LABEL[member.role]} of this project`
      }
    >
      <dl className="rounded-lg border border-border px-3">
        <Row label="Email">{member.email}</Row>
        <Row label="Role">
          <RoleBadge role={member.role} />
        </Row>
        <Row label="Status">
          <MemberStatus member={member} />
        </Row>
        {isInvite && (
          <Row label="Invite email">
            <span className="grid justify-items-start gap-1">
              <InviteEmail member={member} />
              {member.emailStatus === 'sent' && member.emailSentAt && (
                <span className="text-xs text-muted-foreground">
                  Sent <RelativeTime iso={member.emailSentAt} />
                </span>
              )}
              {member.emailStatus === 'failed' && member.emailError && (
                <span className="text-xs text-muted-foreground">{member.emailError}</span>
              )}
              {member.emailStatus === 'existing_account' && (
                <span className="text-xs text-muted-foreground">
                  They already have an account, so Supabase sent no email. The project is theirs the next time they open
                  the dashboard within 24 hours.
                </span>
              )}
            </span>
          </Row>
        )}
        <Row label={isInvite ? 'Invited' : 'Member since'}>
          <RelativeTime iso={member.createdAt} />
        </Row>
      </dl>
      {canManage &&
        (isInvite ? (
          <InviteActions invite={member} projectId={projectId} onClose={onClose} onChanged={onChanged} />
        ) : (
          <MemberActions
            member={member}
            projectId={projectId}
            myRole={myRole}
            self={self}
            onClose={onClose}
            onChanged={onChanged}
          />
        ))}
    </Dialog>
  );
}

function MemberActions({
  member,
  projectId,
  myRole,
  self,
  onClose,
  onChanged,
}: {
  member: Member;
  projectId: string;
  myRole: Role;
  self: boolean;
  onClose: () => void;
  onChanged: (next: Member) => void;
}) {
  const id = useId();
  const [role, setRole] = useState<Role>(member.role);
  const [roleError, setRoleError] = useState<string | undefined>();
  const [removeError, setRemoveError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const base = `/projects/${projectId}/members`;
  const roles = MEMBER_ROLES.filter((r) => canManageRole(myRole, r));
  const who = memberLabel(member);

  async function saveRole() {
    setBusy(true);
    setRoleError(undefined);
    try {
      const next = await apiWrite<Member>(`${base}/${encodeURIComponent(member.userId!)}`, {
        method: 'PATCH',
        body: { role, version: member.version },
        pending: 'Changing role…',
        done: self
          ? `You are now ${ROLE_LABEL[role].toLowerCase()}`
          : `${who} is now ${ROLE_LABEL[role].toLowerCase()}`,
        // Your own role changes what this page offers you.
        invalidate: self ? [base, `/projects/${projectId}`, '/projects'] : [base],
      });
      onChanged(next);
    } catch (e) {
      setRoleError(e instanceof ApiRequestError ? (e.fieldErrors.role ?? e.message) : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4">
      <form
        className="grid gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          void saveRole();
        }}
      >
        <label htmlFor={`${id}-role`} className="text-sm font-medium">
          Change role
        </label>
        <div className="flex flex-wrap gap-2">
          <select
            id={`${id}-role`}
            value={role}
            onChange={(e) => (setRole(e.target.value as Role), setRoleError(undefined))}
            aria-invalid={roleError ? true : undefined}
            aria-describedby={`${id}-role-hint${roleError ? ` ${id}-role-error` : ''}`}
            className={`${inputClass} sm:w-48`}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
          <Button type="submit" variant="outline" size="toolbar" disabled={busy || role === member.role}>
            Save role
          </Button>
        </div>
        <p id={`${id}-role-hint`} className="text-xs text-muted-foreground">
          {ROLE_DETAIL[role]}
        </p>
        {roleError && (
          <p id={`${id}-role-error`} role="alert" className="text-sm text-destructive">
            {roleError}
          </p>
        )}
      </form>
      <div className="grid gap-2 border-t border-border pt-4">
        <ConfirmDialog
          destructive
          title={self ? 'Leave this project?' : `Remove ${who}?`}
          description={
            self
              ? 'You lose access to this project at once. An admin can invite you again.'
              : `${who} loses access to this project at once. You can invite them again later.`
          }
          confirmLabel={self ? 'Leave project' : 'Remove member'}
          trigger={
            <Button variant="outline" size="sm" className="justify-self-start">
              <UserMinus className="h-4 w-4" aria-hidden /> {self ? 'Leave project' : 'Remove from project'}
            </Button>
          }
          onConfirm={async () => {
            setRemoveError(undefined);
            try {
              await apiWrite(`${base}/${encodeURIComponent(member.userId!)}`, {
                method: 'DELETE',
                pending: self ? 'Leaving project…' : 'Removing member…',
                done: self ? 'You left the project' : `${who} removed`,
                invalidate: [base, '/projects'],
              });
              if (self) {
                toastOnNextPage('success', 'You left the project');
                location.assign('/');
                return;
              }
              onClose();
            } catch (e) {
              // Shown here, under the button, once the confirmation closes.
              setRemoveError(errorMessage(e));
            }
          }}
        />
        <ErrorNote message={removeError} />
      </div>
    </div>
  );
}

function InviteActions({
  invite,
  projectId,
  onClose,
  onChanged,
}: {
  invite: Member;
  projectId: string;
  onClose: () => void;
  onChanged: (next: Member) => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const base = `/projects/${projectId}/members`;
  const path = `${base}/invites/${encodeURIComponent(invite.inviteId!)}`;

  async function resend() {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(
        await apiWrite<Member>(`${path}/resend`, {
          method: 'POST',
          pending: `Sending the invite to ${invite.email} again…`,
          done: `Invite sent again to ${invite.email}`,
          invalidate: [base],
        }),
      );
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} aria-busy={busy || undefined} onClick={() => void resend()}>
          <Send className="h-4 w-4" aria-hidden /> Resend invite
        </Button>
        <ConfirmDialog
          destructive
          title={`Revoke the invite to ${invite.email}?`}
          description="They can no longer join through it. You can invite the address again later."
          confirmLabel="Revoke invite"
          trigger={
            <Button variant="outline" size="sm">
              <Trash2 className="h-4 w-4" aria-hidden /> Revoke invite
            </Button>
          }
          onConfirm={async () => {
            setError(undefined);
            try {
              await apiWrite(path, {
                method: 'DELETE',
                pending: 'Revoking invite…',
                done: `Invite to ${invite.email} revoked`,
                invalidate: [base],
              });
              onClose();
            } catch (e) {
              setError(errorMessage(e));
            }
          }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Resending emails a new link, valid for 24 hours from now; the earlier link stops working.
      </p>
      <ErrorNote message={error} />
    </div>
  );
}
