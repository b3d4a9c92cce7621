import { z } from 'zod';
import { modeSchema, timestamp } from './common.ts';
import { idSchema } from './ids.ts';

/** Plans offered (prices in USD per month; overage per 1,000 operations). */
export const PLANS = {
  free: { id: 'free', name: 'Free', priceUsd: 0, includedOperations: 1_000, overagePer1000Usd: 0 },
  growth: { id: 'growth', name: 'Growth', priceUsd: 99, includedOperations: 100_000, overagePer1000Usd: 1 },
  scale: { id: 'scale', name: 'Scale', priceUsd: 499, includedOperations: 1_000_000, overagePer1000Usd: 0.5 },
} as const;
export type PlanId = keyof typeof PLANS;
const planId = z.enum(Object.keys(PLANS) as [PlanId, ...PlanId[]]);

export const INVOICE_STATUSES = ['open', 'paid', 'void', 'uncollectible'] as const;

export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    priceUsd: z.number(),
    includedOperations: z.number(),
    overagePer1000Usd: z.number(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const invoiceSchema = z
  .object({
    id: idSchema('ivc'),
    /** The provider's invoice number. */
    number: z.string(),
    /** The billed month: [periodStart, periodEnd), UTC. */
    periodStart: timestamp,
    periodEnd: timestamp,
    amountUsd: z.number(),
    status: z.enum(INVOICE_STATUSES),
    issuedAt: timestamp,
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const billingSchema = z
  .object({
    plan: planSchema,
    period: z.object({ start: timestamp, end: timestamp }),
    usage: z.object({
      operations: z.number().int(),
      included: z.number().int(),
      overage: z.number().int(),
      overageEstimateUsd: z.number(),
      users: z.number().int(),
      wallets: z.number().int(),
    }),
    /** Live-mode operations per calendar month (`YYYY-MM`, UTC) over the last 12 months; months without any are left out. */
    history: z.array(z.object({ month: z.string(), operations: z.number().int(), costUsd: z.number() })),
    /** Every plan offered, cheapest first. */
    plans: z.array(planSchema),
    /** The newest invoices (at most 24), newest first. */
    invoices: z.array(invoiceSchema),
    /** Whether plans can be changed through the payment provider's hosted checkout, and on which host. */
    checkout: z.object({ available: z.boolean(), host: z.string().nullable() }),
    version: z.number().int(),
  })
  .meta({ id: 'Billing' });
export type Billing = z.infer<typeof billingSchema>;

/** The answer to the payment provider's signed event (`POST /billing/provider-events`): taken, and what it did. */
export const providerEventResultSchema = z
  .object({
    received: z.literal(true),
    eventId: z.string(),
    /** `applied`: plan, subscription or invoice recorded; `ignored`: nothing to do; `unknown_project`: logged only. */
    outcome: z.enum(['applied', 'ignored', 'unknown_project']),
    /** The event id was handled before: nothing changed this time. */
    duplicate: z.boolean(),
  })
  .meta({ id: 'ProviderEventResult' });
export type ProviderEventResult = z.infer<typeof providerEventResultSchema>;

/** `POST /projects/{projectId}/billing/checkout`: the plan to buy and the mode of the page to come back to. */
export const billingCheckoutSchema = z
  .strictObject({ plan: planId, mode: modeSchema.default('live') })
  .meta({ id: 'BillingCheckout' });
export const billingCheckoutResultSchema = z
  .object({
    /** The provider's hosted checkout page for this project and plan (https, on the configured host only). */
    url: z.string(),
    host: z.string(),
    plan: z.string(),
  })
  .meta({ id: 'BillingCheckoutSession' });
