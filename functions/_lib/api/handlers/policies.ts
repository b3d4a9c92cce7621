import { newId } from '../../../../src/shared/api/ids';
import { listOf } from '../../../../src/shared/api/common';
import {
  policyCreateSchema,
  policyListSpec,
  policyRuleCreateSchema,
  policyRuleSchema,
  policyRuleUpdateSchema,
  policySchema,
  policySpendSchema,
  policyUpdateSchema,
} from '../../../../src/shared/api/policies';
import { auditStmt } from '../../db/audit';
import { getRow, insertStmt, parseJson, updateStmt, type Row } from '../../db/core';
import { modeOf, scopeOf, type ApiContext, type RouteDef } from '../context';
import { isoStrict, json, notFound, readJson } from '../http';
import { auditFor, commitCreate, commitUpdate } from '../writes';
import { deleteRoute, listRoute, mustGet, updateRoute } from '../crud';
import { mustReference } from './wallets';

const P = '/projects/:projectId/:mode/policies';
const POLICIES = {
  table: 'policies',
  columns: { createdAt: 'created_at', chainId: 'chain_id', enabled: 'enabled', name: 'name' },
};

export function policyToApi(r: Row, rules?: Row[]) {
  return {
    id: r.id,
    name: r.name,
    chainId: r.chain_id,
    enabled: r.enabled === 1,
    strategy: parseJson(r.strategy, {}),
    ...(rules ? { rules: rules.map(ruleToApi) } : {}),
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

function ruleToApi(r: Row) {
  return {
    id: r.id,
    policyId: r.policy_id,
    type: r.type,
    contractId: r.contract_id,
    functionName: r.function_name,
    wildcard: r.wildcard === 1,
    limitType: r.limit_type,
    limitValue: r.limit_value,
    intervalUnit: r.interval_unit,
    intervalValue: r.interval_value,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

async function strategyRefs(c: ApiContext, s: { tokenContract?: string; depositor?: string } | undefined) {
  await mustReference(c, 'contracts', s?.tokenContract, 'strategy.tokenContract');
  await mustReference(c, 'backend_wallets', s?.depositor, 'strategy.depositor');
}

async function rulesOf(c: ApiContext, policyId: string): Promise<Row[]> {
  return (
    await c.env.DB.prepare('SELECT * FROM policy_rules WHERE policy_id = ? ORDER BY created_at, id LIMIT 200')
      .bind(policyId)
      .all<Row>()
  ).results;
}

async function mustRule(c: ApiContext): Promise<Row> {
  const policy = await mustGet(c, 'policies', c.params.id!, 'Policy');
  const rule = await c.env.DB.prepare('SELECT * FROM policy_rules WHERE id = ? AND policy_id = ?')
    .bind(c.params.ruleId, policy.id)
    .first<Row>();
  if (!rule) throw notFound('Rule');
  return rule;
}

function toggle(enabled: boolean): RouteDef {
  return {
    method: 'POST',
    path: `${P}/:id/${enabled ? 'enable' : 'disable'}`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: `${enabled ? 'Enable' : 'Disable'} a policy`,
    response: policySchema,
    handler: async (c) => {
      const db = c.env.DB;
      const s = scopeOf(c);
      const [res] = await db.batch([
        db
          .prepare(
            'UPDATE policies SET enabled = ?, updated_at = ?, version = version + 1 WHERE id = ? AND project_id = ? AND mode = ? RETURNING *',
          )
          .bind(enabled ? 1 : 0, c.now, c.params.id, s.projectId, s.mode),
        auditStmt(db, auditFor(c, enabled ? 'policy.enabled' : 'policy.disabled', 'policies', c.params.id!), true),
      ]);
      const row = res!.results[0] as Row | undefined;
      if (!row) throw notFound('Policy');
      return json(policyToApi(row));
    },
  };
}

export const policyRoutes: RouteDef[] = [
  listRoute({
    path: P,
    tag: 'Policies',
    summary: 'List gas sponsorship policies',
    def: POLICIES,
    spec: policyListSpec,
    toApi: (r) => policyToApi(r),
    item: policySchema,
  }),
  {
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: 'Create a policy',
    body: policyCreateSchema,
    response: policySchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = await readJson(c.request, policyCreateSchema);
      await strategyRefs(c, b.strategy as { tokenContract?: string; depositor?: string });
      const row: Row = {
        id: newId('pol'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        name: b.name,
        chain_id: b.chainId,
        enabled: b.enabled ? 1 : 0,
        strategy: JSON.stringify(b.strategy),
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = policyToApi(row, []);
      return commitCreate(c, {
        statements: [insertStmt(c.env.DB, 'policies', row)],
        audit: auditFor(c, 'policy.created', 'policies', row.id as string),
        body: response,
        response,
        requestBody: b,
      });
    },
  },
  {
    method: 'GET',
    path: `${P}/:id`,
    scope: 'mode',
    permission: 'read',
    tag: 'Policies',
    summary: 'Read a policy with its rules',
    response: policySchema,
    handler: async (c) => {
      const row = await mustGet(c, 'policies', c.params.id!, 'Policy');
      return json(policyToApi(row, await rulesOf(c, row.id as string)));
    },
  },
  updateRoute({
    path: `${P}/:id`,
    tag: 'Policies',
    summary: 'Update a policy',
    table: 'policies',
    what: 'Policy',
    action: 'policy.updated',
    body: policyUpdateSchema,
    toApi: (r) => policyToApi(r),
    item: policySchema,
    toColumns: async (b, c) => {
      await strategyRefs(c, b.strategy as { tokenContract?: string; depositor?: string } | undefined);
      return {
        ...(b.name === undefined ? {} : { name: b.name }),
        ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
        ...(b.strategy === undefined ? {} : { strategy: b.strategy }),
      };
    },
  }),
  deleteRoute({
    path: `${P}/:id`,
    tag: 'Policies',
    summary: 'Delete a policy and its rules',
    table: 'policies',
    what: 'Policy',
    action: 'policy.deleted',
  }),
  toggle(true),
  toggle(false),
  {
    method: 'GET',
    path: `${P}/:id/rules`,
    scope: 'mode',
    permission: 'read',
    tag: 'Policies',
    summary: "A policy's rules",
    response: listOf(policyRuleSchema),
    handler: async (c) => {
      const policy = await mustGet(c, 'policies', c.params.id!, 'Policy');
      const data = (await rulesOf(c, policy.id as string)).map(ruleToApi);
      return json({ data, page: 1, limit: data.length, total: data.length });
    },
  },
  {
    method: 'POST',
    path: `${P}/:id/rules`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: 'Add a rule',
    body: policyRuleCreateSchema,
    response: policyRuleSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = await readJson(c.request, policyRuleCreateSchema);
      const policy = await mustGet(c, 'policies', c.params.id!, 'Policy');
      await mustReference(c, 'contracts', b.contractId, 'contractId');
      const row: Row = {
        id: newId('afu'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        policy_id: policy.id,
        type: b.type,
        contract_id: b.contractId ?? null,
        function_name: b.functionName ?? null,
        wildcard: b.wildcard ? 1 : 0,
        limit_type: b.limitType ?? null,
        limit_value: b.limitValue ?? null,
        interval_unit: b.intervalUnit ?? null,
        interval_value: b.intervalValue ?? null,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = ruleToApi(row);
      return commitCreate(c, {
        statements: [insertStmt(c.env.DB, 'policy_rules', row)],
        audit: auditFor(c, 'policy.rule_added', 'policy_rules', row.id as string, { policyId: policy.id }),
        body: response,
        response,
        requestBody: b,
      });
    },
  },
  {
    method: 'PATCH',
    path: `${P}/:id/rules/:ruleId`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: 'Update a rule',
    body: policyRuleUpdateSchema,
    response: policyRuleSchema,
    handler: async (c) => {
      const { version, ...b } = await readJson(c.request, policyRuleUpdateSchema);
      const rule = await mustRule(c);
      const set: Row = {};
      if (b.functionName !== undefined) set.function_name = b.functionName;
      if (b.wildcard !== undefined) set.wildcard = b.wildcard;
      if (b.limitValue !== undefined) set.limit_value = b.limitValue;
      if (b.intervalUnit !== undefined) set.interval_unit = b.intervalUnit;
      if (b.intervalValue !== undefined) set.interval_value = b.intervalValue;
      const row = await commitUpdate<Row>(
        c,
        updateStmt(c.env.DB, 'policy_rules', scopeOf(c), rule.id as string, version, set, c.now),
        auditFor(c, 'policy.rule_updated', 'policy_rules', rule.id as string),
        'Rule',
        async () => true,
      );
      return json(ruleToApi(row));
    },
  },
  {
    method: 'DELETE',
    path: `${P}/:id/rules/:ruleId`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: 'Remove a rule',
    status: 204,
    handler: async (c) => {
      const rule = await mustRule(c);
      const db = c.env.DB;
      await db.batch([
        db.prepare('DELETE FROM policy_rules WHERE id = ?').bind(rule.id),
        auditStmt(db, auditFor(c, 'policy.rule_removed', 'policy_rules', rule.id as string), true),
      ]);
      return new Response(null, { status: 204 });
    },
  },
  {
    method: 'GET',
    path: `${P}/:id/spend`,
    scope: 'mode',
    permission: 'read',
    tag: 'Policies',
    summary: 'Spend report: sponsored transactions, gas and cost per day (last 30 days)',
    response: policySpendSchema,
    handler: async (c) => {
      const policy = await mustGet(c, 'policies', c.params.id!, 'Policy');
      const since = c.now - 30 * 86_400_000;
      const { results } = await c.env.DB.prepare(
        `SELECT date(created_at / 1000, 'unixepoch') AS day, COUNT(*) AS n, COALESCE(SUM(gas_used), 0) AS gas, COALESCE(SUM(cost_usd), 0) AS cost
         FROM transactions WHERE policy_id = ? AND created_at >= ? GROUP BY day ORDER BY day`,
      )
        .bind(policy.id, since)
        .all<{ day: string; n: number; gas: number; cost: number }>();
      const daily = results.map((r) => ({
        date: r.day,
        transactions: r.n,
        gasUsed: r.gas,
        costUsd: Math.round(r.cost * 100) / 100,
      }));
      const totals = daily.reduce(
        (a, d) => ({
          transactions: a.transactions + d.transactions,
          gasUsed: a.gasUsed + d.gasUsed,
          costUsd: a.costUsd + d.costUsd,
        }),
        { transactions: 0, gasUsed: 0, costUsd: 0 },
      );
      totals.costUsd = Math.round(totals.costUsd * 100) / 100;
      return json({ policyId: policy.id, totals, daily });
    },
  },
];

export { getRow };
