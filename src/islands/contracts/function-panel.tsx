import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { inputClass } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/state-panel';
import { cn } from '../../lib/cn';
import {
  checkArg,
  placeholderFor,
  readableSignature,
  signatureOf,
  canonicalType,
  type AbiItem,
} from '../../shared/abi';
import type { ViemBits } from './viem-bits';

/** One function of the ABI: its signature, selector, and a form that checks each argument and encodes the calldata. */
export function FunctionPanel({ fn, viem }: { fn: AbiItem; viem: ViemBits | null }) {
  const inputs = fn.inputs ?? [];
  const [values, setValues] = useState<string[]>(() => inputs.map(() => ''));
  const [errors, setErrors] = useState<(string | undefined)[]>([]);
  const [calldata, setCalldata] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const signature = signatureOf(fn);
  const selector = viem ? viem.toFunctionSelector(signature) : null;

  function encode() {
    if (!viem) return;
    const args: unknown[] = [];
    const next = inputs.map((p, i) => {
      const r = checkArg(p, values[i] ?? '', viem.checksumOk);
      if ('error' in r) return r.error;
      args.push(r.value);
      return undefined;
    });
    setErrors(next);
    setFailure(null);
    if (next.some(Boolean)) return setCalldata(null);
    try {
      // The ABI is only known at run time: viem's typed signature cannot check it.
      const encode = viem.encodeFunctionData as (p: {
        abi: unknown[];
        functionName: string;
        args: unknown[];
      }) => string;
      setCalldata(encode({ abi: [fn], functionName: fn.name!, args }));
    } catch (e) {
      setCalldata(null);
      setFailure(e instanceof Error ? e.message.split('\n')[0]! : 'Could not encode these arguments.');
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border border-border bg-card p-4">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-mono text-base font-semibold break-all">
          {readableSignature(fn)}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Signature</dt>
          <dd className="flex min-w-0 items-center gap-1 font-mono text-xs break-all">
            {signature} <CopyButton value={signature} label="signature" />
          </dd>
          <dt className="text-muted-foreground">Selector</dt>
          <dd className="flex items-center gap-1 font-mono text-xs">
            {selector ? (
              <>
                <span data-testid="selector">{selector}</span> <CopyButton value={selector} label="selector" />
              </>
            ) : (
              <Skeleton className="h-4 w-24" />
            )}
          </dd>
          <dt className="text-muted-foreground">Mutability</dt>
          <dd>{fn.stateMutability ?? 'nonpayable'}</dd>
        </dl>
      </div>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          encode();
        }}
      >
        {inputs.length === 0 && <p className="text-sm text-muted-foreground">This function takes no arguments.</p>}
        {inputs.map((p, i) => {
          const fid = `${id}-arg-${i}`;
          const complex = /\]$/.test(p.type) || p.type === 'tuple';
          const error = errors[i];
          const props = {
            id: fid,
            name: p.name || `arg${i}`,
            value: values[i] ?? '',
            spellCheck: false,
            autoComplete: 'off',
            placeholder: placeholderFor(p),
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${fid}-error` : undefined,
            onChange: (e: { target: { value: string } }) => {
              const v = e.target.value;
              setValues((xs) => xs.map((x, j) => (j === i ? v : x)));
              setErrors((xs) => xs.map((x, j) => (j === i ? undefined : x)));
              setCalldata(null);
            },
          };
          return (
            <div key={i} className="grid gap-1.5">
              <label htmlFor={fid} className="text-sm font-medium">
                {p.name || `Argument ${i + 1}`}{' '}
                <span className="font-mono text-xs font-normal text-muted-foreground">{canonicalType(p)}</span>
              </label>
              {complex ? (
                <textarea {...props} rows={3} className={cn(inputClass, 'h-auto py-2 font-mono text-xs')} />
              ) : (
                <input {...props} className={cn(inputClass, 'font-mono')} />
              )}
              {error && (
                <p id={`${fid}-error`} className="text-xs text-destructive">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div>
          <Button type="submit" size="sm" disabled={!viem}>
            Encode calldata
          </Button>
        </div>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
      </form>
      {calldata && (
        <div className="grid gap-1.5">
          <p id={`${id}-calldata`} className="text-sm font-medium">
            Calldata
          </p>
          <div className="flex items-start gap-2 rounded-md border border-border bg-muted/50 p-2">
            <output
              aria-labelledby={`${id}-calldata`}
              data-testid="calldata"
              className="min-w-0 flex-1 font-mono text-xs break-all"
            >
              {calldata}
            </output>
            <CopyButton value={calldata} label="calldata" />
          </div>
        </div>
      )}
    </section>
  );
}
