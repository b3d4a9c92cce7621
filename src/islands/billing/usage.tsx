import { useId } from 'react';
import type { Billing } from '../../shared/api/billing';
import { cn } from '../../lib/cn';
import { CardSection } from '../shared/card-section';
import { daysLeft, formatCount, formatPeriod, formatRate, formatUsd } from './format';

/** The plan: its price, what it includes, and the period being billed. */
export function PlanCard({ billing, canChange }: { billing: Billing; canChange: boolean }) {
  const { plan, period } = billing;
  const left = daysLeft(period.end);
  return (
    <CardSection title="Plan" description="Operations are live-mode transactions; test mode is free.">
      <div>
        <p className="text-2xl font-semibold" data-testid="plan-name">
          {plan.name}
        </p>
        <p className="text-sm text-muted-foreground">
          {plan.priceUsd === 0 ? 'Free' : `${formatUsd(plan.priceUsd)} a month`}
        </p>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Included</dt>
          <dd className="font-medium">{formatCount(plan.includedOperations)} operations a month</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Beyond that</dt>
          <dd className="font-medium">{formatRate(plan.overagePer1000Usd)} per 1,000 operations</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Current period (UTC)</dt>
          <dd className="font-medium">
            {formatPeriod(period.start, period.end)}{' '}
            <span className="font-normal text-muted-foreground">({left === 1 ? '1 day' : `${left} days`} left)</span>
          </dd>
        </div>
      </dl>
      {!canChange && (
        <p className="text-sm text-muted-foreground">Admins and owners of this project change its plan.</p>
      )}
    </CardSection>
  );
}

/** Operations used against those included (a meter), the overage so far and the bill it points to. */
export function UsageCard({ billing }: { billing: Billing }) {
  const { usage, plan } = billing;
  const labelId = useId();
  const share = usage.included > 0 ? usage.operations / usage.included : usage.operations > 0 ? Infinity : 0;
  // A sliver stays visible for any use at all.
  const percent = usage.operations > 0 ? Math.max(1, Math.min(100, share * 100)) : 0;
  const over = usage.overage > 0;
  const shown =
    share === Infinity ? 'over' : share < 0.01 && usage.operations > 0 ? '< 1%' : `${Math.round(share * 100)}%`;
  return (
    <CardSection title="Usage this period">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span id={labelId} className="font-medium">
            Operations
          </span>
          <span className="tabular-nums" data-testid="usage-figures">
            {formatCount(usage.operations)} of {formatCount(usage.included)} ({shown})
          </span>
        </div>
        <div
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={usage.included}
          aria-valuenow={Math.min(usage.operations, usage.included)}
          aria-valuetext={`${formatCount(usage.operations)} of ${formatCount(usage.included)} included operations used${over ? `, ${formatCount(usage.overage)} over` : ''}`}
          className="h-3 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', over ? 'bg-destructive' : 'bg-primary')}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Overage so far</dt>
          <dd className={cn('font-medium tabular-nums', over && 'text-destructive')} data-testid="overage">
            {over ? `${formatCount(usage.overage)} operations, about ${formatUsd(usage.overageEstimateUsd)}` : 'None'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Estimated bill</dt>
          <dd className="font-medium tabular-nums">{formatUsd(plan.priceUsd + usage.overageEstimateUsd)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Live users</dt>
          <dd className="font-medium tabular-nums">{formatCount(usage.users)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Live wallets</dt>
          <dd className="font-medium tabular-nums">{formatCount(usage.wallets)}</dd>
        </div>
      </dl>
    </CardSection>
  );
}
