import type { Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import { CopyText, shorten } from '../../components/ui/copy-button';
import { ExplorerLink } from '../../components/ui/chain-label';
import type { Transaction } from '../../shared/api/transactions';
import { projectPath, type Mode } from '../../shared/routes';
import { ChainLabel, UserCell } from '../shared/columns';
import { STATUS_LABEL, STATUS_TONE } from './status';
import { formatUsd } from './format';

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** The transactions list's columns (its first rows are also written as HTML: early-rows.ts). */
export function transactionColumns(projectId: string, mode: Mode): Column<Transaction>[] {
  return [
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
}

/** Some of those columns, in the given order (a list of an object's transactions: a user's, a policy's). */
export function someTransactionColumns(
  projectId: string,
  mode: Mode,
  ids: readonly string[],
  optional: readonly string[] = [],
): Column<Transaction>[] {
  const all = transactionColumns(projectId, mode);
  return ids.map((id) => {
    const column = all.find((c) => c.id === id);
    if (!column) throw new Error(`no transaction column ${id}`);
    return { ...column, optional: optional.includes(id) };
  });
}
