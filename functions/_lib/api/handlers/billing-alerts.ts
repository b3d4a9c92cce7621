import { PLANS } from '../../../../src/shared/api/billing';
import { usageAlertsSchema, usageAlertsUpdateSchema } from '../../../../src/shared/api/usage-alerts';
import { ALERT_METERS, billingPeriod, type AlertMeter } from '../../../../src/shared/usage-alerts';
import { auditStmt } from '../../db/audit';
import { parseJson } from '../../db/core';
import { alertSettings, checkUsageAlerts, gasSpendStmt, operationsStmt } from '../../billing/usage-alerts';
import { defineRoute, type ApiContext, type ApiRoute } from '../context';
import { conflict, isoStrict, json, notFound } from '../request-response';
import { auditFor } from '../write-commits';

const P = '/projects/:projectId/billing/alerts';

/** The alert settings, this period's two meters and the thresholds crossed (docs/api.md "Usage alerts and spend caps"). */
async function usageAlerts(c: ApiContext) {
  const projectId = c.access!.projectId;
  const settings = await alertSettings(c.directory, projectId);
  if (!settings) throw notFound('Project');
  const period = billingPeriod(c.now);
  const shard = c.db;
  const [ops, gas, reached] = await shard.batch([
    operationsStmt(shard, projectId, c.now),
    gasSpendStmt(shard, projectId, c.now),
    // This period's crossings by their key (`<meter>:<YYYY-MM>:<percent>`), not by when they were recorded: a cost
    // reported early next month for a transaction of this one is this period's.
    shard
      .prepare(
        `SELECT alert_key, data, created_at FROM notices WHERE project_id = ? AND kind = 'usage_threshold'
         AND ((alert_key >= ? AND alert_key < ?) OR (alert_key >= ? AND alert_key < ?))
         ORDER BY created_at, id LIMIT 100`,
      )
      .bind(projectId, ...ALERT_METERS.flatMap((m) => [`${m}:${period.name}:`, `${m}:${period.name};`])),
  ]);
  const used = (r: D1Result | undefined) => Number((r?.results[0] as { used?: number } | undefined)?.used ?? 0);
  return {
    thresholds: settings.thresholds,
    gasBudgetUsd: settings.gasBudgetUsd,
    period: { start: isoStrict(period.start), end: isoStrict(period.end) },
    usage: {
      operations: used(ops),
      included: PLANS[settings.plan].includedOperations,
      gasSpentUsd: Math.round(used(gas) * 100) / 100,
    },
    reached: (reached!.results as { alert_key: string; data: string; created_at: number }[]).flatMap((r) => {
      const [meter, , threshold] = r.alert_key.split(':');
      if (!ALERT_METERS.includes(meter as AlertMeter)) return [];
      const d = parseJson<{ used?: number; limit?: number }>(r.data, {});
      return [
        {
          meter: meter as AlertMeter,
          threshold: Number(threshold),
          used: d.used ?? 0,
          limit: d.limit ?? 0,
          at: isoStrict(r.created_at),
        },
      ];
    }),
    version: settings.version,
  };
}

export const billingAlertRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: P,
    scope: 'project',
    permission: 'read',
    tag: 'Billing',
    summary: 'Usage alert settings (thresholds, monthly gas budget), this period’s meters and the thresholds crossed',
    response: usageAlertsSchema,
    handler: async (c) => json(await usageAlerts(c)),
  }),
  defineRoute({
    method: 'PATCH',
    path: P,
    scope: 'project',
    permission: 'manage_billing',
    tag: 'Billing',
    summary:
      'Change the usage alert thresholds (percent, 1–100, distinct, at most 10) or the monthly gas budget (USD, null: none)',
    body: usageAlertsUpdateSchema,
    response: usageAlertsSchema,
    handler: async (c) => {
      const { version, thresholds, gasBudgetUsd } = c.body;
      const projectId = c.access!.projectId;
      const set: Record<string, string | number | null> = {};
      if (thresholds !== undefined) set.alert_thresholds = JSON.stringify(thresholds);
      if (gasBudgetUsd !== undefined) set.gas_budget_usd = gasBudgetUsd;
      const cols = Object.keys(set);
      const db = c.directory;
      const [res] = await db.batch([
        db
          .prepare(
            `UPDATE projects SET ${[...cols.map((k) => `${k} = ?`), 'alerts_version = alerts_version + 1'].join(', ')}
             WHERE id = ? AND alerts_version = ? AND deleted_at IS NULL`,
          )
          .bind(...cols.map((k) => set[k]!), projectId, version),
        auditStmt(
          db,
          auditFor(c, 'billing.alerts_updated', 'projects', projectId, {
            ...(thresholds === undefined ? {} : { thresholds }),
            ...(gasBudgetUsd === undefined ? {} : { gasBudgetUsd }),
          }),
          true,
        ),
      ]);
      if (!res!.meta.changes)
        throw conflict('The alert settings were changed by someone else: reload them and try again', {
          reason: 'stale_version',
        });
      // Lowered thresholds (or a new budget) the project is already past are raised now, not at its next write.
      for (const meter of ALERT_METERS) await checkUsageAlerts(c, meter, { mailLater: true });
      return json(await usageAlerts(c));
    },
  }),
];
