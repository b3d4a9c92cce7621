import { ExternalLink, Settings2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Billing, Plan } from '../../shared/api/billing';
import { CHECKOUT_ENV } from '../../shared/billing';
import type { Mode } from '../../shared/api/common';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { cn } from '../../lib/cn';
import { CardSection } from '../shared/card-section';
import { formatCount, formatUsd } from './format';

/** Whether a URL the API answered is a checkout page on the provider's host (the API built it; checked again). */
export function isCheckoutUrl(url: string, host: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.host === host;
  } catch {
    return false;
  }
}

function PlanOption({
  plan,
  name,
  checked,
  onPick,
}: {
  plan: Plan;
  name: string;
  checked: boolean;
  onPick: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
        checked ? 'border-primary' : 'border-border hover:bg-muted',
      )}
    >
      <input
        type="radio"
        name={name}
        value={plan.id}
        checked={checked}
        onChange={onPick}
        className="mt-1 accent-primary"
      />
      <span className="grid gap-0.5">
        <span className="font-medium">{plan.name}</span>
        <span className="text-muted-foreground">
          {formatUsd(plan.priceUsd)} a month · {formatCount(plan.includedOperations)} operations included ·{' '}
          {formatUsd(plan.overagePer1000Usd)} per 1,000 more
        </span>
      </span>
    </label>
  );
}

/** Paid plans other than the current one, bought on the payment provider's hosted checkout. */
function CheckoutForm({ billing, projectId, mode }: { billing: Billing; projectId: string; mode: Mode }) {
  const host = billing.checkout.host!;
  const choices = billing.plans.filter((p) => p.priceUsd > 0 && p.id !== billing.plan.id);
  const [plan, setPlan] = useState(choices[0]?.id ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const name = useId();
  const errorId = useId();

  async function checkout() {
    setBusy(true);
    setError(undefined);
    try {
      const chosen = choices.find((p) => p.id === plan)!;
      const { url } = await apiWrite<{ url: string }>(`/projects/${projectId}/billing/checkout`, {
        method: 'POST',
        body: { plan, mode },
        pending: 'Opening the checkout…',
        done: `Continuing to ${host} for the ${chosen.name} plan`,
      });
      if (!isCheckoutUrl(url, host)) throw new Error('The checkout URL is not on the payment provider');
      location.assign(url);
    } catch (e) {
      setError(e instanceof ApiRequestError ? (e.fieldErrors.plan ?? e.message) : (e as Error).message);
      setBusy(false);
    }
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void checkout();
      }}
    >
      <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium">New plan</legend>
        {choices.map((p) => (
          <PlanOption
            key={p.id}
            plan={p}
            name={name}
            checked={plan === p.id}
            onPick={() => (setPlan(p.id), setError(undefined))}
          />
        ))}
        {error && (
          <p id={errorId} className="text-xs text-destructive">
            {error}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || !plan}>
          <ExternalLink className="h-4 w-4" aria-hidden /> Continue to checkout
        </Button>
        <p className="text-sm text-muted-foreground">
          You pay on {host}; the plan changes once the payment is confirmed.
          {billing.plan.priceUsd > 0 && ' To go back to Free, cancel the paid plan with the payment provider.'}
        </p>
      </div>
    </form>
  );
}

/** What to set for plan changes to work: the page says it exactly (README "Configuration", docs/api.md "Billing"). */
function HowToConfigure() {
  return (
    <div className="grid gap-3 text-sm" data-testid="checkout-setup">
      <p className="flex items-start gap-2">
        <Settings2 className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          Plan changes go through a payment provider&apos;s hosted checkout, and none is configured for this dashboard.
          To turn them on, set these two environment variables on the Cloudflare Pages project (Settings, Variables and
          Secrets) and deploy again:
        </span>
      </p>
      <dl className="grid gap-2 rounded-md border border-border bg-muted/50 p-3">
        <div>
          <dt>
            <code className="font-mono text-xs font-semibold">{CHECKOUT_ENV.url}</code>
          </dt>
          <dd className="text-muted-foreground">
            The provider&apos;s hosted checkout page, an https URL such as https://checkout.your-provider.com/pay.
          </dd>
        </div>
        <div>
          <dt>
            <code className="font-mono text-xs font-semibold">{CHECKOUT_ENV.host}</code>
          </dt>
          <dd className="text-muted-foreground">
            That page&apos;s host, such as checkout.your-provider.com: checkout links are only ever built on it.
          </dd>
        </div>
      </dl>
      <p className="text-muted-foreground">
        Locally, pass them to <code className="font-mono text-xs">wrangler pages dev</code> with{' '}
        <code className="font-mono text-xs">--binding</code> or put them in{' '}
        <code className="font-mono text-xs">.dev.vars</code>. The details are in docs/api.md, section Billing.
      </p>
    </div>
  );
}

/** Changing the plan (admins and owners): the hosted checkout when configured, else how to configure it. */
export function ChangePlan({ billing, projectId, mode }: { billing: Billing; projectId: string; mode: Mode }) {
  return (
    <CardSection
      title="Change plan"
      description={
        billing.checkout.available
          ? 'Choose a plan, then pay for it on the payment provider’s checkout page.'
          : undefined
      }
    >
      {billing.checkout.available ? (
        <CheckoutForm billing={billing} projectId={projectId} mode={mode} />
      ) : (
        <HowToConfigure />
      )}
    </CardSection>
  );
}
