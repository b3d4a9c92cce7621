import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Policy, PolicyRule } from '../../shared/api/policies';
import { INTERVAL_UNITS } from '../../shared/api/collections';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { shorten } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/field';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath } from '../../lib/use-project';
import { RULE_KINDS, limitText, ruleKind, type ContractRef, type IntervalUnit, type RuleKind } from './model';

const KIND_LABEL = Object.fromEntries(RULE_KINDS.map((k) => [k.id, k.label])) as Record<RuleKind, string>;

/** The contracts of the policy's chain (names for the rules, choices for a new contract rule). */
function useChainContracts(chainId: number) {
  const base = useModePath();
  const filter = encodeURIComponent(JSON.stringify([{ field: 'chainId', op: 'eq', value: chainId }]));
  return useApiQuery<{ data: ContractRef[] }>(
    base ? `${base}/contracts?limit=100&order=name:asc&filters=${filter}` : null,
  );
}

interface Draft {
  kind: RuleKind;
  contractId: string;
  all: boolean;
  functionName: string;
  limitValue: string;
  intervalValue: string;
  intervalUnit: IntervalUnit;
}

function draftOf(rule?: PolicyRule): Draft {
  return {
    kind: rule ? ruleKind(rule) : 'contract_functions',
    contractId: rule?.contractId ?? '',
    all: rule ? rule.wildcard : false,
    functionName: rule?.functionName ?? '',
    limitValue: rule?.limitValue != null ? String(rule.limitValue) : '',
    intervalValue: rule?.intervalValue != null ? String(rule.intervalValue) : '1',
    intervalUnit: rule?.intervalUnit ?? 'day',
  };
}

/** A typed whole number, or the text as typed (so the API's message says what is wrong with it). */
const int = (s: string) => (/^\s*[0-9]+\s*$/.test(s) ? Number(s) : s.trim() === '' ? undefined : s);

/** What a rule's form sends: every field the kind uses, nothing else. */
function bodyOf(d: Draft, editing: boolean): Record<string, unknown> {
  const fn = d.all
    ? { wildcard: true, functionName: editing ? null : undefined }
    : { wildcard: false, functionName: d.functionName.trim() || (editing ? null : undefined) };
  if (d.kind === 'contract_functions')
    return editing ? fn : { type: 'contract_functions', contractId: d.contractId || undefined, ...fn };
  if (d.kind === 'account_functions') return editing ? fn : { type: 'account_functions', ...fn };
  const interval =
    d.kind === 'gas_per_transaction' ? {} : { intervalUnit: d.intervalUnit, intervalValue: int(d.intervalValue) };
  const limit = { limitValue: int(d.limitValue), ...interval };
  return editing ? limit : { type: 'rate_limit', limitType: d.kind, ...limit };
}

function Select({
  label,
  value,
  onChange,
  error,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  children: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The functions a contract rule can name: the ABI's state-changing functions (name, shown with its signature). */
function abiFunctions(contract: ContractRef | undefined): { name: string; signature: string }[] {
  const seen = new Set<string>();
  const out: { name: string; signature: string }[] = [];
  for (const item of contract?.abi ?? []) {
    if (item.type !== 'function' || !item.name || seen.has(item.name)) continue;
    if (item.stateMutability === 'view' || item.stateMutability === 'pure') continue;
    seen.add(item.name);
    out.push({ name: item.name, signature: `${item.name}(${(item.inputs ?? []).map((i) => i.type).join(',')})` });
  }
  return out;
}

/** Add or edit a rule; the API's field errors show at their fields, and nothing is saved when it refuses. */
function RuleDialog({
  path,
  rule,
  contracts,
  trigger,
}: {
  path: string;
  rule?: PolicyRule;
  contracts: ContractRef[];
  trigger: ReactNode;
}) {
  const base = useModePath();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [d, setD] = useState(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  const contract = useApiQuery<ContractRef>(
    open && base && d.kind === 'contract_functions' && d.contractId ? `${base}/contracts/${d.contractId}` : null,
  );
  const functions = abiFunctions(contract.data);
  const editing = Boolean(rule);
  const isFunctions = d.kind === 'contract_functions' || d.kind === 'account_functions';
  const useAbi = d.kind === 'contract_functions' && functions.length > 0;

  async function submit() {
    setBusy(true);
    setErrors({});
    try {
      await apiWrite<PolicyRule>(rule ? `${path}/rules/${rule.id}` : `${path}/rules`, {
        method: rule ? 'PATCH' : 'POST',
        body: rule ? { ...bodyOf(d, true), version: rule.version } : bodyOf(d, false),
        pending: rule ? 'Saving rule…' : 'Adding rule…',
        done: rule ? 'Rule saved' : `${KIND_LABEL[d.kind]} rule added`,
        invalidate: [path],
      });
      setOpen(false);
    } catch (e) {
      if (e instanceof ApiRequestError) setErrors(e.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setD(draftOf(rule));
          setErrors({});
        }
      }}
      title={rule ? `Edit ${KIND_LABEL[d.kind].toLowerCase()} rule` : 'Add a rule'}
      description={
        rule
          ? 'The kind and contract of a rule stay; remove it and add another to change them.'
          : 'Rules decide what the policy sponsors: which functions, and how much gas or how many transactions.'
      }
      trigger={trigger}
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Select
          label="Kind"
          value={d.kind}
          disabled={editing}
          error={errors.type ?? errors.limitType}
          onChange={(v) => set({ kind: v as RuleKind })}
        >
          {RULE_KINDS.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </Select>
        {d.kind === 'contract_functions' && (
          <Select
            label="Contract"
            value={d.contractId}
            disabled={editing}
            error={errors.contractId}
            onChange={(v) => set({ contractId: v, functionName: '' })}
          >
            <option value="">Choose a contract…</option>
            {contracts.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
        {isFunctions && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Functions</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-fn`} checked={d.all} onChange={() => set({ all: true })} />
              {d.kind === 'contract_functions' ? 'All functions of the contract' : 'All functions of the account'}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-fn`} checked={!d.all} onChange={() => set({ all: false })} />
              One function
            </label>
            {!d.all &&
              (useAbi ? (
                <Select
                  label="Function"
                  value={d.functionName}
                  error={errors.functionName ?? errors.wildcard}
                  onChange={(v) => set({ functionName: v })}
                >
                  <option value="">Choose a function…</option>
                  {functions.map((f) => (
                    <option key={f.name} value={f.name}>
                      {f.signature}
                    </option>
                  ))}
                </Select>
              ) : (
                <Field
                  label="Function name"
                  value={d.functionName}
                  maxLength={100}
                  placeholder={d.kind === 'account_functions' ? 'execute' : 'transfer'}
                  hint={
                    d.kind === 'contract_functions' && d.contractId && contract.data
                      ? 'This contract has no ABI with write functions; type the name.'
                      : undefined
                  }
                  error={errors.functionName ?? errors.wildcard}
                  onChange={(e) => set({ functionName: e.target.value })}
                />
              ))}
            {d.all && (errors.functionName ?? errors.wildcard) && (
              <p className="text-xs text-destructive">{errors.functionName ?? errors.wildcard}</p>
            )}
          </fieldset>
        )}
        {!isFunctions && (
          <Field
            label={d.kind === 'count_per_interval' ? 'Transactions' : 'Gas units'}
            inputMode="numeric"
            value={d.limitValue}
            placeholder={d.kind === 'count_per_interval' ? '100' : '500000'}
            error={errors.limitValue}
            onChange={(e) => set({ limitValue: e.target.value })}
          />
        )}
        {(d.kind === 'gas_per_interval' || d.kind === 'count_per_interval') && (
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="Every"
              inputMode="numeric"
              value={d.intervalValue}
              error={errors.intervalValue}
              onChange={(e) => set({ intervalValue: e.target.value })}
            />
            <Select
              label="Interval"
              value={d.intervalUnit}
              error={errors.intervalUnit}
              onChange={(v) => set({ intervalUnit: v as IntervalUnit })}
            >
              {INTERVAL_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </Select>
          </div>
        )}
        {errors[''] && <p className="text-sm text-destructive">{errors['']}</p>}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {rule ? 'Save rule' : 'Add rule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The rules of a policy: what each applies to and its limit; add, edit, remove for writers. */
export function RulesTab({ policy, path, canWrite }: { policy: Policy; path: string; canWrite: boolean }) {
  const contracts = useChainContracts(policy.chainId);
  const names = new Map((contracts.data?.data ?? []).map((c) => [c.id, c.name]));
  const rules = policy.rules ?? [];
  const list = contracts.data?.data ?? [];

  function appliesTo(r: PolicyRule) {
    if (r.type === 'rate_limit') return <span className="text-muted-foreground">Every sponsored transaction</span>;
    const fn = r.wildcard ? 'all functions' : <code className="font-mono text-xs">{r.functionName}</code>;
    if (r.type === 'account_functions') return <>Account: {fn}</>;
    const name = r.contractId ? (names.get(r.contractId) ?? shorten(r.contractId)) : '—';
    return (
      <>
        {name}: {fn}
      </>
    );
  }

  const add = canWrite && (
    <RuleDialog
      path={path}
      contracts={list}
      trigger={
        <Button size="sm" className="shrink-0 whitespace-nowrap">
          <Plus className="h-4 w-4" aria-hidden /> Add rule
        </Button>
      }
    />
  );

  if (contracts.loading && !contracts.data && rules.some((r) => r.contractId))
    return (
      <div className="grid gap-2" aria-busy="true">
        {rules.map((r) => (
          <Skeleton key={r.id} className="h-12 w-full" />
        ))}
      </div>
    );

  // The add button stays in one place (one dialog instance) whether the policy has rules or not.
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {rules.length === 0
            ? 'No rules: the policy sponsors nothing until a function rule matches.'
            : `${rules.length === 1 ? '1 rule' : `${rules.length} rules`}: a transaction is sponsored when a function rule matches it and no limit is reached.`}
        </p>
        {add}
      </div>
      {rules.length === 0 ? (
        <StatePanel
          kind="empty"
          title="No rules yet"
          description={
            canWrite
              ? 'Add the contract or account functions the policy pays for, then limits on gas and transactions.'
              : 'A developer, admin or owner of the project can add them.'
          }
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm" aria-label="Rules">
            <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Kind
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Applies to
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Limit
                </th>
                {canWrite && (
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr key={r.id} className="h-12 border-b border-border last:border-0">
                  <td className="px-3 sm:whitespace-nowrap">{KIND_LABEL[ruleKind(r)]}</td>
                  <td className="min-w-40 px-3 py-1">{appliesTo(r)}</td>
                  <td className="px-3 whitespace-nowrap">{r.type === 'rate_limit' ? limitText(r) : '—'}</td>
                  {canWrite && (
                    <td className="px-3 text-right whitespace-nowrap">
                      <RuleDialog
                        path={path}
                        rule={r}
                        contracts={list}
                        trigger={
                          <Button variant="ghost" size="sm" aria-label={`Edit ${KIND_LABEL[ruleKind(r)]} rule`}>
                            <Pencil className="h-4 w-4" aria-hidden />
                          </Button>
                        }
                      />
                      <ConfirmDialog
                        destructive
                        title="Remove this rule?"
                        description="The policy stops using it at once."
                        confirmLabel="Remove rule"
                        trigger={
                          <Button variant="ghost" size="sm" aria-label={`Remove ${KIND_LABEL[ruleKind(r)]} rule`}>
                            <Trash2 className="h-4 w-4" aria-hidden />
                          </Button>
                        }
                        onConfirm={async () => {
                          await apiWrite(`${path}/rules/${r.id}`, {
                            method: 'DELETE',
                            pending: 'Removing rule…',
                            done: 'Rule removed',
                            invalidate: [path],
                          });
                        }}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
