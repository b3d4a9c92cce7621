import type { Mode } from '../../../src/shared/api/common';
import {
  CONFIG_SCHEMA_VERSION,
  SETTINGS_KIND_OF,
  type ConfigDocument,
  type SettingsConfigKind,
} from '../../../src/shared/api/config';
import { SETTINGS_SECRETS } from '../../../src/shared/api/settings';
import { contractKey } from '../../../src/shared/config-plan';
import { parseJson, type Row } from '../db/core';
import { stored } from '../api/handlers/settings';

type Obj = Record<string, unknown>;

/** What apply needs of the target's objects: their id and the version read while planning (the concurrency guard). */
export interface TargetMeta {
  id: string;
  version: number;
  /** Policies: `id:version` of their rules, in id order (a rule edited meanwhile is a conflict too). */
  rules?: string;
}

export interface ModeConfig {
  doc: ConfigDocument;
  /** By `kind\u0000key`. */
  meta: Map<string, TargetMeta>;
  /** Contract key → id, backend wallet address (lowercase) → id: references are rewritten through them. */
  contractIds: Map<string, string>;
  walletIds: Map<string, string>;
}

const LIMIT = 2000;

function setPath(o: Obj, path: string[], v: unknown) {
  let cur: Obj = o;
  for (const k of path.slice(0, -1)) {
    if (typeof cur[k] !== 'object' || cur[k] === null) return;
    cur = cur[k] as Obj;
  }
  cur[path[path.length - 1]!] = v;
}

/**
 * A mode's configuration as a document (src/shared/api/config.ts), read from the project's shard in one batch: ids
 * become keys, references name the referenced object's key, a stored secret is `{"$secret": "<name>"}`.
 */
export async function readModeConfig(db: D1Database, projectId: string, mode: Mode, now: number): Promise<ModeConfig> {
  const q = (sql: string) => db.prepare(sql).bind(projectId, mode);
  const scoped = (table: string) =>
    q(`SELECT * FROM ${table} WHERE project_id = ? AND mode = ? ORDER BY created_at, id LIMIT ${LIMIT}`);
  const [contracts, policies, rules, wallets, webhooks, events, settings] = await db.batch<Row>([
    scoped('contracts'),
    scoped('policies'),
    q(`SELECT * FROM policy_rules WHERE project_id = ? AND mode = ? ORDER BY created_at, id LIMIT ${LIMIT * 10}`),
    scoped('backend_wallets'),
    scoped('webhooks'),
    scoped('events'),
    q('SELECT * FROM settings WHERE project_id = ? AND mode = ?'),
  ]);
  const meta = new Map<string, TargetMeta>();
  const contractIds = new Map<string, string>();
  const refById = new Map<string, { chainId: number; address: string }>();
  const doc: ConfigDocument = { schemaVersion: CONFIG_SCHEMA_VERSION, mode, exportedAt: new Date(now).toISOString() };

  doc.contracts = contracts!.results.map((r) => {
    const ref = { chainId: r.chain_id as number, address: r.address as string };
    refById.set(r.id as string, ref);
    contractIds.set(contractKey(ref), r.id as string);
    meta.set(`contracts\u0000${contractKey(ref)}`, { id: r.id as string, version: r.version as number });
    return {
      name: r.name as string,
      ...ref,
      abi: parseJson(r.abi, []),
      publicVerified: r.public_verified === 1,
    };
  });
  const walletIds = new Map<string, string>();
  const walletById = new Map<string, string>();
  doc.backendWallets = wallets!.results.map((w) => {
    walletIds.set(String(w.address).toLowerCase(), w.id as string);
    walletById.set(w.id as string, w.address as string);
    return { name: w.name as string, address: w.address as string };
  });
  const ref = (id: unknown) => (typeof id === 'string' ? (refById.get(id) ?? null) : null);
  const wallet = (id: unknown) =>
    typeof id === 'string' && walletById.has(id) ? { address: walletById.get(id)! } : null;

  const rulesOf = new Map<string, Row[]>();
  for (const r of rules!.results)
    rulesOf.set(r.policy_id as string, [...(rulesOf.get(r.policy_id as string) ?? []), r]);
  doc.policies = policies!.results.map((p) => {
    const own = rulesOf.get(p.id as string) ?? [];
    meta.set(`policies\u0000${String(p.name)}`, {
      id: p.id as string,
      version: p.version as number,
      rules: rulesFingerprint(own),
    });
    const s = parseJson<Obj>(p.strategy, {});
    const strategy: Obj = { ...s };
    if (s.tokenContract) strategy.tokenContract = ref(s.tokenContract) ?? undefined;
    if (s.depositor) strategy.depositor = wallet(s.depositor) ?? undefined;
    return {
      name: p.name as string,
      chainId: p.chain_id as number,
      enabled: p.enabled === 1,
      strategy: strategy as never,
      rules: own.map((r) => ({
        type: r.type as 'rate_limit',
        contract: ref(r.contract_id),
        functionName: (r.function_name as string | null) ?? null,
        wildcard: r.wildcard === 1,
        limitType: (r.limit_type as 'gas_per_interval' | null) ?? null,
        limitValue: (r.limit_value as number | null) ?? null,
        intervalUnit: (r.interval_unit as 'day' | null) ?? null,
        intervalValue: (r.interval_value as number | null) ?? null,
      })),
    };
  });
  doc.webhooks = webhooks!.results.map((w) => {
    meta.set(`webhooks\u0000${String(w.url)}`, { id: w.id as string, version: w.version as number });
    return {
      url: w.url as string,
      description: (w.description as string | null) ?? null,
      topics: parseJson(w.topics, []),
      enabled: w.enabled === 1,
      signingSecret: { $secret: 'webhooks.signingSecret' },
    };
  });
  doc.eventMonitors = events!.results.map((e) => {
    meta.set(`eventMonitors\u0000${String(e.name)}`, { id: e.id as string, version: e.version as number });
    return {
      name: e.name as string,
      type: e.type as 'confirmations',
      topic: (e.topic as string | null) ?? null,
      threshold: (e.threshold as string | null) ?? null,
      contract: ref(e.contract_id),
      functionName: (e.function_name as string | null) ?? null,
      functionArgs: parseJson<string[] | null>(e.function_args as string | null, null),
      backendWallet: wallet(e.backend_wallet_id),
      chainId: (e.chain_id as number | null) ?? null,
      confirmations: (e.confirmations as number | null) ?? null,
      enabled: e.enabled === 1,
    };
  });
  for (const [docKind, kind] of Object.entries(SETTINGS_KIND_OF) as [SettingsConfigKind, string][]) {
    const row = settings!.results.find((r) => r.kind === kind);
    if (!row) continue;
    meta.set(`${docKind}\u0000${docKind}`, { id: kind, version: row.version as number });
    const data = stored(kind as never, row);
    if (docKind === 'ecosystem') delete data.customDomain;
    const secrets = parseJson<Record<string, unknown>>(row.secrets, {});
    for (const path of SETTINGS_SECRETS[kind as keyof typeof SETTINGS_SECRETS])
      if (secrets[path]) setPath(data, path.split('.'), { $secret: `${docKind}.${path}` });
    doc[docKind] = data;
  }
  return { doc, meta, contractIds, walletIds };
}

/** `id:version` of a policy's rules in id order: what the apply's guard compares with the rules at commit time. */
export function rulesFingerprint(rules: Row[]): string {
  return [...rules]
    .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))
    .map((r) => `${String(r.id)}:${String(r.version)}`)
    .join(',');
}
