import { useState } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { webhookListSpec } from '../../shared/api/collections';
import { projectPath } from '../../shared/routes';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { WebhookNotices } from './notices-banner';
import { WebhookSecretDialog } from './secret-dialog';
import type { Webhook, WebhookWithSecret } from './types';
import { LastDelivery, SuccessRate, TopicList, WebhookStatus } from './webhook-status';

export const webhookColumns: Column<Webhook>[] = [
  {
    id: 'url',
    header: 'URL',
    cell: (w) => (
      <span className="block max-w-72 min-w-0" title={w.url}>
        <span className="block truncate font-mono text-xs">{w.url}</span>
        {w.description && <span className="block truncate text-xs text-muted-foreground">{w.description}</span>}
      </span>
    ),
  },
  { id: 'status', header: 'Status', cell: (w) => <WebhookStatus webhook={w} /> },
  { id: 'successRate', header: 'Success (24 h)', cell: (w) => <SuccessRate rate={w.successRate24h} /> },
  { id: 'lastDelivery', header: 'Last delivery', cell: (w) => <LastDelivery webhook={w} /> },
  { id: 'topics', header: 'Topics', cell: (w) => <TopicList topics={w.topics} /> },
  {
    id: 'secret',
    header: 'Secret',
    cell: (w) => <span className="font-mono text-xs">{w.secretHint}</span>,
    optional: true,
  },
  { id: 'createdAt', header: 'Created', sort: 'createdAt', cell: (w) => <RelativeTime iso={w.createdAt} /> },
];

/**
 * The webhooks of this mode: status (with the engine's reason when it disabled one), success over 24 hours, last
 * delivery; "Add webhook" for roles that may write data, its signing secret shown once; a row opens its page.
 */
export function WebhooksPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const canWrite = useCan('write_data');
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const listPath = base && `${base}/webhooks`;
  const open = (id: string) => route && location.assign(projectPath(route.projectId, route.mode, `/webhooks/${id}`));
  const add =
    canWrite && listPath && route ? (
      <CreateWebhookDialog collectionPath={listPath} mode={route.mode} onCreated={setCreated} />
    ) : undefined;

  return (
    <>
      <WebhookNotices mode={route?.mode} />
      <DataList<Webhook>
        label="Webhooks"
        listKey="webhooks"
        apiPath={listPath}
        spec={webhookListSpec}
        columns={webhookColumns}
        chips={[
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
        rowLabel={(w) => `Webhook ${w.url}`}
        onOpen={(w) => open(w.id)}
        actions={add}
        empty={{
          title: 'No webhooks in this mode',
          description:
            'A webhook sends a signed POST to your server when users, accounts, transactions or balances change.',
          action: add,
        }}
      />
      {created && (
        <WebhookSecretDialog
          webhook={created}
          onDone={() => {
            const id = created.id;
            setCreated(null);
            open(id);
          }}
        />
      )}
    </>
  );
}

export default WebhooksPage;
