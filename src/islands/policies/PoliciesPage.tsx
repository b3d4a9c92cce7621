import { useClientStore } from '../../lib/use-client-store';
import { DataList, type Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { Badge } from '../../components/ui/badge';
import { policyListSpec } from '../../shared/api/collections';
import type { Policy } from '../../shared/api/policies';
import { objectHref } from '../../shared/object-paths';
import { projectPath } from '../../shared/routes';
import { chainName } from '../../shared/chains';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { toastOnNextPage } from '../../lib/toast';
import { $favoriteChains } from '../../stores/favorites';
import { ChainLabel } from '../shared/columns';
import { chainOptions } from '../shared/chain-chips';
import { formatUsd } from '../transactions/format';
import { CreatePolicyDialog } from './create-policy-dialog';
import { STRATEGY_LABEL, formatNumber, type Strategy } from './model';

/** The gas policies section: every policy of the project and mode with its 30-day spend; a row opens its page. */
export function PoliciesPage() {
  const route = useProjectRoute();
  const apiPath = useModePath();
  const favorites = useClientStore($favoriteChains, []);
  const canWrite = useCan('write_data');
  const mode = route?.mode ?? 'test';
  const projectId = route?.projectId ?? '';
  const detail = (id: string, tab?: string) =>
    projectPath(projectId, mode, `/policies/${id}${tab ? `?page=${tab}` : ''}`);

  const columns: Column<Policy>[] = [
    {
      id: 'name',
      header: 'Name',
      sort: 'name',
      cell: (p) => (
        <a
          href={detail(p.id)}
          onClick={(e) => e.stopPropagation()}
          className="block max-w-64 truncate font-medium hover:underline"
        >
          {p.name}
        </a>
      ),
    },
    { id: 'chain', header: 'Chain', cell: (p) => <ChainLabel chainId={p.chainId} /> },
    {
      id: 'strategy',
      header: 'Strategy',
      cell: (p) => STRATEGY_LABEL[(p.strategy as Strategy).type] ?? String(p.strategy.type),
    },
    {
      id: 'enabled',
      header: 'Status',
      cell: (p) => (p.enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>),
    },
    {
      id: 'spend',
      header: 'Spend, 30 days',
      className: 'text-right tabular-nums',
      cell: (p) =>
        p.spend30d ? (
          <span title={`${formatNumber(p.spend30d.transactions)} sponsored transactions`}>
            {formatUsd(p.spend30d.costUsd)}
            <span className="ml-1 text-xs text-muted-foreground">({formatNumber(p.spend30d.transactions)} tx)</span>
          </span>
        ) : (
          '—'
        ),
    },
    { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (p) => <RelativeTime iso={p.createdAt} /> },
  ];

  return (
    <>
      <DataList<Policy>
        label="Gas policies"
        listKey="policies"
        apiPath={apiPath && `${apiPath}/policies`}
        spec={policyListSpec}
        columns={columns}
        chips={[
          { field: 'chainId', label: 'Chain', op: 'in', options: chainOptions(mode, favorites) },
          {
            field: 'enabled',
            label: 'Status',
            op: 'eq',
            options: [
              { value: true, label: 'Enabled' },
              { value: false, label: 'Disabled' },
            ],
          },
        ]}
        search={{
          placeholder: 'Search policies by name or id',
          name: { field: 'name', op: 'contains', label: 'Name contains' },
          openId: (id, prefix) => {
            const href = route && (prefix === 'pol' ? detail(id) : objectHref(route.projectId, route.mode, id));
            if (!href) return false;
            location.assign(href);
            return true;
          },
        }}
        rowLabel={(p) => `Policy ${p.name} on ${chainName(p.chainId)}, ${p.enabled ? 'enabled' : 'disabled'}`}
        onOpen={(p) => location.assign(detail(p.id))}
        empty={{
          title: 'No gas policies yet',
          description: canWrite
            ? 'Create a policy to sponsor your users’ gas on a chain, then add rules for what it pays for.'
            : 'Policies sponsor your users’ gas. A developer, admin or owner of the project can create them.',
        }}
        csv={{ filename: `policies-${mode}.csv` }}
        actions={
          canWrite &&
          apiPath && (
            <CreatePolicyDialog
              collectionPath={`${apiPath}/policies`}
              mode={mode}
              onCreated={(p) => {
                toastOnNextPage('success', `Policy “${p.name}” created`);
                location.assign(detail(p.id, 'rules'));
              }}
            />
          )
        }
      />
    </>
  );
}

export default PoliciesPage;
