import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { backendWalletSchema } from '../../shared/api/backend-wallets';
import type { contractSchema } from '../../shared/api/contracts';
import { EVENT_TYPES } from '../../shared/api/collections';
import { CHAINS_BY_MODE, chainName } from '../../shared/chains';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import {
  BALANCE_TOPICS,
  formatUnits18,
  parseUnits18,
  symbolOf,
  TYPE_HINT,
  TYPE_LABEL,
  type MonitorType,
} from './monitor-format';
import { MonitorFunction } from './monitor-function';
import type { Monitor } from './monitor-target';

type Contract = z.infer<typeof contractSchema>;
type BackendWallet = z.infer<typeof backendWalletSchema>;

function Select({
  label,
  value,
  onChange,
  error,
  disabled,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = `monitor-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
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

/**
 * Create or edit an event monitor. The API lets an edit change the name, enabled, threshold and confirmations only:
 * the rest shows, disabled, as it was created. Contracts and backend wallets are chosen by name. Edits send the
 * version; the API's messages land at their fields.
 */
export function MonitorDialog({
  monitor,
  collection,
  mode,
  readOnly = false,
  onClose,
}: {
  monitor: Monitor | null;
  collection: string;
  mode: 'live' | 'test';
  /** For roles that may not write data: every field shows, disabled, without save or delete. */
  readOnly?: boolean;
  onClose: () => void;
}) {
  const editing = monitor !== null;
  const [name, setName] = useState(monitor?.name ?? '');
  const [type, setType] = useState<MonitorType>(monitor?.type ?? 'balance_threshold');
  const [topic, setTopic] = useState<string>(monitor?.topic ?? 'balance.dev_account');
  const [amount, setAmount] = useState(monitor?.threshold ? formatUnits18(monitor.threshold) : '');
  const [contractId, setContractId] = useState(monitor?.contractId ?? '');
  const [functionName, setFunctionName] = useState(monitor?.functionName ?? '');
  const [functionArgs, setFunctionArgs] = useState<string[] | null>(monitor?.functionArgs ?? null);
  const [walletId, setWalletId] = useState(monitor?.backendWalletId ?? '');
  const [chainId, setChainId] = useState(monitor?.chainId ? String(monitor.chainId) : '');
  const [confirmations, setConfirmations] = useState(monitor?.confirmations ? String(monitor.confirmations) : '12');
  const [enabled, setEnabled] = useState(monitor?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const contracts = useApiQuery<{ data: Contract[] }>(`${collection.replace(/\/events$/, '')}/contracts?limit=100`);
  const wallets = useApiQuery<{ data: BackendWallet[] }>(
    `${collection.replace(/\/events$/, '')}/backend-wallets?limit=100`,
  );
  const contract = contracts.data?.data.find((c) => c.id === contractId);
  const needsContract = type === 'contract_function' || (type === 'balance_threshold' && topic === 'balance.contract');
  const needsWallet = type === 'backend_wallet' || (type === 'balance_threshold' && topic === 'balance.dev_account');
  const path = monitor ? `${collection}/${monitor.id}` : collection;

  function body(): Record<string, unknown> | null {
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Give the monitor a name.';
    let threshold: string | null = null;
    if (type === 'balance_threshold') {
      threshold = parseUnits18(amount);
      if (threshold === null) local.threshold = 'Enter an amount such as 0.5 (at most 18 decimals).';
    }
    const conf = Number(confirmations);
    if (type === 'confirmations' && !(Number.isInteger(conf) && conf >= 1 && conf <= 1000))
      local.confirmations = 'Enter a whole number from 1 to 1000.';
    if (!editing) {
      if (needsContract && !contractId) local.contractId = 'Choose a contract.';
      if (needsWallet && !walletId) local.backendWalletId = 'Choose a backend wallet.';
      if (type === 'confirmations' && !chainId) local.chainId = 'Choose a chain.';
    }
    setErrors(local);
    if (Object.keys(local).length) return null;
    if (editing)
      return {
        ...(name.trim() !== monitor.name ? { name: name.trim() } : {}),
        ...(enabled !== monitor.enabled ? { enabled } : {}),
        ...(threshold !== null && threshold !== monitor.threshold ? { threshold } : {}),
        ...(type === 'confirmations' && conf !== monitor.confirmations ? { confirmations: conf } : {}),
        version: monitor.version,
      };
    const chain = type === 'contract_function' ? contract?.chainId : chainId ? Number(chainId) : undefined;
    return {
      name: name.trim(),
      type,
      enabled,
      ...(type === 'balance_threshold' ? { topic, threshold } : {}),
      ...(needsContract ? { contractId } : {}),
      ...(type === 'contract_function' && functionName ? { functionName } : {}),
      // No value typed: every call of the function, so no arguments are sent.
      ...(type === 'contract_function' && functionName && functionArgs?.some((a) => a.trim()) ? { functionArgs } : {}),
      ...(needsWallet ? { backendWalletId: walletId } : {}),
      ...(type === 'confirmations' ? { confirmations: conf } : {}),
      ...(chain ? { chainId: chain } : {}),
    };
  }

  async function save() {
    const b = body();
    if (!b) return;
    setBusy(true);
    try {
      await apiWrite(path, {
        method: editing ? 'PATCH' : 'POST',
        body: b,
        pending: editing ? 'Saving monitor…' : 'Creating monitor…',
        done: editing ? 'Monitor saved' : `Monitor “${name.trim()}” created`,
        invalidate: [collection],
      });
      onClose();
    } catch (e) {
      if (!(e instanceof ApiRequestError)) return;
      const fields = e.fieldErrors;
      if (e.status === 409) setErrors({ '': 'Someone changed this monitor meanwhile. Close it and open it again.' });
      else setErrors(Object.keys(fields).length ? fields : { '': e.message });
    } finally {
      setBusy(false);
    }
  }

  const chains = CHAINS_BY_MODE[mode];
  const symbol = symbolOf(type === 'contract_function' ? contract?.chainId : Number(chainId) || null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={readOnly && editing ? monitor.name : editing ? `Edit “${monitor.name}”` : 'Add an event monitor'}
      description={TYPE_HINT[type]}
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset disabled={readOnly} className="grid gap-4">
          <Field
            label="Name"
            value={name}
            maxLength={100}
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Gas tank low"
          />
          <Select
            label="Type"
            value={type}
            disabled={editing}
            onChange={(v) => (setType(v as MonitorType), setErrors({}))}
            error={errors.type}
          >
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </Select>
          {type === 'balance_threshold' && (
            <Select label="Whose balance" value={topic} disabled={editing} onChange={setTopic} error={errors.topic}>
              {BALANCE_TOPICS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          )}
          {needsContract && (
            <Select
              label="Contract"
              value={contractId}
              disabled={editing}
              onChange={(v) => (setContractId(v), setFunctionName(''), setFunctionArgs(null))}
              error={errors.contractId}
            >
              <option value="">{contracts.data ? 'Choose a contract' : 'Loading contracts…'}</option>
              {contracts.data?.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name.includes(chainName(c.chainId)) ? c.name : `${c.name} (${chainName(c.chainId)})`}
                </option>
              ))}
            </Select>
          )}
          {type === 'contract_function' && (
            <MonitorFunction
              contractPath={contractId ? `${collection.replace(/\/events$/, '')}/contracts/${contractId}` : null}
              functionName={functionName}
              args={functionArgs}
              errors={errors}
              disabled={editing}
              onFunction={(f, inputs) => (
                setFunctionName(f),
                setFunctionArgs(f ? Array<string>(inputs).fill('') : null)
              )}
              onArgs={setFunctionArgs}
            />
          )}
          {needsWallet && (
            <Select
              label="Backend wallet"
              value={walletId}
              disabled={editing}
              onChange={setWalletId}
              error={errors.backendWalletId}
            >
              <option value="">{wallets.data ? 'Choose a backend wallet' : 'Loading backend wallets…'}</option>
              {wallets.data?.data.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </Select>
          )}
          {type !== 'contract_function' && (
            <Select label="Chain" value={chainId} disabled={editing} onChange={setChainId} error={errors.chainId}>
              <option value="">{type === 'confirmations' ? 'Choose a chain' : 'Every chain'}</option>
              {[...chains, ...(chainId && !chains.some((c) => String(c.id) === chainId) ? [null] : [])].map((c) =>
                c ? (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ) : (
                  <option key={chainId} value={chainId}>
                    {chainName(Number(chainId))}
                  </option>
                ),
              )}
            </Select>
          )}
          {type === 'balance_threshold' && (
            <Field
              label={`Below this amount${symbol ? ` (${symbol})` : ' (native token)'}`}
              inputMode="decimal"
              value={amount}
              error={errors.threshold}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="0.1"
            />
          )}
          {type === 'confirmations' && (
            <Field
              label="Confirmations to wait for"
              type="number"
              min={1}
              max={1000}
              value={confirmations}
              error={errors.confirmations}
              onChange={(e) => setConfirmations(e.target.value)}
            />
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            Enabled
          </label>
          {errors[''] && (
            <p role="alert" className="text-sm text-destructive">
              {errors['']}
            </p>
          )}
        </fieldset>
        {!readOnly && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            {editing ? (
              <ConfirmDialog
                destructive
                title={`Delete “${monitor.name}”?`}
                description="No more events come from this monitor. Webhooks already sent are kept in the event log."
                confirmLabel="Delete monitor"
                trigger={
                  <Button variant="outline" size="sm">
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </Button>
                }
                onConfirm={async () => {
                  await apiWrite(path, {
                    method: 'DELETE',
                    pending: 'Deleting monitor…',
                    done: `Monitor “${monitor.name}” deleted`,
                    invalidate: [collection],
                  });
                  onClose();
                }}
              />
            ) : (
              <span />
            )}
            <Button type="submit" disabled={busy}>
              {editing ? 'Save monitor' : 'Add monitor'}
            </Button>
          </div>
        )}
      </form>
    </Dialog>
  );
}

export default MonitorDialog;
