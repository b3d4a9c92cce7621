import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { TabBar } from '../../components/ui/tab-bar';
import { exactTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { projectPath } from '../../shared/routes';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { toastOnNextPage } from '../../lib/toast';
import { patchSearch } from '../../stores/location';
import { timeLeft } from '../api-keys/key-status';
import { DeliveryLog } from './delivery-log';
import { WebhookSecretDialog } from './secret-dialog';
import { SettingsForm } from './settings-form';
import { DISABLED_REASON, type Webhook, type WebhookWithSecret } from './types';
import { WebhookActions } from './webhook-actions';
import { LastDelivery, SuccessRate, WebhookStatus } from './webhook-status';

const TABS = [
  { id: 'deliveries', label: 'Deliveries' },
  { id: 'settings', label: 'Settings' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 border-b border-border py-2.5 text-sm last:border-0 sm:grid-cols-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 min-w-0 sm:col-span-3">{children}</dd>
    </div>
  );
}

/** What a webhook is: status, numbers of the last 24 hours, signing secret (and the rotation's grace end). */
function Summary({ webhook: w }: { webhook: Webhook }) {
  return (
    <dl className="rounded-xl border border-border bg-card px-4">
      <Row label="Status">
        <WebhookStatus webhook={w} />
      </Row>
      <Row label="Success (24 h)">
        <SuccessRate rate={w.successRate24h} />
      </Row>
      <Row label="Last delivery">
        <LastDelivery webhook={w} />
      </Row>
      <Row label="Signing secret">
        <span className="font-mono text-xs">{w.secretHint}</span>
        {w.previousSecretExpiresAt && (
          <span className="mt-1 block text-xs text-muted-foreground">
            Rotated: the previous secret also signs until {exactTime(w.previousSecretExpiresAt)} (
            {timeLeft(w.previousSecretExpiresAt)} left).
          </span>
        )}
      </Row>
      <Row label="Created">{exactTime(w.createdAt)}</Row>
    </dl>
  );
}

/**
 * One webhook (`/webhooks/{webhookId}`): summary and actions (test event, enable/disable, rotate, delete), then its
 * delivery log or its settings (`?tab=settings`). Another project's or an unknown id is a not-found state.
 */
export function WebhookPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const canWrite = useCan('write_data');
  const id = route?.params.webhookId;
  const collection = base ? `${base}/webhooks` : null;
  const path = collection && id ? `${collection}/${encodeURIComponent(id)}` : null;
  const { data: webhook, error, reload } = useApiQuery<Webhook>(path);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const asked = new URLSearchParams(useSearch()).get('tab');
  const tab: Tab = asked === 'settings' ? 'settings' : 'deliveries';
  const back = route ? projectPath(route.projectId, route.mode, '/webhooks') : '/';
  const notFound = error && (error.notFound || error.status === 400);
  const body = error ? (
    notFound ? (
      <StatePanel
        kind="not-found"
        title="No webhook with this id here"
        description={`It is not a webhook of this project in ${route?.mode ?? 'this'} mode.`}
        action={
          <a className="text-sm font-medium text-primary hover:underline" href={back}>
            All webhooks
          </a>
        }
      />
    ) : (
      <StatePanel kind="error" title="Could not load the webhook" description={error.message} onRetry={reload} />
    )
  ) : !webhook || !route || !path || !collection ? (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-8 w-80 max-w-full" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  ) : (
    <div className="grid gap-5">
      <div className="grid gap-3">
        <div className="min-w-0">
          <h2 className="font-mono text-base font-semibold break-all sm:text-lg">{webhook.url}</h2>
          {webhook.description && <p className="mt-1 text-sm text-muted-foreground">{webhook.description}</p>}
        </div>
        {canWrite && (
          <WebhookActions
            webhook={webhook}
            path={path}
            collection={collection}
            onRotated={setSecret}
            onDeleted={() => {
              toastOnNextPage('success', 'Webhook deleted');
              location.assign(back);
            }}
          />
        )}
      </div>
      {!webhook.enabled && webhook.disabledReason && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            We stopped sending to this endpoint because {DISABLED_REASON[webhook.disabledReason]}.
            {canWrite
              ? ' Fix it, then enable the webhook again.'
              : ' Someone who may edit webhooks can enable it again.'}
          </span>
        </p>
      )}
      <Summary webhook={webhook} />
      <TabBar
        label="Webhook sections"
        tabs={TABS}
        selected={tab}
        onSelect={(id) => patchSearch({ tab: id === 'deliveries' ? null : id })}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'deliveries' ? (
          <DeliveryLog webhook={webhook} webhookPath={path} canWrite={canWrite} />
        ) : canWrite ? (
          <SettingsForm key={webhook.id} webhook={webhook} path={path} collection={collection} reload={reload} />
        ) : (
          <dl className="max-w-2xl rounded-xl border border-border bg-card px-4">
            <Row label="URL">
              <span className="font-mono text-xs break-all">{webhook.url}</span>
            </Row>
            <Row label="Topics">
              <span className="font-mono text-xs">{webhook.topics.join(', ')}</span>
            </Row>
            <Row label="Description">{webhook.description ?? '—'}</Row>
          </dl>
        )}
      </div>
    </div>
  );

  return (
    <>
      <a
        href={back}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Webhooks
      </a>
      {body}
      {secret && (
        <WebhookSecretDialog
          webhook={secret}
          rotated
          onDone={() => {
            setSecret(null);
            reload();
          }}
        />
      )}
    </>
  );
}

export default WebhookPage;
