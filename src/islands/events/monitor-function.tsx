import { useId } from 'react';
import { findFunction, placeholderFor, readableSignature, signatureOf, type AbiItem } from '../../shared/abi';
import { Field, inputClass } from '../../components/ui/field';
import { useApiQuery } from '../../lib/use-api-query';

type ContractWithAbi = { id: string; name: string; abi?: AbiItem[] };

/** The option value of a function: its name, or its signature when the ABI overloads the name. */
function optionValue(fn: AbiItem, fns: readonly AbiItem[]): string {
  return fns.filter((f) => f.name === fn.name).length > 1 ? signatureOf(fn) : fn.name!;
}

/**
 * The function of a contract-function monitor and its arguments (docs/api.md "Event monitors"): the functions of the
 * contract's ABI by readable signature, then one field per input of the chosen one, empty for any value. The API
 * checks the values by their Solidity types; its messages land here at `functionArgs.N`.
 */
export function MonitorFunction({
  contractPath,
  functionName,
  args,
  errors,
  disabled,
  onFunction,
  onArgs,
}: {
  /** `…/contracts/{id}` of the chosen contract, or null when none is chosen. */
  contractPath: string | null;
  functionName: string;
  /** One value per input; null: the monitor matches every call (no argument fields shown on a saved monitor). */
  args: string[] | null;
  errors: Record<string, string>;
  disabled: boolean;
  onFunction: (name: string, inputs: number) => void;
  onArgs: (args: string[]) => void;
}) {
  const id = useId();
  const { data: contract, error } = useApiQuery<ContractWithAbi>(contractPath);
  const fns = (contract?.abi ?? []).filter((i) => i.type === 'function');
  const fn = functionName ? findFunction(fns, functionName) : undefined;
  const inputs = fn?.inputs ?? [];
  const noAbi = contract !== undefined && fns.length === 0;
  const functionError = errors.functionName ?? (error ? `Could not load the contract: ${error.message}` : undefined);
  const status = !contractPath
    ? 'Choose a contract first'
    : !contract
      ? 'Loading functions…'
      : noAbi
        ? 'The contract has no ABI: any function'
        : 'Any function';
  return (
    <>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-fn`} className="text-sm font-medium">
          Function
        </label>
        <select
          id={`${id}-fn`}
          value={functionName}
          disabled={disabled || !contract || noAbi}
          aria-invalid={functionError ? true : undefined}
          aria-describedby={functionError ? `${id}-fn-error` : undefined}
          onChange={(e) => {
            const next = findFunction(fns, e.target.value);
            onFunction(e.target.value, next?.inputs?.length ?? 0);
          }}
          className={inputClass}
        >
          <option value="">{status}</option>
          {fns.map((f) => (
            <option key={signatureOf(f)} value={optionValue(f, fns)}>
              {readableSignature(f)}
            </option>
          ))}
          {functionName && !fn && <option value={functionName}>{functionName}</option>}
        </select>
        {functionError && (
          <p id={`${id}-fn-error`} className="text-xs text-destructive">
            {functionError}
          </p>
        )}
      </div>
      {fn && args && inputs.length > 0 && (
        <fieldset className="grid gap-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-medium">Arguments to match</legend>
          {!disabled && <p className="text-xs text-muted-foreground">Leave a value empty to match any value.</p>}
          {inputs.map((p, i) => (
            <Field
              key={i}
              label={
                <>
                  {p.name || `Argument ${i + 1}`}{' '}
                  <span className="font-mono text-xs text-muted-foreground">{p.type}</span>
                </>
              }
              value={args[i] ?? ''}
              disabled={disabled}
              placeholder={disabled ? 'any value' : placeholderFor(p) || 'any value'}
              spellCheck={false}
              autoComplete="off"
              error={errors[`functionArgs.${i}`]}
              onChange={(e) => onArgs(inputs.map((_, j) => (j === i ? e.target.value : (args[j] ?? ''))))}
            />
          ))}
          {errors.functionArgs && <p className="text-xs text-destructive">{errors.functionArgs}</p>}
        </fieldset>
      )}
      {fn && args === null && disabled && (
        <p className="text-sm text-muted-foreground">Matches every call, whatever its arguments.</p>
      )}
    </>
  );
}
