/**
 * Billing values the browser needs too, zod-free: the `payment` search parameter the payment provider's hosted
 * checkout sends the user back with (docs/api.md "Billing").
 */
export const PAYMENT_PARAM = 'payment';
export const PAYMENT_RESULTS = ['success', 'canceled'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

/**
 * Where the payment provider sends its signed events, under /api/v1 (docs/api.md "Provider events"); the local
 * stand-in (dev/payment-provider) posts there too.
 */
export const PROVIDER_EVENTS_PATH = '/billing/provider-events';

/** The provider's signature header (Stripe's), checked with the `stripe` package. */
export const PROVIDER_SIGNATURE_HEADER = 'Stripe-Signature';

/** Invoices a billing answer carries, newest first. */
export const INVOICE_LIMIT = 24;
