import { useState } from 'react';
import { useClientStore } from '../../lib/use-client-store';
import { DataList, type Column } from '../../components/data-list/data-list';
import { Badge } from '../../components/ui/badge';
import { CopyText } from '../../components/ui/copy-button';
import { RelativeTime } from '../../components/ui/relative-time';
import { StatePanel } from '../../components/ui/state-panel';
import type { ApiKey, ApiKeyWithSecret } from '../../shared/api/api-keys';
import { API_KEY_TYPES, apiKeyListSpec } from '../../shared/api/collections';
import { projectPath } from '../../shared/routes';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { $role } from '../../stores/project-context';
import { CreateKeyDialog } from './create-key-dialog';
import { KeyStatus } from './key-status';
import { SecretOnceDialog } from './secret-once-dialog';

/** The scopes of a key, short: "read, write" or the per-collection list. */
export function ScopeList({ scopes }: { scopes: readonly string[] }) {
  if (!scopes.length) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex max-w-64 flex-wrap gap-1">
      {scopes.slice(0, 3).map((s) => (
        <Badge key={s}>{s}</Badge>
      ))}
      {scopes.length > 3 && <Badge>+{scopes.length - 3}</Badge>}
    </span>
  );
}

/** API keys of the current mode (admins and owners): create with scopes, secret shown once, open a key. */
export function ApiKeysPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const role = useClientStore($role, null);
  const canManage = useCan('manage_keys');
  const [secret, setSecret] = useState<ApiKeyWithSecret | null>(null);
  if (role && !canManage)
    return (
      <StatePanel
        kind="empty"
        title="API keys are for admins and owners"
        description="Ask an admin of this project for a key, or for a higher role."
      />
    );
  const listPath = base && `${base}/api-keys`;
  const columns: Column<ApiKey>[] = [
    { id: 'name', header: 'Name', cell: (k) => <span className="font-medium">{k.name}</span> },
    {
      id: 'type',
      header: 'Type',
      cell: (k) => <Badge tone={k.type === 'secret' ? 'info' : 'neutral'}>{k.type}</Badge>,
    },
    {
      id: 'key',
      header: 'Key',
      cell: (k) =>
        k.publicKey ? (
          <CopyText value={k.publicKey} label="publishable key" />
        ) : (
          <span className="font-mono text-xs">{k.hint}</span>
        ),
    },
    { id: 'scopes', header: 'Scopes', cell: (k) => (k.type === 'publishable' ? '—' : <ScopeList scopes={k.scopes} />) },
    { id: 'status', header: 'Status', cell: (k) => <KeyStatus apiKey={k} /> },
    {
      id: 'lastUsed',
      header: 'Last used',
      cell: (k) => (k.lastUsedAt ? <RelativeTime iso={k.lastUsedAt} /> : 'Never'),
    },
    { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (k) => <RelativeTime iso={k.createdAt} /> },
  ];
  return (
    <>
      <DataList<ApiKey>
        label="API keys"
        listKey="api-keys"
        apiPath={listPath}
        spec={apiKeyListSpec}
        columns={columns}
        chips={[
          { field: 'type', label: 'Type', op: 'eq', options: API_KEY_TYPES.map((t) => ({ value: t, label: t })) },
        ]}
        rowLabel={(k) => `${k.type} key ${k.name}`}
        onOpen={(k) => route && location.assign(projectPath(route.projectId, route.mode, `/api-keys/${k.id}`))}
        empty={{
          title: 'No keys in this mode',
          description: 'Create a secret key for your server and a publishable key for your app.',
        }}
        actions={
          canManage && listPath && route ? (
            <CreateKeyDialog collectionPath={listPath} mode={route.mode} onCreated={(k) => k.secret && setSecret(k)} />
          ) : undefined
        }
      />
      {secret?.secret && (
        <SecretOnceDialog
          title={`Your new key “${secret.name}”`}
          secret={secret.secret}
          onDone={() => setSecret(null)}
        />
      )}
    </>
  );
}

export default ApiKeysPage;
