import { useClientStore } from '../../lib/use-client-store';
import { DataList } from '../../components/data-list/data-list';
import { ACCOUNT_TYPES, CUSTODY, walletListSpec } from '../../shared/api/collections';
import type { Wallet } from '../../shared/api/wallets';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { $favoriteChains } from '../../stores/favorites';
import { objectHref } from '../../shared/object-paths';
import { chainOptions } from '../shared/chain-chips';
import { UserFilterLabel } from '../shared/user-filter-label';
import { WalletDrawer } from './wallet-drawer';
import { walletColumns } from './columns';
import { walletRowLabel } from './early-rows';

/** The wallets section: every wallet of the project and mode, with a detail drawer (`?wallet=acc_…`). */
export function WalletsPage() {
  const route = useProjectRoute();
  const apiPath = useModePath();
  const favorites = useClientStore($favoriteChains, []);
  const open = new URLSearchParams(useSearch()).get('wallet');
  const mode = route?.mode ?? 'test';
  const projectId = route?.projectId ?? '';

  const columns = walletColumns(projectId, mode);

  return (
    <>
      <DataList<Wallet>
        label="Wallets"
        listKey="wallets"
        apiPath={apiPath && `${apiPath}/wallets`}
        spec={walletListSpec}
        columns={columns}
        chips={[
          { field: 'chainId', label: 'Chain', op: 'in', options: chainOptions(mode, favorites) },
          {
            field: 'accountType',
            label: 'Account type',
            op: 'in',
            options: ACCOUNT_TYPES.map((t) => ({ value: t, label: t })),
          },
          { field: 'custody', label: 'Custody', op: 'eq', options: CUSTODY.map((c) => ({ value: c, label: c })) },
          {
            field: 'deployed',
            label: 'Deployed',
            op: 'eq',
            options: [
              { value: true, label: 'Deployed' },
              { value: false, label: 'Not deployed' },
            ],
          },
        ]}
        describeFilter={(f) => (f.field === 'userId' ? <UserFilterLabel userId={String(f.value)} /> : undefined)}
        search={{
          placeholder: 'Search wallets by address, user name, email or id',
          address: 'address',
          hex: { field: 'address', label: 'the start of an address' },
          email: { field: 'user', op: 'prefix', label: "a user's email" },
          name: { field: 'user', op: 'prefix', label: "the start of a user's name or email" },
          ids: { pla: 'userId' },
          openId: (id, prefix) => {
            if (prefix === 'acc') patchSearch({ wallet: id });
            else if (route && objectHref(route.projectId, route.mode, id))
              location.assign(objectHref(route.projectId, route.mode, id)!);
            else return false;
            return true;
          },
        }}
        rowLabel={walletRowLabel}
        onOpen={(w) => patchSearch({ wallet: w.id })}
        empty={{
          title: 'No wallets yet',
          description:
            'Wallets appear here when your users sign in to your app, or when you create them with the API (POST /wallets).',
          action: (
            <a className="text-sm font-medium text-primary hover:underline" href="/api/v1/openapi.json">
              API reference
            </a>
          ),
        }}
        csv={{ filename: `wallets-${mode}.csv` }}
      />
      {open && apiPath && <WalletDrawer id={open} apiPath={`${apiPath}/wallets/${open}`} />}
    </>
  );
}

export default WalletsPage;
