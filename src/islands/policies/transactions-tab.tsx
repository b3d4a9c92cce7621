import { DataList, type Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import { CopyText, shorten } from '../../components/ui/copy-button';
import { TX_STATUSES, transactionListSpec } from '../../shared/api/collections';
import type { Policy } from '../../shared/api/policies';
import type { Transaction } from '../../shared/api/transactions';
import { projectPath } from '../../shared/routes';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { UserCell } from '../shared/columns';
import { STATUS_LABEL, STATUS_TONE } from '../transactions/status';
import { formatUsd } from '../transactions/format';

/**
 * The transactions this policy sponsored: the project's transactions list with a fixed `policyId` filter. Its URL
 * parameters are prefixed (`txPage`, `txFilters`, …) because `page` picks the tab (docs/decisions.md).
 */
export function TransactionsTab({ policy }: { policy: Policy }) {
  const route = useProjectRoute();
  const base = useModePath();
  const mode = route?.mode ?? 'test';
  const projectId = route?.projectId ?? '';
  const detail = (id: string) => projectPath(projectId, mode, `/transactions/${id}`);

  const columns: Column<Transaction>[] = [
    {
      id: 'status',
      header: 'Status',
      cell: (t) => <Badge tone={STATUS_TONE[t.status]}>{STATUS_LABEL[t.status] ?? t.status}</Badge>,
    },
    {
      id: 'user',
      header: 'User',
      cell: (t) => <UserCell user={t.user} userId={t.userId} projectId={projectId} mode={mode} />,
    },
    {
      id: 'wallet',
      header: 'Wallet',
      cell: (t) =>
        t.account ? (
          <span className="font-mono text-xs" title={t.account.address}>
            {shorten(t.account.address)}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'transactionHash',
      header: 'Transaction hash',
      cell: (t) =>
        t.transactionHash ? (
          <CopyText value={t.transactionHash} label="transaction hash" />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
      optional: true,
    },
    { id: 'cost', header: 'Cost', cell: (t) => formatUsd(t.costUsd), className: 'text-right tabular-nums' },
    { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (t) => <RelativeTime iso={t.createdAt} /> },
  ];

  return (
    <DataList<Transaction>
      label="Sponsored transactions"
      listKey="policy-transactions"
      urlPrefix="tx"
      apiPath={base && `${base}/transactions`}
      baseFilters={[{ field: 'policyId', op: 'eq', value: policy.id }]}
      spec={transactionListSpec}
      columns={columns}
      chips={[
        {
          field: 'status',
          label: 'Status',
          op: 'in',
          options: TX_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] ?? s })),
        },
      ]}
      rowLabel={(t) =>
        `${STATUS_LABEL[t.status] ?? t.status} transaction ${t.transactionHash ? shorten(t.transactionHash) : shorten(t.id)}`
      }
      onOpen={(t) => location.assign(detail(t.id))}
      empty={{
        title: 'No sponsored transactions yet',
        description:
          'Transactions appear here when your app sends them with this policy (policyId on POST /transactions).',
      }}
      csv={{ filename: `policy-${policy.id}-transactions.csv` }}
    />
  );
}
