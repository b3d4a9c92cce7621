import { ExternalLink, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import type { Billing, Plan } from '../../shared/api/billing';
import type { Mode } from '../../shared/api/common';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { cn } from '../../lib/cn';
import { CardSection } from '../shared/card-section';
import { formatCount, formatUsd } from './format';
import { rememberCheckout } from './payment-result';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a URL the API answered is a checkout page on the provider's host (the API built it; checked again): https,
 * or http on a loopback host (the local stand-in, which the API offers only to a dashboard on loopback).
 */
export function isCheckoutUrl(url: string, host: string): boolean {
  try {
    const u = new URL(url);
    return u.host === host && (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname)));
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
function CheckoutForm({
  billing,
  projectId,
  mode,
  pending,
}: {
  billing: Billing;
  projectId: string;
  mode: Mode;
  pending: boolean;
}) {
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
      rememberCheckout(projectId, plan);
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
        <Button type="submit" disabled={busy || pending || !plan}>
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

/**
 * No payment provider on this deployment: what the customer can do. The operator's side (which settings turn the
 * checkout on) is in docs/api.md "Billing", never on the screen.
 */
function ContactSales() {
  return (
    <p className="flex items-start gap-2 text-sm" data-testid="checkout-unavailable">
      <Mail className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        Plans cannot be bought online here. <strong className="font-medium">Contact sales to change your plan</strong>;
        your current plan stays as it is until then.
      </span>
    </p>
  );
}

/** Changing the plan (admins and owners): the hosted checkout when there is one, else whom to ask. */
export function ChangePlan({
  billing,
  projectId,
  mode,
  pending = false,
}: {
  billing: Billing;
  projectId: string;
  mode: Mode;
  /** A payment is being confirmed: no second checkout until it is. */
  pending?: boolean;
}) {
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
        <CheckoutForm billing={billing} projectId={projectId} mode={mode} pending={pending} />
      ) : (
        <ContactSales />
      )}
    </CardSection>
  );
}
