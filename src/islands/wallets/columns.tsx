import type { Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import type { Wallet } from '../../shared/api/wallets';
import type { Mode } from '../../shared/routes';
import { AddressCell, ChainLabel, UserCell } from '../shared/columns';

/** The wallets list's columns (its first rows are also written as HTML: early-rows.ts). */
export function walletColumns(projectId: string, mode: Mode): Column<Wallet>[] {
  return [
    { id: 'address', header: 'Address', cell: (w) => <AddressCell address={w.address} chainId={w.chainId} /> },
    { id: 'chain', header: 'Chain', cell: (w) => <ChainLabel chainId={w.chainId} /> },
    { id: 'accountType', header: 'Account type', cell: (w) => w.accountType },
    {
      id: 'user',
      header: 'User',
      cell: (w) => <UserCell user={w.user} userId={w.userId} projectId={projectId} mode={mode} />,
    },
    { id: 'custody', header: 'Custody', cell: (w) => w.custody },
    {
      id: 'deployed',
      header: 'Deployed',
      cell: (w) => (w.deployed ? <Badge tone="success">Deployed</Badge> : <Badge>Not deployed</Badge>),
    },
    { id: 'implementation', header: 'Implementation', cell: (w) => w.implementation ?? '—', optional: true },
    { id: 'recovery', header: 'Recovery', cell: (w) => w.recoveryMethod ?? '—', optional: true },
    { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (w) => <RelativeTime iso={w.createdAt} /> },
  ];
}
