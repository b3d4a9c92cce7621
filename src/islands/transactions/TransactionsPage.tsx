import { useClientStore } from '../../lib/use-client-store';
import { DataList } from '../../components/data-list/data-list';
import { shorten } from '../../components/ui/copy-button';
import { TX_STATUSES, transactionListSpec } from '../../shared/api/collections';
import type { Filter } from '../../shared/api/list-params';
import type { Transaction } from '../../shared/api/transactions';
import { projectPath } from '../../shared/routes';
import { objectHref } from '../../shared/object-paths';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { $favoriteChains } from '../../stores/favorites';
import { chainOptions } from '../shared/chain-chips';
import { UserFilterLabel } from '../shared/user-filter-label';
import { PolicyFilterLabel, WalletFilterLabel } from '../shared/object-filter-labels';
import { STATUS_LABEL } from './status';
import { transactionColumns } from './columns';
import { transactionRowLabel } from './early-rows';

/** Labels of the filters that come from the search box or from links (a wallet's "View transactions"). */
function describeFilter(f: Filter) {
  const value = String(f.value);
  if (f.field === 'userId') return <UserFilterLabel userId={value} />;
  if (f.field === 'accountId') return <WalletFilterLabel accountId={value} />;
  if (f.field === 'policyId') return <PolicyFilterLabel policyId={value} />;
  if (f.field === 'transactionHash')
    return (
      <span title={value}>
        <span className="font-medium">Transaction hash</span>:{' '}
        <span className="font-mono text-xs">{shorten(value)}</span>
      </span>
    );
  return undefined;
}

/** The transactions section: every transaction intent of the project and mode; a row opens its page. */
export function TransactionsPage() {
  const route = useProjectRoute();
  const apiPath = useModePath();
  const favorites = useClientStore($favoriteChains, []);
  const mode = route?.mode ?? 'test';
  const projectId = route?.projectId ?? '';
  const detail = (id: string) => projectPath(projectId, mode, `/transactions/${id}`);

  const columns = transactionColumns(projectId, mode);

  return (
    <>
      <DataList<Transaction>
        label="Transactions"
        listKey="transactions"
        apiPath={apiPath && `${apiPath}/transactions`}
        spec={transactionListSpec}
        columns={columns}
        chips={[
          {
            field: 'status',
            label: 'Status',
            op: 'in',
            options: TX_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] ?? s })),
          },
          { field: 'chainId', label: 'Chain', op: 'in', options: chainOptions(mode, favorites) },
        ]}
        describeFilter={describeFilter}
        search={{
          placeholder: 'Search transactions by hash or id',
          txHash: 'transactionHash',
          hex: { field: 'transactionHash', label: 'the start of a hash' },
          ids: { pla: 'userId', acc: 'accountId', pol: 'policyId' },
          openId: (id, prefix) => {
            const href = route && (prefix === 'tin' ? detail(id) : objectHref(route.projectId, route.mode, id));
            if (!href) return false;
            location.assign(href);
            return true;
          },
        }}
        rowLabel={transactionRowLabel}
        onOpen={(t) => location.assign(detail(t.id))}
        empty={{
          title: 'No transactions yet',
          description:
            'Transactions appear here when your app sends them for its users (POST /transactions with a wallet and its calls).',
          action: (
            <a className="text-sm font-medium text-primary hover:underline" href="/api/v1/openapi.json">
              API reference
            </a>
          ),
        }}
        csv={{ filename: `transactions-${mode}.csv` }}
      />
    </>
  );
}

export default TransactionsPage;
