import { PAYMENT_PARAM, type PaymentResult } from '../../../src/shared/billing';

/** The payment provider's hosted checkout, from the environment (docs/api.md "Billing"). */
export interface CheckoutConfig {
  /** The checkout page as configured (its own query parameters are kept). */
  base: URL;
  /** `host[:port]` every checkout URL must be on. */
  host: string;
  /** The local stand-in on a loopback host over http (BILLING_ALLOW_LOOPBACK, loopback dashboards only). */
  loopback: boolean;
}

const warned = new Set<string>();
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a URL's host is a loopback name or address as written (no resolving: `127.0.0.1`, `localhost`, `[::1]`). */
export const isLoopbackHost = (url: URL): boolean => LOOPBACK_HOSTS.has(url.hostname);

/**
 * The checkout configuration, or null when it is missing or unsafe: `BILLING_CHECKOUT_URL` must be an https URL
 * without credentials or fragment whose host is exactly `BILLING_PROVIDER_HOST`, and the provider's events must be
 * verifiable (`BILLING_WEBHOOK_SECRET`), or a payment would never change the plan. A misconfiguration is logged once
 * per isolate and reads as "not configured" (plan changes stay off rather than send anyone elsewhere).
 *
 * The one exception is the local stand-in (dev/payment-provider): with `BILLING_ALLOW_LOOPBACK=true` the page may be
 * http on a loopback host, and only while the dashboard itself answers on a loopback host (`origin`), so the flag
 * does nothing on a deployed dashboard even when set there by mistake.
 */
export function checkoutConfig(
  env: Pick<
    Env,
    'BILLING_CHECKOUT_URL' | 'BILLING_PROVIDER_HOST' | 'BILLING_WEBHOOK_SECRET' | 'BILLING_ALLOW_LOOPBACK'
  >,
  origin: URL,
): CheckoutConfig | null {
  const raw = env.BILLING_CHECKOUT_URL?.trim();
  const host = env.BILLING_PROVIDER_HOST?.trim().toLowerCase();
  if (!raw || !host || !env.BILLING_WEBHOOK_SECRET?.trim()) return null;
  const base = URL.canParse(raw) ? new URL(raw) : null;
  const loopback =
    env.BILLING_ALLOW_LOOPBACK === 'true' &&
    base !== null &&
    base.protocol === 'http:' &&
    isLoopbackHost(base) &&
    isLoopbackHost(origin);
  if (
    !base ||
    (base.protocol !== 'https:' && !loopback) ||
    base.username ||
    base.password ||
    base.hash ||
    base.host !== host
  ) {
    if (!warned.has(raw + host)) {
      warned.add(raw + host);
      console.warn('billing: BILLING_CHECKOUT_URL must be an https URL on BILLING_PROVIDER_HOST; checkout is off');
    }
    return null;
  }
  return { base, host, loopback };
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
  const scheme = config.loopback ? 'http:' : 'https:';
  if (url.protocol !== scheme || url.host !== config.host) throw new Error('checkout URL left the provider host');
  return url.href;
}
