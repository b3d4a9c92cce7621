import { ArrowLeft, Info, Power, PowerOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { TabBar } from '../../components/ui/tab-bar';
import type { Policy } from '../../shared/api/policies';
import { projectPath } from '../../shared/routes';
import { chainName } from '../../shared/chains';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { POLICY_TABS, STRATEGY_LABEL, type PolicyTab, type Strategy } from './model';
import { SettingsTab } from './settings-tab';
import { RulesTab } from './rules-tab';
import { ReportTab } from './report-tab';

// The list component loads with its tab (it is the page's largest part and only one tab uses it).
const TransactionsTab = lazy(() => import('./transactions-tab').then((m) => ({ default: m.TransactionsTab })));

/** Enable or disable; in live mode only after a confirmation (it changes what real users are charged). */
function Toggle({ policy, path, live }: { policy: Policy; path: string; live: boolean }) {
  const base = useModePath();
  const enable = !policy.enabled;
  const run = () =>
    apiWrite<Policy>(`${path}/${enable ? 'enable' : 'disable'}`, {
      method: 'POST',
      pending: enable ? 'Enabling policy…' : 'Disabling policy…',
      done: enable ? 'Policy enabled' : 'Policy disabled',
      invalidate: [path, `${base}/policies`],
    }).then(() => undefined);
  const button = (
    <Button variant="outline" size="sm" onClick={live ? undefined : () => void run().catch(() => undefined)}>
      {enable ? <Power className="h-4 w-4" aria-hidden /> : <PowerOff className="h-4 w-4" aria-hidden />}
      {enable ? 'Enable' : 'Disable'}
    </Button>
  );
  if (!live) return button;
  return (
    <ConfirmDialog
      trigger={button}
      destructive={!enable}
      title={enable ? 'Enable this live policy?' : 'Disable this live policy?'}
      description={
        enable
          ? 'Real users’ transactions that match its rules are sponsored from now on.'
          : 'Real users’ transactions stop being sponsored by this policy at once.'
      }
      confirmLabel={enable ? 'Enable policy' : 'Disable policy'}
      onConfirm={run}
    />
  );
}

/** One gas policy: its settings, rules, transactions and spend report as tabs (`?page=`). */
export function PolicyPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const canWrite = useCan('write_data');
  const policyId = route?.params.policyId;
  const path = base && policyId ? `${base}/policies/${policyId}` : null;
  const { data: policy, error, reload } = useApiQuery<Policy>(path);
  const asked = new URLSearchParams(useSearch()).get('page');
  const known = POLICY_TABS.some((t) => t.id === asked);
  const tab: PolicyTab = known ? (asked as PolicyTab) : 'settings';
  const back = route ? projectPath(route.projectId, route.mode, '/policies') : '/';

  const body = error ? (
    error.notFound ? (
      <StatePanel
        kind="not-found"
        title="No gas policy with this id here"
        description={`It is not a policy of this project in ${route?.mode ?? 'this'} mode.`}
        action={
          <a className="text-sm font-medium text-primary hover:underline" href={back}>
            All gas policies
          </a>
        }
      />
    ) : (
      <StatePanel kind="error" title="Could not load the policy" description={error.message} onRetry={reload} />
    )
  ) : !policy || !route || !path ? (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-5 w-80" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  ) : (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold">{policy.name}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {policy.enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>}
            <span>{chainName(policy.chainId)}</span>
            <span aria-hidden>·</span>
            <span>{STRATEGY_LABEL[(policy.strategy as Strategy).type] ?? String(policy.strategy.type)}</span>
          </p>
        </div>
        {canWrite && <Toggle policy={policy} path={path} live={route.mode === 'live'} />}
      </div>
      {!known && asked !== null && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <Info className="h-4 w-4 shrink-0" aria-hidden />
          There is no tab “{asked}”, so the settings are shown.
        </p>
      )}
      <TabBar
        label="Policy sections"
        tabs={POLICY_TABS}
        selected={tab}
        onSelect={(id) => patchSearch({ page: id === 'settings' ? null : id })}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'settings' && <SettingsTab policy={policy} path={path} canWrite={canWrite} />}
        {tab === 'rules' && <RulesTab policy={policy} path={path} canWrite={canWrite} />}
        {tab === 'transactions' && (
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <TransactionsTab policy={policy} />
          </Suspense>
        )}
        {tab === 'report' && <ReportTab policy={policy} path={path} />}
      </div>
    </div>
  );

  return (
    <>
      <a
        href={back}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Gas policies
      </a>
      {body}
    </>
  );
}

export default PolicyPage;
