import { newId } from '../../../../src/shared/api/ids';
import { listOf } from '../../../../src/shared/api/common';
import { isFungibleToken, NOT_A_FUNGIBLE_TOKEN } from '../../../../src/shared/token-standard';
import {
  policyCreateSchema,
  policyListSpec,
  policyRuleCreateSchema,
  policyRuleSchema,
  policyRuleUpdateSchema,
  policySchema,
  policySpendQuerySchema,
  policySpendSchema,
  policyUpdateSchema,
} from '../../../../src/shared/api/policies';
import { auditStmt } from '../../db/audit';
import type { ListQuery } from '../../../../src/shared/api/list-params';
import { getRow, insertStmt, listRows, parseJson, updateStmt, type Row } from '../../db/core';
import { modeOf, scopeOf, type ApiContext, type ApiRoute, defineRoute } from '../context';
import { ApiError, isoStrict, json, notFound } from '../request-response';
import { auditFor, commitCreate, commitUpdate } from '../write-commits';
import { deleteRoute, listRoute, mustGet, updateRoute } from '../route-builders';
import { mustReference } from './wallets';
import { policySpendThisMonth } from '../../billing/spend-cap';

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
    ...(r.spend30d ? { spend30d: r.spend30d } : {}),
    monthlySpendCapUsd: (r.monthly_spend_cap_usd as number | null | undefined) ?? null,
    ...(r.spendThisMonth ? { spendThisMonth: r.spendThisMonth } : {}),
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

const DAY_MS = 86_400_000;

/**
 * Puts each listed policy's last-30-day spend on its row (`spend30d`): one aggregate query per page whatever its
 * size, the ids as one JSON parameter (like db/related.ts), each policy read on the (policy_id, created_at) index.
 */
async function attachSpend(c: ApiContext, rows: Row[]) {
  for (const r of rows) r.spend30d = { transactions: 0, costUsd: 0 };
  if (!rows.length) return;
  const s = scopeOf(c);
  const { results } = await c.db
    .prepare(
      `SELECT policy_id AS id, COUNT(*) AS n, COALESCE(SUM(cost_usd), 0) AS cost FROM transactions
     WHERE policy_id IN (SELECT value FROM json_each(?)) AND created_at >= ? AND project_id = ? AND mode = ?
     GROUP BY policy_id`,
    )
    .bind(JSON.stringify(rows.map((r) => r.id)), c.now - 30 * DAY_MS, s.projectId, s.mode)
    .all<{ id: string; n: number; cost: number }>();
  const byId = new Map(results.map((r) => [r.id, r]));
  for (const r of rows) {
    const hit = byId.get(r.id as string);
    if (hit) r.spend30d = { transactions: hit.n, costUsd: Math.round(hit.cost * 100) / 100 };
  }
}

/**
 * A contract rule's contract must be on the policy's chain, and its function one of the contract's ABI functions
 * (when the contract has an ABI): answered at the field.
 */
async function checkContractRule(c: ApiContext, policy: Row, contractId: string | null, functionName: string | null) {
  if (!contractId) return;
  const contract = await getRow(c.db, 'contracts', scopeOf(c), contractId);
  if (!contract) return;
  if (contract.chain_id !== policy.chain_id)
    throw new ApiError('bad_request', 'The contract is on another chain than the policy', [
      {
        path: 'contractId',
        message: `The contract is on chain ${contract.chain_id}, the policy on ${policy.chain_id}`,
      },
    ]);
  const abi = parseJson(contract.abi, []) as { type?: string; name?: string }[];
  const names = new Set(abi.filter((i) => i.type === 'function').map((i) => i.name));
  if (functionName && names.size && !names.has(functionName))
    throw new ApiError('bad_request', `\`${functionName}\` is not a function of this contract`, [
      { path: 'functionName', message: 'Not a function of the contract’s ABI' },
    ]);
}

async function strategyRefs(c: ApiContext, s: { tokenContract?: string; depositor?: string } | undefined) {
  await mustReference(c, 'contracts', s?.tokenContract, 'strategy.tokenContract');
  if (s?.tokenContract) {
    // Gas is charged in a fungible token: an NFT or multi-token contract is refused at the field.
    const token = await getRow(c.db, 'contracts', scopeOf(c), s.tokenContract);
    const abi = parseJson(token?.abi, []) as { type?: string; name?: string }[];
    if (!isFungibleToken(abi.filter((i) => i.type === 'function').map((i) => String(i.name))))
      throw new ApiError('bad_request', NOT_A_FUNGIBLE_TOKEN, [
        { path: 'strategy.tokenContract', message: NOT_A_FUNGIBLE_TOKEN },
      ]);
  }
  await mustReference(c, 'backend_wallets', s?.depositor, 'strategy.depositor');
}

async function rulesOf(c: ApiContext, policyId: string): Promise<Row[]> {
  return (
    await c.db
      .prepare('SELECT * FROM policy_rules WHERE policy_id = ? ORDER BY created_at, id LIMIT 200')
      .bind(policyId)
      .all<Row>()
  ).results;
}

async function mustRule(c: ApiContext<`:id/:ruleId`>): Promise<Row> {
  const policy = await mustGet(c, 'policies', c.params.id, 'Policy');
  const rule = await c.db
    .prepare('SELECT * FROM policy_rules WHERE id = ? AND policy_id = ?')
    .bind(c.params.ruleId, policy.id)
    .first<Row>();
  if (!rule) throw notFound('Rule');
  return rule;
}

function toggle(enabled: boolean): ApiRoute {
  return defineRoute({
    method: 'POST',
    path: `${P}/:id/${enabled ? 'enable' : 'disable'}` as `${typeof P}/:id/enable`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: `${enabled ? 'Enable' : 'Disable'} a policy`,
    response: policySchema,
    status: 200,
    handler: async (c) => {
      const db = c.db;
      const s = scopeOf(c);
      const [res] = await db.batch([
        db
          .prepare(
            'UPDATE policies SET enabled = ?, updated_at = ?, version = version + 1 WHERE id = ? AND project_id = ? AND mode = ? RETURNING *',
          )
          .bind(enabled ? 1 : 0, c.now, c.params.id, s.projectId, s.mode),
        auditStmt(db, auditFor(c, enabled ? 'policy.enabled' : 'policy.disabled', 'policies', c.params.id), true),
      ]);
      const row = res!.results[0] as Row | undefined;
      if (!row) throw notFound('Policy');
      return json(policyToApi(row));
    },
  });
}

export const policyRoutes: ApiRoute[] = [
  withSpend(
    listRoute({
      path: P,
      tag: 'Policies',
      summary: 'List gas sponsorship policies, each with its spend over the last 30 days (`spend30d`)',
      def: POLICIES,
      spec: policyListSpec,
      toApi: (r) => policyToApi(r),
      item: policySchema,
    }),
  ),
  defineRoute({
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
      const b = c.body;
      await strategyRefs(c, b.strategy as { tokenContract?: string; depositor?: string });
      const row: Row = {
        id: newId('pol'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        name: b.name,
        chain_id: b.chainId,
        enabled: b.enabled ? 1 : 0,
        strategy: JSON.stringify(b.strategy),
        monthly_spend_cap_usd: b.monthlySpendCapUsd,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = policyToApi(row, []);
      return commitCreate(c, {
        statements: [insertStmt(c.db, 'policies', row)],
        audit: auditFor(c, 'policy.created', 'policies', row.id as string),
        body: response,
        response,
        requestBody: b,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id`,
    scope: 'mode',
    permission: 'read',
    tag: 'Policies',
    summary: 'Read a policy with its rules and its spend this month (against its monthly spend cap)',
    response: policySchema,
    handler: async (c) => {
      const row = await mustGet(c, 'policies', c.params.id, 'Policy');
      row.spendThisMonth = await policySpendThisMonth(c.db, row, c.now);
      return json(policyToApi(row, await rulesOf(c, row.id as string)));
    },
  }),
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
        ...(b.monthlySpendCapUsd === undefined ? {} : { monthly_spend_cap_usd: b.monthlySpendCapUsd }),
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
  defineRoute({
    method: 'GET',
    path: `${P}/:id/rules`,
    scope: 'mode',
    permission: 'read',
    tag: 'Policies',
    summary: "A policy's rules",
    response: listOf(policyRuleSchema),
    handler: async (c) => {
      const policy = await mustGet(c, 'policies', c.params.id, 'Policy');
      const data = (await rulesOf(c, policy.id as string)).map(ruleToApi);
      return json({ data, page: 1, limit: data.length, total: data.length });
    },
  }),
  defineRoute({
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
      const b = c.body;
      const policy = await mustGet(c, 'policies', c.params.id, 'Policy');
      await mustReference(c, 'contracts', b.contractId, 'contractId');
      await checkContractRule(c, policy, b.contractId ?? null, b.functionName ?? null);
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
        statements: [insertStmt(c.db, 'policy_rules', row)],
        audit: auditFor(c, 'policy.rule_added', 'policy_rules', row.id as string, { policyId: policy.id }),
        body: response,
        response,
        requestBody: b,
      });
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: `${P}/:id/rules/:ruleId`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: 'Update a rule',
    body: policyRuleUpdateSchema,
    response: policyRuleSchema,
    handler: async (c) => {
      const { version, ...b } = c.body;
      const rule = await mustRule(c);
      const wildcard = b.wildcard ?? rule.wildcard === 1;
      const functionName = b.functionName === undefined ? (rule.function_name as string | null) : b.functionName;
      if (rule.type !== 'rate_limit' && !wildcard && !functionName)
        throw new ApiError('bad_request', 'Give a function name or set wildcard', [
          { path: 'functionName', message: 'Give a function name or set wildcard' },
        ]);
      if (rule.type === 'rate_limit' && (b.functionName || b.wildcard))
        throw new ApiError('bad_request', 'Rate limits have no function', [
          { path: 'functionName', message: 'Rate limits have no function' },
        ]);
      if (
        rule.type === 'rate_limit' &&
        rule.limit_type === 'gas_per_transaction' &&
        (b.intervalUnit || b.intervalValue)
      )
        throw new ApiError('bad_request', 'A per-transaction gas limit has no interval', [
          { path: 'intervalUnit', message: 'A per-transaction gas limit has no interval' },
        ]);
      if (b.functionName) {
        const policy = await mustGet(c, 'policies', c.params.id, 'Policy');
        await checkContractRule(c, policy, rule.contract_id as string | null, b.functionName);
      }
      const set: Row = {};
      if (b.functionName !== undefined) set.function_name = b.functionName;
      if (b.wildcard !== undefined) set.wildcard = b.wildcard;
      if (b.limitValue !== undefined) set.limit_value = b.limitValue;
      if (b.intervalUnit !== undefined) set.interval_unit = b.intervalUnit;
      if (b.intervalValue !== undefined) set.interval_value = b.intervalValue;
      const row = await commitUpdate<Row>(
        c,
        updateStmt(c.db, 'policy_rules', scopeOf(c), rule.id as string, version, set, c.now),
        auditFor(c, 'policy.rule_updated', 'policy_rules', rule.id as string),
        'Rule',
        async () => true,
      );
      return json(ruleToApi(row));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${P}/:id/rules/:ruleId`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Policies',
    summary: 'Remove a rule',
    status: 204,
    handler: async (c) => {
      const rule = await mustRule(c);
      const db = c.db;
      await db.batch([
        db.prepare('DELETE FROM policy_rules WHERE id = ?').bind(rule.id),
        auditStmt(db, auditFor(c, 'policy.rule_removed', 'policy_rules', rule.id as string), true),
      ]);
      return new Response(null, { status: 204 });
    },
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id/spend`,
    scope: 'mode',
    permission: 'read',
    tag: 'Policies',
    summary: 'Spend report: sponsored transactions, gas and cost per day over the last `days` days (1–365, default 30)',
    query: policySpendQuerySchema,
    response: policySpendSchema,
    handler: async (c) => {
      const { days } = c.query;
      const policy = await mustGet(c, 'policies', c.params.id, 'Policy');
      const since = c.now - days * DAY_MS;
      const { results } = await c.db
        .prepare(
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
          costUsd: a.costUsd,
        }),
        // The total cost is rounded once, from the exact daily sums (as the list's `spend30d`).
        { transactions: 0, gasUsed: 0, costUsd: results.reduce((a, r) => a + r.cost, 0) },
      );
      totals.costUsd = Math.round(totals.costUsd * 100) / 100;
      return json({ policyId: policy.id, days, totals, daily });
    },
  }),
];

/** The list route with each page's spend attached before its rows are turned into API objects. */
function withSpend(route: ApiRoute): ApiRoute {
  return {
    ...route,
    handler: async (c) => {
      const q = c.query as ListQuery;
      const { rows, total } = await listRows(c.db, POLICIES, policyListSpec, scopeOf(c), q);
      await attachSpend(c, rows);
      return json({ data: rows.map((r) => policyToApi(r)), page: q.page, limit: q.limit, total });
    },
  };
}

export { getRow };
