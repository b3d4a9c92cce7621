/**
 * Usage alerts, zod-free (the browser needs these too): docs/api.md "Usage alerts and spend caps".
 */

/** What an alert measures: live operations against the plan's included ones, or sponsored gas against the budget. */
export const ALERT_METERS = ['operations', 'gas'] as const;
export type AlertMeter = (typeof ALERT_METERS)[number];

/** Thresholds of a new project, in percent. */
export const DEFAULT_THRESHOLDS: readonly number[] = [50, 80, 100];
/** At most this many thresholds; each a whole percent from 1 to 100, no two alike. */
export const MAX_THRESHOLDS = 10;
/** The largest monthly gas budget or policy spend cap, in USD. */
export const MAX_BUDGET_USD = 1_000_000_000;

/** The refusal of a sponsorship past its policy's monthly spend cap. */
export const SPEND_CAP_CODE = 'policy_spend_cap_reached';

/** The UTC calendar month of `now` as `[start, end)` and its `YYYY-MM` name: the billing period. */
export function billingPeriod(now: number): { start: number; end: number; name: string } {
  const d = new Date(now);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { start, end, name: new Date(start).toISOString().slice(0, 7) };
}

/** The thresholds (percent, ascending) that `used` reached of `limit`; none when there is no limit. */
export function reachedThresholds(thresholds: readonly number[], used: number, limit: number | null): number[] {
  if (!limit || limit <= 0) return [];
  // Integer arithmetic on cents and counts: 80 % of 1,000 is reached at exactly 800.
  return thresholds.filter((t) => used * 100 >= limit * t - 1e-9);
}
