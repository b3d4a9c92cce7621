import type { Role } from '../../shared/api/common';
import type { Member } from '../../shared/api/projects';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { exactTime } from '../../components/ui/relative-time';

export const ROLE_LABEL: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  viewer: 'Viewer',
};

/** What a role may do, in a sentence (docs/api.md "Roles"). */
export const ROLE_DETAIL: Record<Role, string> = {
  viewer: 'Reads everything in the project except API keys and the audit log.',
  developer: 'Also manages data: wallets, users, transactions, policies, contracts, webhooks and events.',
  admin: 'Also API keys, authentication settings, members (not owners), billing and the audit log.',
  owner: 'Everything, including owners, ownership and deleting the project.',
};

const ROLE_TONE: Record<Role, BadgeTone> = { owner: 'info', admin: 'info', developer: 'neutral', viewer: 'neutral' };

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONE[role]}>{ROLE_LABEL[role]}</Badge>;
}

/** "23 h 10 min" until (or since) a time, for invite expiry. */
export function duration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 60_000) return 'less than a minute';
  const days = Math.floor(abs / 86_400_000);
  const hours = Math.floor((abs % 86_400_000) / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/** "expires in 23 h 10 min", or "2 h 5 min ago" (beside the Expired badge), for an invite's expiry. */
export function expiryLabel(iso: string, now = Date.now()): string {
  const left = Date.parse(iso) - now;
  return left > 0 ? `expires in ${duration(left)}` : `${duration(left)} ago`;
}

/** Active; pending with the time left; expired with how long ago (the exact time in the native tooltip on hover). */
export function MemberStatus({ member }: { member: Member }) {
  if (member.status === 'active') return <Badge tone="success">Active</Badge>;
  return (
    <span className="inline-flex items-center gap-2">
      {member.status === 'pending' ? <Badge tone="warning">Pending</Badge> : <Badge>Expired</Badge>}
      {member.expiresAt && (
        <time
          dateTime={member.expiresAt}
          className="text-xs text-muted-foreground"
          onPointerEnter={(e) => {
            // The exact time in the native tooltip, formatted when wanted (as RelativeTime does).
            if (!e.currentTarget.title && member.expiresAt) e.currentTarget.title = exactTime(member.expiresAt);
          }}
        >
          {expiryLabel(member.expiresAt)}
        </time>
      )}
    </span>
  );
}

/** Whether an invite's email went out (members: nothing). */
export function InviteEmail({ member }: { member: Member }) {
  switch (member.emailStatus) {
    case null:
      return <span className="text-muted-foreground">—</span>;
    case 'sent':
      return <Badge tone="success">Sent</Badge>;
    case 'existing_account':
      // An existing account gets the dashboard's own email; when it could not go out, the row says why.
      return member.emailSentAt ? (
        <span title="They already have an account: we emailed them a link to sign in, and the project is theirs when they do.">
          <Badge tone="info">Sign-in link sent</Badge>
        </span>
      ) : (
        <span
          title={`${member.emailError ?? 'No email went out'}. They already have an account: the project is theirs when they next sign in.`}
        >
          <Badge tone="warning">Not sent</Badge>
        </span>
      );
    case 'failed':
      return (
        <span title={member.emailError ?? undefined}>
          <Badge tone="danger">Not sent</Badge>
        </span>
      );
    default:
      return (
        <span title="No invite email was sent yet: resend it.">
          <Badge tone="warning">Not sent</Badge>
        </span>
      );
  }
}

/** The name, or the email when there is no name. */
export function memberLabel(m: Pick<Member, 'name' | 'email'>): string {
  return m.name ?? m.email;
}
