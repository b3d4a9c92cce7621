/**
 * The local payment-provider stand-in of `npm start` and the test stacks (dev/payment-provider): a hosted checkout
 * page that, when the demo user pays, sends Stripe-signed events to the dashboard. Local only; never deployed.
 */
export const LOCAL_PAYMENTS = {
  /** Its web server on 127.0.0.1: `PAYMENTS_PORT`. */
  port: 8789,
  /**
   * The endpoint secret both sides know: the stand-in signs with it, the dashboard's `BILLING_WEBHOOK_SECRET`
   * verifies with it. A public, local-only value (a deployment has the provider's own secret).
   */
  webhookSecret: 'whsec_local_payment_provider_stand_in',
  /** How long after "Pay" the events go out (ms; `PAYMENTS_EVENT_DELAY_MS`): like a real provider, after the redirect. */
  eventDelayMs: 1500,
} as const;

/** The dashboard's environment for the stand-in on `paymentsUrl` (npm start and the test stacks bind these). */
export function paymentBindings(paymentsUrl: string): Record<string, string> {
  const url = new URL(paymentsUrl);
  return {
    BILLING_CHECKOUT_URL: `${url.origin}/pay`,
    BILLING_PROVIDER_HOST: url.host,
    BILLING_WEBHOOK_SECRET: LOCAL_PAYMENTS.webhookSecret,
    // The stand-in is http on loopback: allowed only with this flag and only for a dashboard served on loopback.
    BILLING_ALLOW_LOOPBACK: 'true',
  };
}
