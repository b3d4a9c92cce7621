import { DataList } from '../../components/data-list/data-list';
import { shorten } from '../../components/ui/copy-button';
import { TX_STATUSES, transactionListSpec } from '../../shared/api/collections';
import type { Policy } from '../../shared/api/policies';
import type { Transaction } from '../../shared/api/transactions';
import { projectPath } from '../../shared/routes';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { STATUS_LABEL } from '../transactions/status';
import { someTransactionColumns } from '../transactions/columns';

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

  const columns = someTransactionColumns(
    projectId,
    mode,
    ['status', 'user', 'wallet', 'transactionHash', 'cost', 'createdAt'],
    ['transactionHash'],
  );

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
