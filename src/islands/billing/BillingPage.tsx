import type { Billing } from '../../shared/api/billing';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useProjectRoute } from '../../lib/use-project';
import { ChangePlan } from './change-plan';
import { HistoryChart } from './history-chart';
import { Invoices } from './invoices';
import { usePaymentResult } from './payment-result';
import { PendingPaymentNotice } from './pending-payment';
import { PlanCard, UsageCard } from './usage';
import { UsageAlertsCard } from './usage-alerts';
import { UsageNotices } from './usage-notices';

function Loading() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-52 w-full" />
        <Skeleton className="h-52 w-full" />
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** Billing of the page's project: plan, usage this period, plan changes, monthly history and invoices. */
export function BillingPage() {
  const route = useProjectRoute();
  const { data, error, reload } = useApiQuery<Billing>(route ? `/projects/${route.projectId}/billing` : null);
  const canChange = useCan('manage_billing');
  const pending = usePaymentResult(route?.projectId, data, reload);

  if (error)
    return error.notFound ? (
      <StatePanel kind="not-found" title="No such project" description="It does not exist, or you are not a member." />
    ) : (
      <StatePanel kind="error" title="Could not load billing" description={error.message} onRetry={reload} />
    );
  if (!data || !route) return <Loading />;
  return (
    <div className="grid gap-6">
      <UsageNotices />
      {pending && <PendingPaymentNotice pending={pending} billing={data} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <PlanCard billing={data} canChange={canChange} />
        <UsageCard billing={data} />
      </div>
      {canChange && <ChangePlan billing={data} projectId={route.projectId} mode={route.mode} pending={!!pending} />}
      <UsageAlertsCard projectId={route.projectId} canEdit={canChange} />
      <HistoryChart billing={data} />
      <Invoices invoices={data.invoices} />
    </div>
  );
}

export default BillingPage;
