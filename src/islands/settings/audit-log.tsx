import { DataList, type Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import { auditListSpec } from '../../shared/api/collections';
import type { AuditEntry, Member } from '../../shared/api/projects';
import { patchSearch } from '../../stores/location';
import type { Filter } from '../../shared/api/list-params';

/** What each target type is called on screen. */
const TARGET_LABEL: Readonly<Record<string, string>> = {
  api_keys: 'API key',
  backend_wallets: 'Backend wallet',
  contracts: 'Contract',
  events: 'Event monitor',
  policies: 'Gas policy',
  policy_rules: 'Policy rule',
  webhooks: 'Webhook',
  users: 'User',
  wallets: 'Wallet',
  transactions: 'Transaction',
  invites: 'Invite',
  members: 'Member',
  projects: 'Project',
  auth_migrations: 'User migration',
};

/** Who did it: a member's name (or email), the API key by its name ("API key 'CI deploy'"), or the payment provider (a plan change it confirmed). */
function actorLabel(
  entry: Pick<AuditEntry, 'actorType' | 'actorId' | 'actorName'>,
  members: readonly Member[],
): string {
  if (entry.actorType === 'provider') return 'Payment provider';
  if (entry.actorType === 'key') return entry.actorName ? `API key '${entry.actorName}'` : 'API key (revoked and gone)';
  const m = members.find((x) => x.userId === entry.actorId);
  return m ? (m.name ?? m.email) : (entry.actorName ?? 'Former member');
}

/** What it was done to: its kind and name ("API key 'CI deploy'"), else its short id (an object deleted since). */
export function targetLabel(entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'targetName'>): string {
  const kind = TARGET_LABEL[entry.targetType] ?? entry.targetType.replaceAll('_', ' ');
  if (entry.targetName) return `${kind} '${entry.targetName}'`;
  return entry.targetId ? `${kind} ${entry.targetId.slice(0, 12)}…` : kind;
}

/** The project's audit log (admins and owners), filterable by actor and action. */
export function AuditLog({
  projectId,
  members,
  baseFilters,
}: {
  projectId: string;
  members: readonly Member[];
  /** Entries about one object only (its page). */
  baseFilters?: readonly Filter[];
}) {
  const columns: Column<AuditEntry>[] = [
    { id: 'createdAt', header: 'When', sort: 'createdAt', cell: (e) => <RelativeTime iso={e.createdAt} /> },
    { id: 'actor', header: 'Who', cell: (e) => actorLabel(e, members) },
    { id: 'action', header: 'Action', cell: (e) => <code className="font-mono text-xs">{e.action}</code> },
    {
      id: 'target',
      header: 'Target',
      cell: (e) => (
        <span className="block max-w-72 truncate" title={e.targetId ?? undefined}>
          {targetLabel(e)}
        </span>
      ),
    },
    { id: 'mode', header: 'Mode', cell: (e) => (e.mode ? <Badge>{e.mode}</Badge> : 'project') },
  ];
  return (
    <DataList<AuditEntry>
      label="Audit log"
      listKey="audit-log"
      apiPath={`/projects/${projectId}/audit-log`}
      baseFilters={baseFilters}
      spec={auditListSpec}
      columns={columns}
      chips={[
        {
          field: 'actorId',
          label: 'Who',
          op: 'eq',
          options: members.filter((m) => m.userId).map((m) => ({ value: m.userId!, label: m.name ?? m.email })),
        },
      ]}
      describeFilter={(f) =>
        f.field === 'action' ? (
          <span>
            <span className="font-medium">Action</span>: {String(f.value)}
          </span>
        ) : undefined
      }
      search={{
        placeholder: 'Filter by action, e.g. wallet.created',
        name: { field: 'action', op: 'eq', label: 'an action' },
      }}
      rowLabel={(e) => `${e.action} by ${actorLabel(e, members)}`}
      onOpen={(e) =>
        patchSearch({
          filters: JSON.stringify([{ field: 'action', op: 'eq', value: e.action }]),
          page: null,
          total: null,
        })
      }
      empty={{ title: 'Nothing happened here yet', description: 'Every change to this project will be listed here.' }}
    />
  );
}
