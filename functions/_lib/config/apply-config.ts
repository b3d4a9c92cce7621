import type { Mode } from '../../../src/shared/api/common';
import {
  CONFIG_KINDS,
  SETTINGS_KIND_OF,
  type ConfigKind,
  type SettingsConfigKind,
} from '../../../src/shared/api/config';
import { newId } from '../../../src/shared/api/ids';
import { contractKey, type PlannedItem } from '../../../src/shared/config-plan';
import { auditStmt } from '../db/audit';
import { insertStmt, type Row } from '../db/core';
import { encryptSecret, secretHint } from '../api/crypto';
import { newWebhookSecret } from '../webhooks/secrets';
import { ApiError } from '../api/request-response';
import type { ModeConfig } from './read-config';

type Obj = Record<string, unknown>;

export interface ApplyTarget {
  db: D1Database;
  env: Env;
  projectId: string;
  mode: Mode;
  actor: { type: 'user' | 'key'; id: string };
  now: number;
  /** What the plan was made against (ids, versions, references). */
  config: ModeConfig;
}

/** The marker of a guard that failed inside a batch: the batch rolls back and the apply answers 409. */
const STALE = 'config_stale';

/**
 * A statement that fails (and so rolls the whole batch back) unless `condition` holds at commit time: `json()` of a
 * non-JSON text is an error in SQLite. The condition compares what planning read with what is there now.
 */
function guard(db: D1Database, condition: string, args: unknown[]): D1PreparedStatement {
  return db.prepare(`SELECT CASE WHEN ${condition} THEN 1 ELSE json('${STALE}') END`).bind(...args);
}

const isStale = (err: unknown) => /malformed JSON|config_stale/i.test(String((err as Error)?.message ?? err));

/**
 * Writes a plan: one D1 batch per kind (contracts first, so the policies and monitors of the same promotion find
 * them), each all-or-nothing with a guard per object; one audit entry per object, grouped by `promotionId`. A guard
 * that fails is a 409 naming the kinds applied before it (a repeated apply finishes the rest: it is idempotent).
 */
export async function applyPlan(t: ApplyTarget, items: PlannedItem[], promotionId: string): Promise<void> {
  const contractIds = new Map(t.config.contractIds);
  const applied: ConfigKind[] = [];
  for (const kind of CONFIG_KINDS) {
    const todo = items.filter((i) => i.kind === kind && (i.action === 'create' || i.action === 'update'));
    if (!todo.length) continue;
    const stmts: D1PreparedStatement[] = [];
    for (const item of todo) stmts.push(...(await statementsFor(t, item, promotionId, contractIds)));
    try {
      await t.db.batch(stmts);
    } catch (err) {
      if (!isStale(err) && !/UNIQUE constraint/i.test(String(err))) throw err;
      throw new ApiError(
        'conflict',
        `The ${kind} of ${t.mode} changed while this was applied: nothing of them was written. Run the dry run again.`,
        { reason: 'stale_plan', kind, applied },
      );
    }
    applied.push(kind);
  }
}

async function statementsFor(
  t: ApplyTarget,
  item: PlannedItem,
  promotionId: string,
  contractIds: Map<string, string>,
): Promise<D1PreparedStatement[]> {
  const { db, projectId, mode, now } = t;
  const v = item.value!;
  const meta = t.config.meta.get(`${item.kind}\u0000${item.key}`);
  const audit = (table: string, id: string) =>
    auditStmt(db, {
      projectId,
      mode,
      actor: t.actor,
      action: `config.${item.action === 'create' ? 'created' : 'updated'}`,
      targetType: table,
      targetId: id,
      details: { promotionId, kind: item.kind, key: item.key, fields: item.changes.map((c) => c.path) },
      now,
    });
  const versionGuard = (table: string) =>
    guard(db, `(SELECT version FROM ${table} WHERE id = ?) = ?`, [meta!.id, meta!.version]);
  const absentGuard = (table: string, column: string, value: unknown) =>
    guard(db, `NOT EXISTS (SELECT 1 FROM ${table} WHERE project_id = ? AND mode = ? AND ${column} = ?)`, [
      projectId,
      mode,
      value,
    ]);
  const cid = (ref: unknown) =>
    ref && typeof ref === 'object'
      ? (contractIds.get(contractKey(ref as { chainId: number; address: string })) ?? null)
      : null;
  const wid = (ref: unknown) =>
    ref && typeof ref === 'object'
      ? (t.config.walletIds.get(String((ref as { address: string }).address).toLowerCase()) ?? null)
      : null;

  switch (item.kind) {
    case 'contracts': {
      if (item.action === 'create') {
        const id = newId('con');
        contractIds.set(item.key, id);
        return [
          insertStmt(db, 'contracts', {
            id,
            project_id: projectId,
            mode,
            name: v.name,
            chain_id: v.chainId,
            address: v.address,
            abi: JSON.stringify(v.abi ?? []),
            public_verified: v.publicVerified ? 1 : 0,
            created_at: now,
            updated_at: now,
            version: 1,
          }),
          audit('contracts', id),
        ];
      }
      return [
        versionGuard('contracts'),
        db
          .prepare(
            'UPDATE contracts SET name = ?, abi = ?, public_verified = ?, updated_at = ?, version = version + 1 WHERE id = ?',
          )
          .bind(v.name, JSON.stringify(v.abi ?? []), v.publicVerified ? 1 : 0, now, meta!.id),
        audit('contracts', meta!.id),
      ];
    }
    case 'policies': {
      const s = { ...(v.strategy as Obj) };
      if (s.tokenContract) s.tokenContract = cid(s.tokenContract);
      if (s.depositor) s.depositor = wid(s.depositor);
      const id = item.action === 'create' ? newId('pol') : meta!.id;
      const rules = ((v.rules ?? []) as Obj[]).map((r, i) =>
        insertStmt(db, 'policy_rules', {
          id: newId('afu', now + i),
          project_id: projectId,
          mode,
          policy_id: id,
          type: r.type,
          contract_id: cid(r.contract),
          function_name: r.functionName ?? null,
          wildcard: r.wildcard ? 1 : 0,
          limit_type: r.limitType ?? null,
          limit_value: r.limitValue ?? null,
          interval_unit: r.intervalUnit ?? null,
          interval_value: r.intervalValue ?? null,
          created_at: now + i,
          updated_at: now + i,
          version: 1,
        }),
      );
      if (item.action === 'create')
        return [
          absentGuard('policies', 'name', v.name),
          insertStmt(db, 'policies', {
            id,
            project_id: projectId,
            mode,
            name: v.name,
            chain_id: v.chainId,
            enabled: v.enabled ? 1 : 0,
            strategy: JSON.stringify(s),
            created_at: now,
            updated_at: now,
            version: 1,
          }),
          ...rules,
          audit('policies', id),
        ];
      return [
        versionGuard('policies'),
        guard(
          db,
          `(SELECT COALESCE(group_concat(k, ','), '') FROM (SELECT id || ':' || version AS k FROM policy_rules WHERE policy_id = ? ORDER BY id)) = ?`,
          [id, meta!.rules ?? ''],
        ),
        db
          .prepare('UPDATE policies SET enabled = ?, strategy = ?, updated_at = ?, version = version + 1 WHERE id = ?')
          .bind(v.enabled ? 1 : 0, JSON.stringify(s), now, id),
        db.prepare('DELETE FROM policy_rules WHERE policy_id = ?').bind(id),
        ...rules,
        audit('policies', id),
      ];
    }
    case 'webhooks': {
      if (item.action === 'create') {
        const id = newId('whk');
        // A fresh secret nobody sees: the endpoint stays disabled until its owner rotates it (and so reads one).
        const secret = newWebhookSecret();
        const row: Row = {
          id,
          project_id: projectId,
          mode,
          url: v.url,
          description: v.description ?? null,
          topics: JSON.stringify(v.topics ?? []),
          enabled: 0,
          secret_encrypted: await encryptSecret(t.env, secret, `webhooks:${id}`),
          secret_hint: secretHint(secret),
          created_at: now,
          updated_at: now,
          version: 1,
        };
        return [absentGuard('webhooks', 'url', v.url), insertStmt(db, 'webhooks', row), audit('webhooks', id)];
      }
      return [
        versionGuard('webhooks'),
        db
          .prepare(
            'UPDATE webhooks SET description = ?, topics = ?, enabled = ?, updated_at = ?, version = version + 1 WHERE id = ?',
          )
          .bind(v.description ?? null, JSON.stringify(v.topics ?? []), v.enabled ? 1 : 0, now, meta!.id),
        audit('webhooks', meta!.id),
      ];
    }
    case 'eventMonitors': {
      const cols = {
        type: v.type,
        topic: v.topic ?? null,
        threshold: v.threshold ?? null,
        contract_id: cid(v.contract),
        function_name: v.functionName ?? null,
        function_args: v.functionArgs == null ? null : JSON.stringify(v.functionArgs),
        backend_wallet_id: wid(v.backendWallet),
        chain_id: v.chainId ?? null,
        confirmations: v.confirmations ?? null,
        enabled: v.enabled ? 1 : 0,
      };
      if (item.action === 'create') {
        const id = newId('eve');
        return [
          absentGuard('events', 'name', v.name),
          insertStmt(db, 'events', {
            id,
            project_id: projectId,
            mode,
            name: v.name,
            ...cols,
            created_at: now,
            updated_at: now,
            version: 1,
          }),
          audit('events', id),
        ];
      }
      const names = Object.keys(cols);
      return [
        versionGuard('events'),
        db
          .prepare(
            `UPDATE events SET ${names.map((n) => `${n} = ?`).join(', ')}, updated_at = ?, version = version + 1 WHERE id = ?`,
          )
          .bind(...Object.values(cols), now, meta!.id),
        audit('events', meta!.id),
      ];
    }
    default: {
      const kind = SETTINGS_KIND_OF[item.kind as SettingsConfigKind];
      const drop = (item.dropSecrets ?? []).map((p) => `'$."${p}"'`);
      return [
        guard(db, '(SELECT version FROM settings WHERE project_id = ? AND mode = ? AND kind = ?) = ?', [
          projectId,
          mode,
          kind,
          meta!.version,
        ]),
        db
          .prepare(
            `UPDATE settings SET data = ${kind === 'ecosystem' ? "json_set(?, '$.customDomain', json_extract(data, '$.customDomain'))" : '?'}, ${drop.length ? `secrets = json_remove(secrets, ${drop.join(', ')}), ` : ''}updated_at = ?, version = version + 1 WHERE project_id = ? AND mode = ? AND kind = ?`,
          )
          .bind(JSON.stringify(v), now, projectId, mode, kind),
        audit('settings', kind),
      ];
    }
  }
}
