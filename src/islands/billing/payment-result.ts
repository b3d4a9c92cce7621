import { useEffect } from 'react';
import { PAYMENT_PARAM, PAYMENT_RESULTS, type PaymentResult } from '../../shared/billing';
import { toast } from '../../lib/toast';
import { patchSearch } from '../../stores/location';

const MESSAGES: Record<PaymentResult, string> = {
  success: 'Payment received: the new plan applies as soon as the payment provider confirms it',
  canceled: 'Checkout canceled: your plan has not changed',
};

let handled = false;

/**
 * The way back from the hosted checkout (`?payment=success|canceled`): its toast once, then the parameter leaves the
 * URL with a history replace, so neither a reload nor back and forward show it again. Any other value just leaves.
 */
export function usePaymentResult(): void {
  useEffect(() => {
    const value = new URLSearchParams(location.search).get(PAYMENT_PARAM);
    if (value === null || handled) return;
    handled = true;
    if ((PAYMENT_RESULTS as readonly string[]).includes(value)) {
      const result = value as PaymentResult;
      if (result === 'success') toast.success(MESSAGES.success);
      else toast.error(MESSAGES.canceled);
    }
    patchSearch({ [PAYMENT_PARAM]: null }, { replace: true });
  }, []);
}
