import { useClientStore } from '../../lib/use-client-store';
import { DataList, type Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import { CopyText, shorten } from '../../components/ui/copy-button';
import { ExplorerLink } from '../../components/ui/chain-label';
import { TX_STATUSES, transactionListSpec } from '../../shared/api/collections';
import type { Filter } from '../../shared/api/list-params';
import type { Transaction } from '../../shared/api/transactions';
import { projectPath } from '../../shared/routes';
import { objectHref } from '../../shared/object-paths';
import { chainName } from '../../shared/chains';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { $favoriteChains } from '../../stores/favorites';
import { ChainLabel, UserCell } from '../shared/columns';
import { chainOptions } from '../shared/chain-chips';
import { UserFilterLabel } from '../shared/user-filter-label';
import { PolicyFilterLabel, WalletFilterLabel } from '../shared/object-filter-labels';
import { STATUS_LABEL, STATUS_TONE } from './status';
import { formatUsd } from './format';

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

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

  const columns: Column<Transaction>[] = [
    {
      id: 'status',
      header: 'Status',
      cell: (t) => <Badge tone={STATUS_TONE[t.status]}>{STATUS_LABEL[t.status] ?? t.status}</Badge>,
    },
    { id: 'chain', header: 'Chain', cell: (t) => <ChainLabel chainId={t.chainId} /> },
    {
      id: 'user',
      header: 'User',
      cell: (t) => <UserCell user={t.user} userId={t.userId} projectId={projectId} mode={mode} />,
    },
    {
      id: 'wallet',
      header: 'Wallet',
      cell: (t) =>
        t.accountId ? (
          <a
            href={projectPath(projectId, mode, `/wallets?wallet=${t.accountId}`)}
            onClick={stop}
            className="font-mono text-xs hover:underline"
            title={t.account?.address ?? t.accountId}
          >
            {t.account ? shorten(t.account.address) : `${shorten(t.accountId)} (deleted)`}
          </a>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'policy',
      header: 'Policy',
      cell: (t) =>
        t.policyId ? (
          <a
            href={projectPath(projectId, mode, `/policies/${t.policyId}`)}
            onClick={stop}
            className="block max-w-24 truncate hover:underline"
            title={t.policy?.name ?? t.policyId}
          >
            {t.policy?.name ?? shorten(t.policyId)}
          </a>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'transactionHash',
      header: 'Transaction hash',
      cell: (t) =>
        t.transactionHash ? (
          <span className="inline-flex items-center gap-0.5">
            <CopyText value={t.transactionHash} label="transaction hash" />
            <ExplorerLink
              chainId={t.chainId}
              kind="tx"
              value={t.transactionHash}
              label="View transaction on explorer"
            />
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { id: 'cost', header: 'Cost', cell: (t) => formatUsd(t.costUsd), className: 'text-right tabular-nums' },
    {
      id: 'abstractionType',
      header: 'Abstraction',
      cell: (t) => t.abstractionType,
      optional: true,
    },
    {
      id: 'id',
      header: 'Transaction id',
      cell: (t) => <CopyText value={t.id} label="transaction id" />,
      optional: true,
    },
    { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (t) => <RelativeTime iso={t.createdAt} /> },
  ];

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
        rowLabel={(t) =>
          `${STATUS_LABEL[t.status] ?? t.status} transaction on ${chainName(t.chainId)}, ${t.transactionHash ? shorten(t.transactionHash) : shorten(t.id)}`
        }
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
