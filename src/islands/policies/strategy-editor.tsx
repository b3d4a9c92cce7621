import { formatUnits, parseUnits } from 'viem';
import { useId } from 'react';
import { STRATEGIES } from '../../shared/api/collections';
import { isFungibleToken } from '../../shared/token-standard';
import { Field, inputClass } from '../../components/ui/field';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath } from '../../lib/use-project';
import { STRATEGY_HELP, STRATEGY_LABEL, type BackendWalletRef, type ContractRef, type Strategy } from './model';

/** The form's state of a strategy: the token amount in token units, as typed. */
export interface StrategyDraft {
  type: Strategy['type'];
  tokenContract: string;
  exchangeRate: string;
  amount: string;
  decimals: string;
  depositor: string;
}

export const DEFAULT_DECIMALS = '18';

export function draftOf(s: Partial<Strategy> | undefined): StrategyDraft {
  let amount = '';
  if (s?.tokenAmount && /^[0-9]+$/.test(s.tokenAmount)) amount = formatUnits(BigInt(s.tokenAmount), 18);
  return {
    type: s?.type && (STRATEGIES as readonly string[]).includes(s.type) ? s.type : 'pay_for_user',
    tokenContract: s?.tokenContract ?? '',
    exchangeRate: s?.exchangeRate ?? '',
    amount,
    decimals: DEFAULT_DECIMALS,
    depositor: s?.depositor ?? '',
  };
}

/** Token units → base units with the token's decimals (viem `parseUnits`, no floats); null when not a number. */
export function baseUnits(amount: string, decimals: string): string | null {
  const d = Number(decimals);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(amount.trim()) || !Number.isInteger(d) || d < 0 || d > 36) return null;
  try {
    return parseUnits(amount.trim(), d).toString();
  } catch {
    return null;
  }
}

/**
 * The strategy the API takes, or the field errors of what cannot be sent (an amount that is not a number). Fields
 * the API checks itself (a missing token, a bad rate) are sent as typed so its message shows at the field.
 */
export function strategyOf(d: StrategyDraft): { strategy?: Strategy; errors: Record<string, string> } {
  const depositor = d.depositor ? { depositor: d.depositor } : {};
  if (d.type === 'pay_for_user') return { strategy: { type: d.type, ...depositor }, errors: {} };
  const token = { tokenContract: d.tokenContract || undefined };
  if (d.type === 'charge_custom_token')
    return { strategy: { type: d.type, ...token, exchangeRate: d.exchangeRate.trim(), ...depositor }, errors: {} };
  const amount = baseUnits(d.amount, d.decimals);
  if (amount === null)
    return { errors: { 'strategy.tokenAmount': 'Enter an amount in token units, like 1 or 0.25 (and 0–36 decimals)' } };
  return { strategy: { type: d.type, ...token, tokenAmount: amount, ...depositor }, errors: {} };
}

/**
 * Chooses how a policy pays for gas: pay for the user, charge a custom token at a rate, or charge a fixed token
 * amount; token fields only for the strategies that charge a token, the token picked from the chain's contracts; any
 * strategy may be paid from a backend wallet (the depositor).
 */
export function StrategyEditor({
  value,
  onChange,
  chainId,
  errors,
  disabled = false,
}: {
  value: StrategyDraft;
  onChange: (next: StrategyDraft) => void;
  chainId: number;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const base = useModePath();
  const id = useId();
  const charges = value.type !== 'pay_for_user';
  const contractFilter = encodeURIComponent(JSON.stringify([{ field: 'chainId', op: 'eq', value: chainId }]));
  const contracts = useApiQuery<{ data: ContractRef[] }>(
    base && charges ? `${base}/contracts?limit=100&order=name:asc&filters=${contractFilter}` : null,
  );
  // Only fungible tokens can pay for gas: NFT and multi-token contracts are not offered (the API refuses them too).
  const tokens = contracts.data?.data.filter((c) => isFungibleToken(c.functions ?? []));
  const wallets = useApiQuery<{ data: BackendWalletRef[] }>(base ? `${base}/backend-wallets?limit=100` : null);
  const set = (patch: Partial<StrategyDraft>) => onChange({ ...value, ...patch });
  const err = (field: string) => errors[`strategy.${field}`];
  const preview = value.type === 'fixed_rate' ? baseUnits(value.amount, value.decimals) : null;

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2" disabled={disabled} aria-describedby={err('type') ? `${id}-type` : undefined}>
        <legend className="mb-1 text-sm font-medium">Strategy</legend>
        {STRATEGIES.map((s) => (
          <label key={s} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-strategy`}
              className="mt-1"
              checked={value.type === s}
              onChange={() => set({ type: s })}
            />
            <span>
              {STRATEGY_LABEL[s]} <span className="block text-xs text-muted-foreground">{STRATEGY_HELP[s]}</span>
            </span>
          </label>
        ))}
        {err('type') && (
          <p id={`${id}-type`} className="text-xs text-destructive">
            {err('type')}
          </p>
        )}
      </fieldset>
      {charges && (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-token`} className="text-sm font-medium">
            Token contract
          </label>
          <select
            id={`${id}-token`}
            className={inputClass}
            value={value.tokenContract}
            disabled={disabled}
            aria-invalid={err('tokenContract') ? true : undefined}
            aria-describedby={err('tokenContract') ? `${id}-token-error` : `${id}-token-hint`}
            onChange={(e) => set({ tokenContract: e.target.value })}
          >
            <option value="">Choose a token…</option>
            {tokens?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {err('tokenContract') ? (
            <p id={`${id}-token-error`} className="text-xs text-destructive">
              {err('tokenContract')}
            </p>
          ) : (
            <p id={`${id}-token-hint`} className="text-xs text-muted-foreground">
              {tokens && tokens.length === 0
                ? 'No ERC-20 token on this chain yet: add the token under Contracts first.'
                : 'ERC-20 token contracts of this project on the policy’s chain.'}
            </p>
          )}
        </div>
      )}
      {value.type === 'charge_custom_token' && (
        <Field
          label="Exchange rate"
          inputMode="decimal"
          value={value.exchangeRate}
          disabled={disabled}
          placeholder="1.5"
          hint="Tokens charged per unit of the chain’s native currency spent on gas."
          error={err('exchangeRate')}
          onChange={(e) => set({ exchangeRate: e.target.value })}
        />
      )}
      {value.type === 'fixed_rate' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            className="sm:col-span-2"
            label="Amount per transaction"
            inputMode="decimal"
            value={value.amount}
            disabled={disabled}
            placeholder="0.5"
            hint={preview ? `Sent as ${preview} base units.` : 'In token units; sent in base units with the decimals.'}
            error={err('tokenAmount')}
            onChange={(e) => set({ amount: e.target.value })}
          />
          <Field
            label="Token decimals"
            inputMode="numeric"
            value={value.decimals}
            disabled={disabled}
            onChange={(e) => set({ decimals: e.target.value })}
          />
        </div>
      )}
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-depositor`} className="text-sm font-medium">
          Depositor
        </label>
        <select
          id={`${id}-depositor`}
          className={inputClass}
          value={value.depositor}
          disabled={disabled}
          aria-invalid={err('depositor') ? true : undefined}
          aria-describedby={err('depositor') ? `${id}-depositor-error` : `${id}-depositor-hint`}
          onChange={(e) => set({ depositor: e.target.value })}
        >
          <option value="">None: the project’s balance pays</option>
          {wallets.data?.data.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
        {err('depositor') ? (
          <p id={`${id}-depositor-error`} className="text-xs text-destructive">
            {err('depositor')}
          </p>
        ) : (
          <p id={`${id}-depositor-hint`} className="text-xs text-muted-foreground">
            A backend wallet that pays the sponsored gas.
          </p>
        )}
      </div>
    </div>
  );
}
