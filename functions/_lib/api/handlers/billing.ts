import {
  billingCheckoutResultSchema,
  billingCheckoutSchema,
  billingSchema,
  PLANS,
  type PlanId,
} from '../../../../src/shared/api/billing';
import { INVOICE_LIMIT } from '../../../../src/shared/billing';
import { auditStmt } from '../../db/audit';
import { checkoutConfig, checkoutUrl } from '../checkout';
import { defineRoute, type ApiContext, type ApiRoute } from '../context';
import { ApiError, badRequest, forbidden, isoStrict, json, notFound } from '../request-response';
import { auditFor } from '../write-commits';
import { INVALID_BODY_MESSAGE } from '../../../../src/shared/api/error-messages';

const P = '/projects/:projectId/billing';

interface InvoiceRow {
  id: string;
  number: string;
  period_start: number;
  period_end: number;
  amount_cents: number;
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  issued_at: number;
}

/** Billable operations: live-mode transactions (test mode is free). */
async function billing(c: ApiContext) {
  const db = c.directory;
  const id = c.access!.projectId;
  const project = await db
    .prepare('SELECT plan, version FROM projects WHERE id = ?')
    .bind(id)
    .first<{ plan: string; version: number }>();
  if (!project) throw notFound('Project');
  const plan = PLANS[(project.plan in PLANS ? project.plan : 'free') as PlanId];
  const d = new Date(c.now);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  const since = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1);
  // Usage is counted on the project's shard, the invoices are the directory's (functions/_lib/db/shards.ts).
  const shard = c.db;
  const [[ops, users, wallets, history], [invoices]] = await Promise.all([
    shard.batch([
      shard
        .prepare(
          `SELECT COUNT(*) AS n FROM transactions WHERE project_id = ? AND mode = 'live' AND created_at >= ? AND created_at < ?`,
        )
        .bind(id, start, end),
      // Whole-table totals come from the trigger-maintained row_counts (migration 0006).
      shard
        .prepare(
          `SELECT COALESCE(SUM(n), 0) AS n FROM row_counts WHERE project_id = ? AND mode = 'live' AND tbl = 'users' AND field = ''`,
        )
        .bind(id),
      shard
        .prepare(
          `SELECT COALESCE(SUM(n), 0) AS n FROM row_counts WHERE project_id = ? AND mode = 'live' AND tbl = 'wallets' AND field = ''`,
        )
        .bind(id),
      shard
        .prepare(
          `SELECT strftime('%Y-%m', created_at / 1000, 'unixepoch') AS month, COUNT(*) AS n FROM transactions
         WHERE project_id = ? AND mode = 'live' AND created_at >= ? AND created_at < ? GROUP BY month ORDER BY month`,
        )
        .bind(id, since, end),
    ]),
    // Newest first on the (project_id, period_start, id) index.
    db.batch([
      db
        .prepare(
          `SELECT id, number, period_start, period_end, amount_cents, status, issued_at FROM invoices
         WHERE project_id = ? ORDER BY period_start DESC, id DESC LIMIT ?`,
        )
        .bind(id, INVOICE_LIMIT),
    ]),
  ]);
  const n = (r: D1Result | undefined) => Number((r?.results[0] as { n?: number } | undefined)?.n ?? 0);
  const cost = (count: number) =>
    plan.priceUsd + (Math.max(0, count - plan.includedOperations) / 1000) * plan.overagePer1000Usd;
  const used = n(ops);
  const checkout = checkoutConfig(c.env, c.url);
  const overage = Math.max(0, used - plan.includedOperations);
  return {
    plan: { ...plan },
    period: { start: isoStrict(start), end: isoStrict(end) },
    usage: {
      operations: used,
      included: plan.includedOperations,
      overage,
      overageEstimateUsd: Math.round((overage / 1000) * plan.overagePer1000Usd * 100) / 100,
      users: n(users),
      wallets: n(wallets),
    },
    history: (history!.results as { month: string; n: number }[]).map((h) => ({
      month: h.month,
      operations: h.n,
      costUsd: Math.round(cost(h.n) * 100) / 100,
    })),
    plans: Object.values(PLANS).map((p) => ({ ...p })),
    invoices: (invoices!.results as InvoiceRow[]).map((r) => ({
      id: r.id,
      number: r.number,
      periodStart: isoStrict(r.period_start),
      periodEnd: isoStrict(r.period_end),
      amountUsd: r.amount_cents / 100,
      status: r.status,
      issuedAt: isoStrict(r.issued_at),
    })),
    checkout: { available: checkout !== null, host: checkout?.host ?? null },
    version: project.version,
  };
}

export const billingRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: P,
    scope: 'project',
    permission: 'read',
    tag: 'Billing',
    summary: 'Plan, usage this month (counted from real rows) and monthly history',
    response: billingSchema,
    handler: async (c) => json(await billing(c)),
  }),
  defineRoute({
    method: 'PATCH',
    path: P,
    scope: 'project',
    permission: 'manage_billing',
    tag: 'Billing',
    summary:
      'Refused for everyone (403): the plan changes only when the payment provider confirms a payment (start one with POST …/billing/checkout)',
    // Only refusals: documented as such (no 200).
    status: 403,
    handler: async () => {
      throw forbidden(
        'The plan changes only when the payment provider confirms a payment: choose a plan and pay for it at checkout',
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/checkout`,
    scope: 'project',
    permission: 'manage_billing',
    tag: 'Billing',
    summary:
      "Start a plan change: the payment provider's hosted checkout URL for this project and plan (503 when no provider is configured)",
    body: billingCheckoutSchema,
    response: billingCheckoutResultSchema,
    handler: async (c) => {
      const body = c.body;
      const config = checkoutConfig(c.env, c.url);
      // Said to the customer (the screen may show it): what to do, not what the operator has to set.
      if (!config)
        throw new ApiError('unavailable', 'Plans cannot be bought online here: contact sales to change your plan');
      const projectId = c.access!.projectId;
      const project = await c.directory
        .prepare('SELECT plan FROM projects WHERE id = ?')
        .bind(projectId)
        .first<{ plan: string }>();
      if (!project) throw notFound('Project');
      const plan = PLANS[body.plan];
      const atField = (message: string) => badRequest(INVALID_BODY_MESSAGE, [{ path: 'plan', message }]);
      if (body.plan === project.plan) throw atField(`This project is already on the ${plan.name} plan`);
      if (plan.priceUsd === 0)
        throw atField(`The ${plan.name} plan has no checkout: cancel the paid plan with the payment provider`);
      const url = checkoutUrl(config, { plan: body.plan, projectId, mode: body.mode, origin: c.url.origin });
      // Who started which checkout, in the audit log (the plan itself changes when the provider confirms payment).
      await auditStmt(
        c.directory,
        auditFor(c, 'billing.checkout_started', 'projects', projectId, { plan: body.plan }),
      ).run();
      return json({ url, host: config.host, plan: body.plan });
    },
  }),
];
