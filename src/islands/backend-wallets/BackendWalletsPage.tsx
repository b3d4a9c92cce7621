import { lazy, Suspense } from 'react';
import { DataList } from '../../components/data-list/data-list';
import { backendWalletListSpec } from '../../shared/api/collections';
import { objectHref } from '../../shared/object-paths';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { AddWalletButton } from './add-wallet-button';
import { walletColumns } from './columns';
import { CUSTODY_LABEL, type BackendWallet } from './types';

// The sheet loads when a wallet is opened: it stays out of the page's first JavaScript.
const WalletSheet = lazy(() => import('./wallet-sheet'));

/**
 * The backend wallets section: the project's server-side wallets in this mode with their recorded balances, "Add
 * backend wallet" (custodial, or your own proven by a signature) and a sheet per wallet (`?wallet=dac_…`) to rename or
 * delete it.
 */
export function BackendWalletsPage() {
  const route = useProjectRoute();
  const apiPath = useModePath();
  const canWrite = useCan('write_data');
  const open = new URLSearchParams(useSearch()).get('wallet');
  const mode = route?.mode ?? 'test';

  const add = canWrite && apiPath && route && <AddWalletButton apiPath={apiPath} mode={mode} />;

  return (
    <>
      <DataList<BackendWallet>
        label="Backend wallets"
        listKey="backend-wallets"
        apiPath={apiPath && `${apiPath}/backend-wallets`}
        spec={backendWalletListSpec}
        columns={walletColumns}
        chips={[
          {
            field: 'custody',
            label: 'Custody',
            op: 'eq',
            options: (['custodial', 'added'] as const).map((c) => ({ value: c, label: CUSTODY_LABEL[c] })),
          },
        ]}
        search={{
          placeholder: 'Search by name, address or wallet id',
          address: 'address',
          name: { field: 'name', op: 'contains', label: 'part of a name' },
          openId: (id, prefix) => {
            const href = route && objectHref(route.projectId, route.mode, id);
            if (prefix === 'dac') patchSearch({ wallet: id });
            else if (href) location.assign(href);
            else return false;
            return true;
          },
        }}
        rowLabel={(w) => `Backend wallet ${w.name}, ${w.address}`}
        onOpen={(w) => patchSearch({ wallet: w.id })}
        actions={add || undefined}
        empty={{
          title: 'No backend wallets yet',
          description:
            'Backend wallets are the wallets your servers use: they fund gas policies and send transactions. Create a custodial one, or add a wallet whose key you hold.',
          action: add || undefined,
        }}
        csv={{ filename: `backend-wallets-${mode}.csv` }}
      />
      {open && apiPath && (
        <Suspense fallback={null}>
          <WalletSheet id={open} apiPath={`${apiPath}/backend-wallets`} />
        </Suspense>
      )}
    </>
  );
}

export default BackendWalletsPage;
