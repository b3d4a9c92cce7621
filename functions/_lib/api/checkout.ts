import { PAYMENT_PARAM, type PaymentResult } from '../../../src/shared/billing';

/** The payment provider's hosted checkout, from the environment (docs/api.md "Billing"). */
export interface CheckoutConfig {
  /** The checkout page as configured (its own query parameters are kept). */
  base: URL;
  /** `host[:port]` every checkout URL must be on. */
  host: string;
}

const warned = new Set<string>();

/**
 * The checkout configuration, or null when it is missing or unsafe: `BILLING_CHECKOUT_URL` must be an https URL
 * without credentials or fragment whose host is exactly `BILLING_PROVIDER_HOST`. A misconfiguration is logged once
 * per isolate and reads as "not configured" (plan changes stay off rather than send anyone elsewhere).
 */
export function checkoutConfig(
  env: Pick<Env, 'BILLING_CHECKOUT_URL' | 'BILLING_PROVIDER_HOST'>,
): CheckoutConfig | null {
  const raw = env.BILLING_CHECKOUT_URL?.trim();
  const host = env.BILLING_PROVIDER_HOST?.trim().toLowerCase();
  if (!raw || !host) return null;
  const base = URL.canParse(raw) ? new URL(raw) : null;
  if (!base || base.protocol !== 'https:' || base.username || base.password || base.hash || base.host !== host) {
    if (!warned.has(raw + host)) {
      warned.add(raw + host);
      console.warn('billing: BILLING_CHECKOUT_URL must be an https URL on BILLING_PROVIDER_HOST; checkout is off');
    }
    return null;
  }
  return { base, host };
}

/**
 * The hosted checkout URL of one plan for one project, built here and only here: the configured page plus `plan`,
 * `client_reference_id` (the project) and the pages the provider sends the user back to, on the dashboard's own
 * origin. Nothing of it comes from the browser but the plan and mode (both from fixed lists), so it cannot be
 * turned into a redirect elsewhere; the result is checked against the configured host once more.
 */
export function checkoutUrl(
  config: CheckoutConfig,
  o: { plan: string; projectId: string; mode: string; origin: string },
): string {
  const url = new URL(config.base.href);
  const back = (result: PaymentResult) =>
    `${o.origin}/${o.projectId}/${o.mode}/settings/billing?${PAYMENT_PARAM}=${result}`;
  url.searchParams.set('plan', o.plan);
  url.searchParams.set('client_reference_id', o.projectId);
  url.searchParams.set('success_url', back('success'));
  url.searchParams.set('cancel_url', back('canceled'));
  if (url.protocol !== 'https:' || url.host !== config.host) throw new Error('checkout URL left the provider host');
  return url.href;
}
