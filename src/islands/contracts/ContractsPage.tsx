import { useClientStore } from '../../lib/use-client-store';
import { Plus } from 'lucide-react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { contractListSpec } from '../../shared/api/collections';
import { projectPath } from '../../shared/routes';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { $favoriteChains } from '../../stores/favorites';
import { objectHref } from '../../shared/object-paths';
import { AddressCell, ChainLabel } from '../shared/columns';
import { chainOptions } from '../shared/chain-chips';
import { AddContractDialog } from './add-contract-dialog';
import { RpcUrls } from './rpc-urls';
import type { Contract } from './types';

/** The contracts section: the project's contracts in this mode, an "Add contract" dialog, each opening its ABI page. */
export function ContractsPage() {
  const route = useProjectRoute();
  const apiPath = useModePath();
  const favorites = useClientStore($favoriteChains, []);
  const canWrite = useCan('write_data');
  const mode = route?.mode ?? 'test';
  const open = (c: Contract) =>
    route && location.assign(projectPath(route.projectId, route.mode, `/contracts/${c.id}`));

  const columns: Column<Contract>[] = [
    {
      id: 'name',
      header: 'Name',
      sort: 'name',
      cell: (c) =>
        route ? (
          <a
            href={projectPath(route.projectId, route.mode, `/contracts/${c.id}`)}
            onClick={(e) => e.stopPropagation()}
            className="font-medium hover:underline"
          >
            {c.name}
          </a>
        ) : (
          c.name
        ),
    },
    { id: 'chain', header: 'Chain', cell: (c) => <ChainLabel chainId={c.chainId} /> },
    { id: 'address', header: 'Address', cell: (c) => <AddressCell address={c.address} chainId={c.chainId} /> },
    {
      id: 'functions',
      header: 'Functions',
      cell: (c) => <span className="tabular-nums">{c.functions?.length ?? 0}</span>,
    },
    {
      id: 'verified',
      header: 'Verification',
      cell: (c) => (c.publicVerified ? <Badge tone="success">Publicly verified</Badge> : <Badge>Not verified</Badge>),
      optional: true,
    },
    { id: 'createdAt', header: 'Added', sort: 'createdAt', cell: (c) => <RelativeTime iso={c.createdAt} /> },
  ];

  const add = canWrite && apiPath && (
    <AddContractDialog
      apiPath={apiPath}
      mode={mode}
      trigger={
        <Button size="toolbar">
          <Plus className="h-4 w-4" aria-hidden />
          Add contract
        </Button>
      }
    />
  );

  return (
    <>
      <DataList<Contract>
        label="Contracts"
        listKey="contracts"
        apiPath={apiPath && `${apiPath}/contracts`}
        spec={contractListSpec}
        columns={columns}
        chips={[{ field: 'chainId', label: 'Chain', op: 'in', options: chainOptions(mode, favorites) }]}
        search={{
          placeholder: 'Search contracts by name or address',
          address: 'address',
          name: { field: 'name', op: 'contains', label: 'a name' },
          openId: (id) => {
            const href = route && objectHref(route.projectId, route.mode, id);
            if (!href) return false;
            location.assign(href);
            return true;
          },
        }}
        rowLabel={(c) => `Contract ${c.name} on chain ${c.chainId}`}
        onOpen={open}
        actions={add || undefined}
        empty={{
          title: 'No contracts yet',
          description:
            'Add a contract with its ABI to browse its functions, encode calldata and use it in gas policy rules.',
          action: add || undefined,
        }}
        csv={{ filename: `contracts-${mode}.csv` }}
      />
      <div className="mt-6">
        <RpcUrls apiPath={apiPath} mode={mode} canWrite={canWrite} />
      </div>
    </>
  );
}

export default ContractsPage;
