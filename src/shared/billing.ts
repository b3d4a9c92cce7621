/**
 * Billing values the browser needs too, zod-free: the `payment` search parameter the payment provider's hosted
 * checkout sends the user back with (docs/api.md "Billing").
 */
export const PAYMENT_PARAM = 'payment';
export const PAYMENT_RESULTS = ['success', 'canceled'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

/** Environment variables that turn on plan changes through a hosted checkout (README "Configuration"). */
export const CHECKOUT_ENV = { url: 'BILLING_CHECKOUT_URL', host: 'BILLING_PROVIDER_HOST' } as const;

/** Invoices a billing answer carries, newest first. */
export const INVOICE_LIMIT = 24;
