/**
 * The promotion plan, as one pure function (docs/decisions.md "Test to live as a plan"): two configuration documents
 * (src/shared/api/config.ts) → for every object of every kind, how it compares and what applying does, with the
 * exact value that would be written. The compare screen, the dry run, the apply and `POST …/config` all take their
 * answer from here, so what a dry run promises is what apply writes.
 */
import type { z } from 'zod';
import {
  CONFIG_KINDS,
  isSecretPlaceholder,
  KIND_LABELS,
  SETTINGS_KIND_OF,
  type ConfigDocument,
  type ConfigKind,
  type PlanItem,
  type SettingsConfigKind,
} from './api/config.ts';
import { contractCreateSchema } from './api/contracts.ts';
import { policyCreateSchema, policyRuleCreateSchema } from './api/policies.ts';
import { eventCreateSchema, webhookCreateSchema } from './api/webhooks.ts';
import { SETTINGS_SCHEMAS, SETTINGS_SECRETS } from './api/settings.ts';
import { OAUTH_PROVIDERS, THIRD_PARTY_FIELDS } from './auth-settings-rules.ts';
import { CHAINS_BY_MODE, chainName } from './chains.ts';
import type { Mode } from './api/common.ts';
import type { AbiItem } from './abi.ts';
import { checksumOk } from './address-checksum.ts';
import { checkMonitorFunction, isMonitorIssue } from './contract-monitor.ts';

type Obj = Record<string, unknown>;
type Reason = { path: string; message: string };

/** A plan item with what apply writes (`value`, the object as the document states it after the plan's changes). */
export interface PlannedItem extends PlanItem {
  value?: Obj;
  /** Settings secrets of the target that apply forgets (an SMTP password bound to a server that changes). */
  dropSecrets?: string[];
}

export interface PlanInput {
  source: ConfigDocument;
  target: ConfigDocument;
  targetMode: Mode;
  /** What to promote: a kind, or one object by key; omitted: everything. */
  pick?: { kind: ConfigKind; key?: string }[];
  /** Refusals found outside this pure module (a webhook URL the SSRF guard refuses), by `kind\u0000key`. */
  refusals?: Map<string, Reason[]>;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A placeholder id of the right prefix: the shared create schemas check references by id, here they are keys. */
const PLACEHOLDER_ID = (prefix: string) => `${prefix}_00000000-0000-7000-8000-000000000000`;

export const contractKey = (r: { chainId: number; address: string }) => `${r.chainId}:${r.address.toLowerCase()}`;

/** Deep equality of JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

/** Objects flattened to dotted paths; arrays compared whole, except arrays of objects named in `byIndex`. */
function flatten(v: unknown, prefix: string, out: Map<string, unknown>, byIndex: ReadonlySet<string>) {
  if (isObj(v) && !isSecretPlaceholder(v)) {
    for (const [k, x] of Object.entries(v)) flatten(x, prefix ? `${prefix}.${k}` : k, out, byIndex);
    return;
  }
  if (Array.isArray(v) && byIndex.has(prefix.replace(/\[\d+\]/g, ''))) {
    v.forEach((x, i) => flatten(x, `${prefix}[${i}]`, out, byIndex));
    if (!v.length) out.set(prefix, []);
    return;
  }
  out.set(prefix, v);
}

/** Field-by-field changes from `from` (the target; undefined when absent) to `to`. */
export function diffFields(from: unknown, to: unknown, byIndex: ReadonlySet<string> = new Set(['rules'])) {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  if (from !== undefined) flatten(from, '', a, byIndex);
  flatten(to, '', b, byIndex);
  const changes: { path: string; from: unknown; to: unknown }[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const x = a.has(path) ? a.get(path) : null;
    const y = b.has(path) ? b.get(path) : null;
    if (!sameJson(x, y)) changes.push({ path, from: x, to: y });
  }
  return changes;
}

function deepMerge(base: Obj, patch: Obj): Obj {
  const out: Obj = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isObj(v) && isObj(base[k]) ? deepMerge(base[k], v) : v;
  return out;
}
function getPath(o: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((a, k) => (isObj(a) ? a[k] : undefined), o);
}
function setPath(o: Obj, path: string, v: unknown) {
  const p = path.split('.');
  let cur: Obj = o;
  for (const k of p.slice(0, -1)) {
    if (!isObj(cur[k])) return;
    cur = cur[k];
  }
  if (v === undefined) delete cur[p[p.length - 1]!];
  else cur[p[p.length - 1]!] = v;
}

function issues(error: z.ZodError, prefix = ''): Reason[] {
  return error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
}

/** The chain rule of a mode: live mode cannot use a testnet. */
export function chainRefusal(mode: Mode, chainId: number | null | undefined, path = 'chainId'): Reason | null {
  if (mode !== 'live' || chainId == null) return null;
  if (!CHAINS_BY_MODE.test.some((c) => c.id === chainId)) return null;
  return { path, message: `${chainName(chainId)} is a testnet: live mode uses mainnets` };
}

/** Settings data without its secrets: placeholders and `…Hint` fields are never compared or written. */
function publicSettings(kind: SettingsConfigKind, data: Obj): Obj {
  const out = structuredClone(data);
  for (const path of SETTINGS_SECRETS[SETTINGS_KIND_OF[kind]]) {
    setPath(out, path, undefined);
    setPath(out, `${path}Hint`, undefined);
  }
  if (kind === 'ecosystem') delete out.customDomain;
  return out;
}
const hasSecret = (data: Obj | undefined, path: string) => isSecretPlaceholder(getPath(data, path));

interface Candidate {
  kind: ConfigKind;
  key: string;
  label: string;
  source?: Obj;
  target?: Obj;
}

function candidates(kind: ConfigKind, source: ConfigDocument, target: ConfigDocument): Candidate[] {
  const keyOf = (o: Obj): string =>
    kind === 'contracts'
      ? contractKey(o as { chainId: number; address: string })
      : kind === 'webhooks'
        ? String(o.url)
        : String(o.name);
  const labelOf = (o: Obj) => (kind === 'webhooks' ? String(o.url) : String(o.name));
  if (kind in SETTINGS_KIND_OF) {
    const s = source[kind as SettingsConfigKind];
    const t = target[kind as SettingsConfigKind];
    if (!s) return [];
    return [{ kind, key: kind, label: KIND_LABELS[kind], source: s as Obj, target: t as Obj | undefined }];
  }
  // A webhook's signing secret is its own in each mode: never compared, never written.
  const list = (doc: ConfigDocument) =>
    ((doc[kind as 'contracts'] ?? []) as unknown as Obj[]).map((o) => {
      if (kind !== 'webhooks') return o;
      const { signingSecret: _s, ...rest } = o;
      return rest;
    });
  const out = new Map<string, Candidate>();
  const managed = source[kind as 'contracts'] !== undefined;
  for (const o of list(source)) out.set(keyOf(o), { kind, key: keyOf(o), label: labelOf(o), source: o });
  for (const o of list(target)) {
    const c = out.get(keyOf(o));
    if (c) c.target = o;
    else if (managed) out.set(keyOf(o), { kind, key: keyOf(o), label: labelOf(o), target: o });
  }
  return [...out.values()];
}

/** The plan of promoting `source` into the target mode whose configuration is `target`. */
export function planConfig(input: PlanInput): PlannedItem[] {
  const { source, target, targetMode } = input;
  const picked = (kind: ConfigKind, key: string) =>
    !input.pick || input.pick.some((p) => p.kind === kind && (p.key === undefined || p.key === key));
  const contractsAfter = new Map<string, { chainId: number; abi: unknown[] }>();
  for (const c of target.contracts ?? []) contractsAfter.set(contractKey(c), c);
  const wallets = new Set((target.backendWallets ?? []).map((w) => w.address.toLowerCase()));
  const items: PlannedItem[] = [];

  for (const kind of CONFIG_KINDS) {
    for (const cand of candidates(kind, source, target)) {
      const base: PlannedItem = {
        kind,
        key: cand.key,
        label: cand.label,
        compare: 'same',
        changes: [],
        action: 'unchanged',
        reasons: [],
        needsSecret: [],
      };
      if (!cand.source) {
        items.push({ ...base, compare: 'only_in_target' });
        continue;
      }
      const settings = kind in SETTINGS_KIND_OF ? (kind as SettingsConfigKind) : null;
      const srcCmp = settings ? publicSettings(settings, cand.source) : cand.source;
      const tgtCmp = cand.target && (settings ? publicSettings(settings, cand.target) : cand.target);
      const compareChanges = diffFields(tgtCmp, srcCmp);
      const compare = !cand.target ? 'only_in_source' : compareChanges.length ? 'differs' : 'same';
      const item: PlannedItem = { ...base, compare, changes: compareChanges };
      items.push(item);
      if (compare === 'same') continue;
      if (!picked(kind, cand.key)) {
        item.action = 'not_picked';
        continue;
      }
      const reasons: Reason[] = [...(input.refusals?.get(`${kind}\u0000${cand.key}`) ?? [])];
      let value: Obj = structuredClone(cand.source);
      switch (kind) {
        case 'contracts': {
          const parsed = contractCreateSchema.safeParse(value);
          if (!parsed.success) reasons.push(...issues(parsed.error));
          const chain = chainRefusal(targetMode, value.chainId as number);
          if (chain) reasons.push(chain);
          break;
        }
        case 'policies':
          reasons.push(...policyReasons(value, cand.target, targetMode, contractsAfter, wallets));
          break;
        case 'webhooks': {
          const hook = value;
          const parsed = webhookCreateSchema.safeParse({ ...hook, description: hook.description ?? undefined });
          if (!parsed.success) reasons.push(...issues(parsed.error));
          if (!cand.target) {
            // A new endpoint gets a new signing secret nobody has seen: it waits, disabled, for a rotation.
            item.needsSecret.push('signingSecret');
            value.enabled = false;
          } else value.enabled = cand.target.enabled === true && hook.enabled === true;
          break;
        }
        case 'eventMonitors':
          reasons.push(...monitorReasons(value, targetMode, contractsAfter, wallets));
          break;
        default: {
          const s = settings!;
          const r = settingsValue(s, cand.source, cand.target);
          value = r.value;
          reasons.push(...r.reasons);
          item.needsSecret.push(...r.needsSecret);
          if (r.dropSecrets.length) item.dropSecrets = r.dropSecrets;
        }
      }
      if (reasons.length) {
        item.action = 'refused';
        item.reasons = reasons;
        item.needsSecret = [];
        continue;
      }
      const written = settings ? publicSettings(settings, value) : value;
      if (tgtCmp && sameJson(written, tgtCmp) && !item.dropSecrets) {
        // What would be written is what the target has (a provider that stays off without its secret): nothing to do.
        item.action = 'unchanged';
        continue;
      }
      item.action = cand.target ? 'update' : 'create';
      item.value = value;
      if (kind === 'contracts') contractsAfter.set(cand.key, value as { chainId: number; abi: unknown[] });
    }
  }
  return items;
}

function refOk(
  ref: unknown,
  path: string,
  chainId: number | null,
  contracts: Map<string, { chainId: number }>,
): Reason | null {
  if (!isObj(ref)) return null;
  const key = contractKey(ref as { chainId: number; address: string });
  if (!contracts.has(key))
    return {
      path,
      message: `The contract ${ref.address} on ${chainName(Number(ref.chainId))} is not there: pick it too`,
    };
  if (chainId !== null && Number(ref.chainId) !== chainId)
    return { path, message: `The contract is on chain ${String(ref.chainId)}, the object on ${chainId}` };
  return null;
}

function walletOk(ref: unknown, path: string, wallets: Set<string>): Reason | null {
  if (!isObj(ref)) return null;
  if (wallets.has(String(ref.address).toLowerCase())) return null;
  return { path, message: `The backend wallet ${String(ref.address)} is not there: add it first (keys never travel)` };
}

function policyReasons(
  p: Obj,
  target: Obj | undefined,
  mode: Mode,
  contracts: Map<string, { chainId: number; abi?: unknown[] }>,
  wallets: Set<string>,
): Reason[] {
  const reasons: Reason[] = [];
  const strategy = (p.strategy ?? {}) as Obj;
  const asIds = {
    ...strategy,
    ...(strategy.tokenContract ? { tokenContract: PLACEHOLDER_ID('con') } : {}),
    ...(strategy.depositor ? { depositor: PLACEHOLDER_ID('dac') } : {}),
  };
  const parsed = policyCreateSchema.safeParse({
    name: p.name,
    chainId: p.chainId,
    enabled: p.enabled,
    strategy: asIds,
  });
  if (!parsed.success) reasons.push(...issues(parsed.error));
  const chain = chainRefusal(mode, p.chainId as number);
  if (chain) reasons.push(chain);
  if (target && target.chainId !== p.chainId)
    reasons.push({ path: 'chainId', message: 'A policy’s chain cannot change: delete the policy there first' });
  const token = refOk(strategy.tokenContract, 'strategy.tokenContract', null, contracts);
  if (token) reasons.push(token);
  const depositor = walletOk(strategy.depositor, 'strategy.depositor', wallets);
  if (depositor) reasons.push(depositor);
  ((p.rules ?? []) as Obj[]).forEach((r, i) => {
    const rule = policyRuleCreateSchema.safeParse({
      type: r.type,
      ...(r.contract ? { contractId: PLACEHOLDER_ID('con') } : {}),
      ...(r.functionName ? { functionName: r.functionName } : {}),
      wildcard: r.wildcard,
      ...(r.limitType ? { limitType: r.limitType } : {}),
      ...(r.limitValue != null ? { limitValue: r.limitValue } : {}),
      ...(r.intervalUnit ? { intervalUnit: r.intervalUnit } : {}),
      ...(r.intervalValue != null ? { intervalValue: r.intervalValue } : {}),
    });
    if (!rule.success) reasons.push(...issues(rule.error, `rules[${i}]`));
    const ref = refOk(r.contract, `rules[${i}].contract`, p.chainId as number, contracts);
    if (ref) reasons.push(ref);
    // As by hand: a rule's function must be one of its contract's ABI functions (when the contract has an ABI).
    const abi = isObj(r.contract)
      ? contracts.get(contractKey(r.contract as { chainId: number; address: string }))?.abi
      : null;
    const names = new Set((abi ?? []).filter((x) => isObj(x) && x.type === 'function').map((x) => (x as Obj).name));
    if (!ref && r.functionName && names.size && !names.has(r.functionName))
      reasons.push({
        path: `rules[${i}].functionName`,
        message: `\`${String(r.functionName)}\` is not a function of this contract`,
      });
  });
  return reasons;
}

function monitorReasons(
  e: Obj,
  mode: Mode,
  contracts: Map<string, { chainId: number; abi?: unknown[] }>,
  wallets: Set<string>,
): Reason[] {
  const reasons: Reason[] = [];
  const parsed = eventCreateSchema.safeParse(
    Object.fromEntries(
      Object.entries({
        name: e.name,
        type: e.type,
        topic: e.topic,
        threshold: e.threshold,
        contractId: e.contract ? PLACEHOLDER_ID('con') : null,
        functionName: e.functionName,
        functionArgs: e.functionArgs,
        backendWalletId: e.backendWallet ? PLACEHOLDER_ID('dac') : null,
        chainId: e.chainId,
        confirmations: e.confirmations,
        enabled: e.enabled,
      }).filter(([, v]) => v !== null && v !== undefined),
    ),
  );
  if (!parsed.success) reasons.push(...issues(parsed.error));
  const chain = chainRefusal(mode, e.chainId as number | null);
  if (chain) reasons.push(chain);
  const ref = refOk(e.contract, 'contract', null, contracts);
  if (ref) reasons.push(ref);
  // As by hand: a contract-function monitor's function and arguments against the contract's ABI.
  if (!ref && e.type === 'contract_function' && isObj(e.contract)) {
    const abi = contracts.get(contractKey(e.contract as { chainId: number; address: string }))?.abi ?? [];
    const r = checkMonitorFunction(
      abi as AbiItem[],
      typeof e.functionName === 'string' ? e.functionName : undefined,
      Array.isArray(e.functionArgs) ? (e.functionArgs as string[]) : undefined,
      checksumOk,
    );
    if (isMonitorIssue(r)) reasons.push(r);
  }
  const wallet = walletOk(e.backendWallet, 'backendWallet', wallets);
  if (wallet) reasons.push(wallet);
  return reasons;
}

const SMTP_SERVER_FIELDS = ['host', 'port', 'user', 'tlsMode'];

/**
 * A settings kind as it would be written: the source merged over the target (as a PATCH is), the target's own custom
 * domain kept, checked with the kind's schema; what needs a secret the target lacks is turned off and listed.
 */
function settingsValue(kind: SettingsConfigKind, source: Obj, target: Obj | undefined) {
  const reasons: Reason[] = [];
  const needsSecret: string[] = [];
  const dropSecrets: string[] = [];
  for (const path of SETTINGS_SECRETS[SETTINGS_KIND_OF[kind]]) {
    const v = getPath(source, path);
    if (v !== undefined && v !== null && !isSecretPlaceholder(v))
      reasons.push({ path, message: 'Secrets are never copied: set it on the settings page' });
  }
  const value = deepMerge(publicSettings(kind, target ?? {}), publicSettings(kind, source));
  if (kind === 'ecosystem' && target && 'customDomain' in target) value.customDomain = target.customDomain;
  if (kind === 'providers') {
    for (const p of OAUTH_PROVIDERS) {
      const path = `oauth.${p}.clientSecret`;
      if (getPath(value, `oauth.${p}.enabled`) === true && !hasSecret(target, path)) {
        setPath(value, `oauth.${p}.enabled`, false);
        needsSecret.push(path);
      }
    }
    const provider = getPath(value, 'thirdParty.provider') as keyof typeof THIRD_PARTY_FIELDS | null;
    if (provider) {
      const missing = THIRD_PARTY_FIELDS[provider]
        .filter((f) => f.endsWith('Key'))
        .map((f) => `thirdParty.${f}`)
        .filter((path) => !hasSecret(target, path));
      if (missing.length) {
        setPath(value, 'thirdParty.provider', null);
        needsSecret.push(...missing);
      }
    }
  }
  if (kind === 'smtp') {
    const serverChanges = SMTP_SERVER_FIELDS.some((f) => !sameJson(value[f], target?.[f]));
    if (serverChanges && hasSecret(target, 'password')) dropSecrets.push('password');
    if (value.enabled === true && (serverChanges || !hasSecret(target, 'password'))) {
      value.enabled = false;
      needsSecret.push('password');
    }
  }
  const parsed = SETTINGS_SCHEMAS[SETTINGS_KIND_OF[kind]].safeParse(value);
  if (!parsed.success) reasons.push(...issues(parsed.error as z.ZodError));
  return { value, reasons, needsSecret, dropSecrets };
}

/** The API's answer of a plan: counts, and the items without what apply writes. */
export function planAnswer(items: PlannedItem[]) {
  const count = (a: string) => items.filter((i) => i.action === a).length;
  return {
    items: items.map(({ value: _v, dropSecrets: _d, ...i }) => i),
    summary: {
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged') + count('not_picked'),
      refused: count('refused'),
    },
  };
}
