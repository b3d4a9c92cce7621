import { billingPeriod, SPEND_CAP_CODE } from '../../../src/shared/usage-alerts';
import type { ApiContext } from '../api/context';
import { scopeOf } from '../api/context';
import { ApiError, badRequest } from '../api/request-response';
import { getRow, type Row } from '../db/core';
import { policyMonthSpend } from './usage-alerts';

/**
 * A policy's hard monthly spend cap (docs/api.md "Usage alerts and spend caps"). A sponsorship reserves its maximum
 * cost (`maxCostUsd`) when it is accepted; the reservation becomes the real cost when that is recorded, and nothing
 * when the transaction ends without one. What a policy's month holds (costs recorded plus reservations in flight) is
 * a trigger-kept counter in micro-USD (migrations/shard/0003: `row_counts` tbl 'policy_spend'). The transaction's row
 * and {@link spendCapGuardStmt} go in one batch: the row adds its reservation to the counter, the guard aborts the
 * batch when the counter is then over the cap. Batches run one at a time on a database, so N sponsorships at once
 * against a cap with room for k: exactly k commit.
 */

const MICRO = 1_000_000;
const usdText = (v: number) => `$${v.toFixed(2)}`;

/** What the policy's month (of `now`) holds: costs recorded plus reservations in flight, USD. */
async function heldThisMonth(db: D1Database, policy: Row, now: number): Promise<number> {
  const r = await db
    .prepare(
      `SELECT n FROM row_counts WHERE project_id = ? AND mode = ? AND tbl = 'policy_spend' AND field = ? AND value = ?`,
    )
    .bind(policy.project_id, policy.mode, policy.id, billingPeriod(now).name)
    .first<{ n: number }>();
  return (r?.n ?? 0) / MICRO;
}

/** The policy's month against its cap: transactions and recorded cost (the spend report's), and what is in flight. */
export async function policySpendThisMonth(db: D1Database, policy: Row, now: number) {
  const [held, spent] = await Promise.all([
    heldThisMonth(db, policy, now),
    policyMonthSpend(db, policy.id as string, now),
  ]);
  return { ...spent, reservedUsd: Math.max(0, Math.round((held - spent.costUsd) * 100) / 100) };
}

/**
 * Before a sponsorship by `policyId`: without a cap, nothing (null). With one, `maxCostUsd` is required (400 at the
 * field), and a sponsorship that cannot fit is refused at once (409); otherwise answers the guard statement to put
 * last in the create's batch.
 */
export async function spendCapCheck(
  c: ApiContext,
  policyId: string,
  maxCostUsd: number | undefined,
): Promise<D1PreparedStatement | null> {
  const policy = await getRow(c.db, 'policies', scopeOf(c), policyId);
  const cap = policy?.monthly_spend_cap_usd as number | null | undefined;
  if (!policy || cap === null || cap === undefined) return null;
  if (maxCostUsd === undefined)
    throw badRequest('This gas policy has a monthly spend cap: give the most this sponsorship may cost', [
      { path: 'maxCostUsd', message: 'Required: the policy has a monthly spend cap' },
    ]);
  const held = await heldThisMonth(c.db, policy, c.now);
  if (Math.round((held + maxCostUsd) * MICRO) > Math.round(cap * MICRO))
    throw await spendCapRefusal(c, policy, maxCostUsd);
  return spendCapGuardStmt(c.db, policy, c.now);
}

/**
 * Last in the batch of an accepted sponsorship: inserts into `spend_cap_guard` (whose trigger aborts the batch with
 * `policy_spend_cap_reached`) only when the policy's month now holds more than its cap, read in the same statement.
 */
function spendCapGuardStmt(db: D1Database, policy: Row, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO spend_cap_guard (policy_id)
       SELECT p.id FROM policies p WHERE p.id = ? AND p.monthly_spend_cap_usd IS NOT NULL
       AND (SELECT n FROM row_counts WHERE project_id = p.project_id AND mode = p.mode AND tbl = 'policy_spend'
            AND field = p.id AND value = ?) > CAST(ROUND(p.monthly_spend_cap_usd * ${MICRO}) AS INTEGER)`,
    )
    .bind(policy.id, billingPeriod(now).name);
}

/** Whether a failed batch was aborted by the spend-cap guard. */
export const isSpendCapAbort = (err: unknown): boolean => String(err).includes(SPEND_CAP_CODE);

/**
 * The 409 of a sponsorship the cap has no room for: the cap reached by recorded spend, or not enough room left for
 * this sponsorship's maximum beside the ones in flight. `details` carry the figures.
 */
export async function spendCapRefusal(c: ApiContext, policy: Row, maxCostUsd: number): Promise<ApiError> {
  const cap = policy.monthly_spend_cap_usd as number;
  const spent = await policySpendThisMonth(c.db, policy, c.now);
  const reserved = spent.reservedUsd;
  const period = billingPeriod(c.now).name;
  const name = String(policy.name);
  const message =
    spent.costUsd >= cap
      ? `The gas policy “${name}” reached its monthly spend cap (${usdText(spent.costUsd)} of ${usdText(cap)} in ${period}): raise the cap or choose another policy`
      : `The gas policy “${name}” has no room for this sponsorship (up to ${usdText(maxCostUsd)}) under its monthly spend cap: ${usdText(spent.costUsd)} spent and ${usdText(reserved)} held by transactions in flight, of ${usdText(cap)} in ${period}. Raise the cap, retry when those settle, or choose another policy`;
  return new ApiError(SPEND_CAP_CODE, message, {
    policyId: policy.id,
    capUsd: cap,
    spentUsd: spent.costUsd,
    reservedUsd: reserved,
    maxCostUsd,
    period,
  });
}

/** The policy row of a refusal found only at commit (the guard aborted the batch). */
export async function refusalAfterAbort(c: ApiContext, policyId: string, maxCostUsd: number): Promise<ApiError> {
  const policy = await getRow(c.db, 'policies', scopeOf(c), policyId);
  if (!policy || policy.monthly_spend_cap_usd === null)
    return new ApiError('conflict', 'The gas policy changed meanwhile: try again');
  return spendCapRefusal(c, policy, maxCostUsd);
}
