import { z } from 'zod';
import { timestamp, versionField } from './common.ts';
import { ALERT_METERS, MAX_BUDGET_USD, MAX_THRESHOLDS } from '../usage-alerts.ts';

const percent = z
  .number({ message: 'Each threshold is a whole percent from 1 to 100' })
  .int('Each threshold is a whole percent from 1 to 100')
  .min(1, 'Each threshold is a whole percent from 1 to 100')
  .max(100, 'Each threshold is a whole percent from 1 to 100');

/** A USD amount with at most cents, above zero. */
export const usdAmount = z
  .number({ message: 'Give an amount in USD' })
  .positive('Give an amount above 0')
  .max(MAX_BUDGET_USD, `At most ${MAX_BUDGET_USD.toLocaleString('en-US')} USD`)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most two decimals (cents)');

/** The thresholds as sent: distinct, at most ten; stored ascending. */
export const thresholdsField = z
  .array(percent)
  .max(MAX_THRESHOLDS, `At most ${MAX_THRESHOLDS} thresholds`)
  .refine((a) => new Set(a).size === a.length, 'Each threshold once')
  .transform((a) => [...a].sort((x, y) => x - y));

export const usageAlertReachedSchema = z.object({
  meter: z.enum(ALERT_METERS),
  /** Percent of the included operations (meter `operations`) or of the gas budget (meter `gas`). */
  threshold: z.number().int(),
  used: z.number(),
  limit: z.number(),
  at: timestamp,
});

export const usageAlertsSchema = z
  .object({
    /** Percent of the plan's included operations and of the gas budget, ascending. */
    thresholds: z.array(z.number().int()),
    /** Monthly gas budget of the project's live sponsorship policies, USD; null: no gas alerts. */
    gasBudgetUsd: z.number().nullable(),
    /** The billing period: the UTC calendar month, `[start, end)`. */
    period: z.object({ start: timestamp, end: timestamp }),
    usage: z.object({
      /** Live operations this period, and the plan's included operations. */
      operations: z.number().int(),
      included: z.number().int(),
      /** Sponsored gas of live policies this period (the spend report's cost), USD. */
      gasSpentUsd: z.number(),
    }),
    /** The thresholds crossed this period (each recorded once), oldest first. */
    reached: z.array(usageAlertReachedSchema),
    version: z.number().int(),
  })
  .meta({ id: 'UsageAlerts' });
export type UsageAlerts = z.infer<typeof usageAlertsSchema>;

export const usageAlertsUpdateSchema = z
  .strictObject({
    thresholds: thresholdsField.optional(),
    gasBudgetUsd: usdAmount.nullable().optional(),
    version: versionField,
  })
  .meta({ id: 'UsageAlertsUpdate' });
