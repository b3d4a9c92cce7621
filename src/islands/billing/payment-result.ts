import { useEffect, useState } from 'react';
import type { Billing } from '../../shared/api/billing';
import { PAYMENT_PARAM } from '../../shared/billing';
import { toast } from '../../lib/toast';
import { patchSearch } from '../../stores/location';

/** How often the page asks again while a payment is being confirmed, and for how long at most. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_WAIT_MS = 60_000;

const storageKey = (projectId: string) => `dashboard:billing-checkout:${projectId}`;

/** Remembers, for this tab, the plan a checkout was started for (read when the provider sends the user back). */
export function rememberCheckout(projectId: string, plan: string): void {
  try {
    sessionStorage.setItem(storageKey(projectId), plan);
  } catch {
    // Storage off: the page then waits for any plan change.
  }
}

function takeCheckout(projectId: string): string | null {
  try {
    const plan = sessionStorage.getItem(storageKey(projectId));
    sessionStorage.removeItem(storageKey(projectId));
    return plan;
  } catch {
    return null;
  }
}

/** A payment waiting for the provider's signed event: the plan bought (when this tab started it). */
export interface PendingPayment {
  /** The plan bought, or null when unknown (then any change of plan confirms it). */
  expected: string | null;
  /** Whether the page stopped asking (CONFIRM_WAIT_MS passed without the event). */
  timedOut: boolean;
  /** Asks again for another CONFIRM_WAIT_MS. */
  retry: () => void;
}

let handled = false;

/**
 * The way back from the hosted checkout (`?payment=success|canceled`), handled once; the parameter leaves the URL
 * with a history replace, so neither a reload nor back and forward handle it again.
 *
 * `canceled` is a toast ("nothing changed"). `success` is a pending state, not yet a new plan: the plan changes only
 * when the payment provider's signed event arrives, so the page asks for the billing again every 2 s for up to a
 * minute, and the state ends with a toast once the plan bought shows.
 */
export function usePaymentResult(
  projectId: string | undefined,
  billing: Billing | undefined,
  reload: () => void,
): PendingPayment | null {
  const [waiting, setWaiting] = useState<{ expected: string | null; from: string | null; round: number } | null>(null);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!projectId) return;
    const value = new URLSearchParams(location.search).get(PAYMENT_PARAM);
    if (value === null || handled) return;
    handled = true;
    const expected = takeCheckout(projectId);
    if (value === 'success') setWaiting({ expected, from: null, round: 0 });
    else if (value === 'canceled') toast.error('Checkout canceled: your plan has not changed');
    patchSearch({ [PAYMENT_PARAM]: null }, { replace: true });
  }, [projectId]);

  // The plan on screen when the wait started: without a known plan bought, any other plan confirms the payment.
  const plan = billing?.plan;
  useEffect(() => {
    if (!waiting || !plan) return;
    if (waiting.from === null && waiting.expected === null) return setWaiting({ ...waiting, from: plan.id });
    const confirmed = waiting.expected ? plan.id === waiting.expected : plan.id !== waiting.from;
    if (!confirmed) return;
    setWaiting(null);
    toast.success(`Payment confirmed: this project is on the ${plan.name} plan`);
  }, [waiting, plan]);

  const round = waiting?.round;
  useEffect(() => {
    if (round === undefined) return;
    setTimedOut(false);
    const poll = setInterval(reload, CONFIRM_POLL_MS);
    const stop = setTimeout(() => {
      clearInterval(poll);
      setTimedOut(true);
    }, CONFIRM_WAIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
    // `reload` is a new function each render: only a new round restarts the wait.
  }, [round]);

  if (!waiting) return null;
  return {
    expected: waiting.expected,
    timedOut,
    retry: () => setWaiting((w) => (w ? { ...w, round: w.round + 1 } : w)),
  };
}
