import { Clock, Loader2 } from 'lucide-react';
import type { Billing } from '../../shared/api/billing';
import { Button } from '../../components/ui/button';
import type { PendingPayment } from './payment-result';

/**
 * Back from a paid checkout, before the payment provider's signed event has changed the plan: a status line while
 * the page asks again, then (after a minute without it) what it means and "Check again".
 */
export function PendingPaymentNotice({ pending, billing }: { pending: PendingPayment; billing: Billing }) {
  const plan = billing.plans.find((p) => p.id === pending.expected);
  const target = plan ? `the ${plan.name} plan` : 'the new plan';
  return (
    <div
      role="status"
      data-testid="payment-pending"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4 text-sm"
    >
      {pending.timedOut ? (
        <>
          <Clock className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1">
            The payment provider has not confirmed your payment yet. This project moves to {target} as soon as it does;
            nothing is charged twice.
          </span>
          <Button variant="outline" size="sm" onClick={pending.retry}>
            Check again
          </Button>
        </>
      ) : (
        <>
          <Loader2 className="h-4 w-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1">
            Payment received. Waiting for the payment provider to confirm it: this project moves to {target} then.
          </span>
        </>
      )}
    </div>
  );
}
