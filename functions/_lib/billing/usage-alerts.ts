import { PLANS, type PlanId } from '../../../src/shared/api/billing';
import { newId } from '../../../src/shared/api/ids';
import {
  billingPeriod,
  DEFAULT_THRESHOLDS,
  reachedThresholds,
  type AlertMeter,
} from '../../../src/shared/usage-alerts';
import { projectPath } from '../../../src/shared/routes';
import { parseJson } from '../db/core';
import { sendTransactional } from '../mail/transactional';
import { usageAlertMail } from '../mail/usage-alert';
import { kickDispatcher, Outbox } from '../webhooks/outbox';

/**
 * Usage alerts (docs/api.md "Usage alerts and spend caps"). The settings are the directory's (next to the plan); the
 * meters are counted on the project's shard, and a crossing is recorded there too: one `notices` row per
 * (project, meter, period, threshold) under a unique `alert_key`, written with `INSERT … ON CONFLICT DO NOTHING`, and
 * the `usage.threshold_reached` event in the same batch only when that insert changed a row. So however many writes
 * cross a threshold at once, exactly one of them records it, and only that one sends the email. Nothing here writes
 * the directory: the only write spanning both databases is none (the directory is read, the shard written).
 */

export interface AlertSettings {
  name: string;
  plan: PlanId;
  thresholds: number[];
  gasBudgetUsd: number | null;
  version: number;
}

/** The project's alert settings and plan (directory), or null when it does not exist. */
export async function alertSettings(directory: D1Database, projectId: string): Promise<AlertSettings | null> {
  const r = await directory
    .prepare('SELECT name, plan, alert_thresholds, gas_budget_usd, alerts_version FROM projects WHERE id = ?')
    .bind(projectId)
    .first<{
      name: string;
      plan: string;
      alert_thresholds: string;
      gas_budget_usd: number | null;
      alerts_version: number;
    }>();
  if (!r) return null;
  return {
    name: r.name,
    plan: (r.plan in PLANS ? r.plan : 'free') as PlanId,
    thresholds: parseJson<number[]>(r.alert_thresholds, [...DEFAULT_THRESHOLDS]),
    gasBudgetUsd: r.gas_budget_usd,
    version: r.alerts_version,
  };
}

/** Live operations this period, from the trigger-kept day buckets of `row_counts` (at most 31 rows read). */
export function operationsStmt(shard: D1Database, projectId: string, now: number): D1PreparedStatement {
  const p = billingPeriod(now);
  return shard
    .prepare(
      `SELECT COALESCE(SUM(n), 0) AS used FROM row_counts WHERE project_id = ? AND mode = 'live' AND tbl = 'transactions'
       AND field = 'day' AND value >= ? AND value < ?`,
    )
    .bind(projectId, new Date(p.start).toISOString().slice(0, 10), new Date(p.end).toISOString().slice(0, 10));
}

/** Sponsored gas (USD) of the project's live policies this period: the spend report's cost, by creation time. */
export function gasSpendStmt(shard: D1Database, projectId: string, now: number): D1PreparedStatement {
  const p = billingPeriod(now);
  return shard
    .prepare(
      `SELECT COALESCE(SUM(t.cost_usd), 0) AS used FROM policies p JOIN transactions t ON t.policy_id = p.id
       WHERE p.project_id = ? AND p.mode = 'live' AND t.created_at >= ? AND t.created_at < ?`,
    )
    .bind(projectId, p.start, p.end);
}

/** One policy's spend (USD) this period, on the (policy_id, created_at) index. */
export async function policyMonthSpend(shard: D1Database, policyId: string, now: number) {
  const p = billingPeriod(now);
  const r = await shard
    .prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(cost_usd), 0) AS cost FROM transactions
       WHERE policy_id = ? AND created_at >= ? AND created_at < ?`,
    )
    .bind(policyId, p.start, p.end)
    .first<{ n: number; cost: number }>();
  return { transactions: r?.n ?? 0, costUsd: Math.round((r?.cost ?? 0) * 100) / 100 };
}

const alertKey = (meter: AlertMeter, period: string, threshold: number) => `${meter}:${period}:${threshold}`;

export interface AlertContext {
  env: Env;
  directory: D1Database;
  db: D1Database;
  now: number;
  url: URL;
  access: { projectId: string; shard: number | null } | null;
  waitUntil: (p: Promise<unknown>) => void;
}

/**
 * After a live write committed: records every threshold of `meter` the project reached this period and had not
 * recorded yet (a notice, the webhook event), then emails the owners and admins of the ones this call recorded (and
 * asks the dispatcher to send the events).
 * Answers the thresholds it recorded. `at`: a time in the period measured (default now): sponsored gas counts in the
 * month its transaction was created (as the spend report), so a cost recorded after the month ended is measured, and
 * recorded, against that month. A project still in the directory's own tables (before the split) is served the
 * same way: `c.db` is then the directory, which has the same tables (migrations/directory/0033).
 */
export async function checkUsageAlerts(
  c: AlertContext,
  meter: AlertMeter,
  o: { mailLater?: boolean; at?: number } = {},
): Promise<number[]> {
  if (!c.access) return [];
  const projectId = c.access.projectId;
  const settings = await alertSettings(c.directory, projectId);
  if (!settings) return [];
  const limit = meter === 'operations' ? PLANS[settings.plan].includedOperations : settings.gasBudgetUsd;
  if (!limit || !settings.thresholds.length) return [];
  const at = o.at ?? c.now;
  const period = billingPeriod(at).name;
  const shard = c.db;
  const [usedRes, doneRes] = await shard.batch([
    meter === 'operations' ? operationsStmt(shard, projectId, at) : gasSpendStmt(shard, projectId, at),
    shard
      .prepare(`SELECT alert_key FROM notices WHERE project_id = ? AND alert_key >= ? AND alert_key < ?`)
      .bind(projectId, `${meter}:${period}:`, `${meter}:${period};`),
  ]);
  const used = Number((usedRes!.results[0] as { used: number } | undefined)?.used ?? 0);
  const done = new Set((doneRes!.results as { alert_key: string }[]).map((r) => r.alert_key));
  const todo = reachedThresholds(settings.thresholds, used, limit).filter((t) => !done.has(alertKey(meter, period, t)));
  if (!todo.length) return [];
  const usedRounded = meter === 'gas' ? Math.round(used * 100) / 100 : used;
  const outbox = new Outbox(shard, { projectId, mode: 'live' }, c.now);
  const results = await shard.batch(
    todo.flatMap((t) => [
      shard
        .prepare(
          `INSERT INTO notices (id, project_id, mode, kind, alert_key, data, created_at)
           VALUES (?, ?, 'live', 'usage_threshold', ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .bind(
          newId('ntc', c.now),
          projectId,
          alertKey(meter, period, t),
          JSON.stringify({ used: usedRounded, limit }),
          c.now,
        ),
      // Written only when the notice was (the statement just before it changed a row): once per threshold.
      outbox.event(
        'usage.threshold_reached',
        { projectId, meter, threshold: t, period, used: usedRounded, limit },
        { onlyIfChanged: true },
      ),
    ]),
  );
  const won = todo.filter((_, i) => results[i * 2]!.meta.changes === 1);
  if (!won.length) return [];
  const events = todo.flatMap((_, i) => (results[i * 2]!.meta.changes === 1 ? [outbox.events[i]!.id] : []));
  // Already after the response (a write's waitUntil): the kick and the emails are awaited here; a settings change
  // answers first and sends them after (`mailLater`).
  const after = Promise.all([
    kickDispatcher(c.env, c.access.shard, events),
    emailAlerts(c, projectId, settings.name, meter, won, usedRounded, limit, period),
  ]);
  if (o.mailLater) c.waitUntil(after);
  else await after;
  return won;
}

/** One email per recorded threshold to each owner and admin (the directory's members). Never throws. */
async function emailAlerts(
  c: AlertContext,
  projectId: string,
  projectName: string,
  meter: AlertMeter,
  thresholds: number[],
  used: number,
  limit: number,
  period: string,
): Promise<void> {
  try {
    const { results } = await c.directory
      .prepare(`SELECT email FROM members WHERE project_id = ? AND role IN ('owner', 'admin') ORDER BY email LIMIT 50`)
      .bind(projectId)
      .all<{ email: string }>();
    const link = `${c.url.origin}${projectPath(projectId, 'live', '/settings/billing')}`;
    for (const threshold of thresholds) {
      const mail = usageAlertMail({ projectName, meter, threshold, used, limit, period, link });
      await Promise.all(results.map((m) => sendTransactional(c.env, { to: m.email, ...mail })));
    }
  } catch (err) {
    console.error('api: usage alert email failed:', String(err));
  }
}

/** A failed check is logged: the next write of the meter records what this one missed. */
export function logAlertFailure(err: unknown): void {
  console.error('api: usage alert check failed:', err instanceof Error ? err.message : String(err));
}
