/** The backend wallets list's columns: name, recorded balance (before the rest: phones show it), address, custody, chain, times. */
import type { Column } from '../../components/data-list/data-list';
import { Badge } from '../../components/ui/badge';
import { CopyText } from '../../components/ui/copy-button';
import { RelativeTime } from '../../components/ui/relative-time';
import { chainName } from '../../shared/chains';
import { AddressCell, ChainLabel } from '../shared/columns';
import { describeBalance, formatBalance } from './balances';
import { CUSTODY_LABEL, type BackendWallet } from './types';

const none = (title: string) => (
  <span className="text-muted-foreground" title={title}>
    —
  </span>
);

/** The first recorded balance with its chain; the others counted, all of them in the native tooltip. */
function BalanceCell({ wallet }: { wallet: BackendWallet }) {
  const [first, ...rest] = wallet.balances;
  if (!first) return none('No balance recorded yet');
  return (
    <span className="inline-flex items-baseline gap-1.5" title={wallet.balances.map(describeBalance).join('\n')}>
      <span className="font-medium tabular-nums">{formatBalance(first)}</span>
      <span className="text-xs text-muted-foreground">
        {chainName(first.chainId)}
        {rest.length > 0 && ` +${rest.length} more`}
      </span>
    </span>
  );
}

/** The latest time a balance of the wallet was recorded. */
function lastRecorded(wallet: BackendWallet): string | null {
  return wallet.balances.reduce<string | null>((at, b) => (at && at > b.recordedAt ? at : b.recordedAt), null);
}

export const walletColumns: Column<BackendWallet>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (w) => (
      <span className="block max-w-56 truncate font-medium" title={w.name}>
        {w.name}
      </span>
    ),
  },
  { id: 'balance', header: 'Balance', cell: (w) => <BalanceCell wallet={w} /> },
  {
    id: 'address',
    header: 'Address',
    cell: (w) => <AddressCell address={w.address} chainId={w.chainId ?? undefined} />,
  },
  {
    id: 'custody',
    header: 'Custody',
    cell: (w) => <Badge tone={w.custody === 'custodial' ? 'info' : 'neutral'}>{CUSTODY_LABEL[w.custody]}</Badge>,
  },
  {
    id: 'chain',
    header: 'Chain',
    cell: (w) =>
      w.chainId === null ? (
        <span className="text-muted-foreground">Every chain</span>
      ) : (
        <ChainLabel chainId={w.chainId} />
      ),
  },
  {
    id: 'recordedAt',
    header: 'Balance recorded',
    cell: (w) => (lastRecorded(w) ? <RelativeTime iso={lastRecorded(w)} /> : none('No balance recorded yet')),
    optional: true,
  },
  { id: 'id', header: 'Wallet id', cell: (w) => <CopyText value={w.id} label="wallet id" />, optional: true },
  { id: 'updatedAt', header: 'Updated', cell: (w) => <RelativeTime iso={w.updatedAt} />, optional: true },
  { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (w) => <RelativeTime iso={w.createdAt} /> },
];
