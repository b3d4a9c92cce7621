import { Play } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { inputClass } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/state-panel';
import { linkClass } from '../../components/ui/link';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
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

type CallState =
  | { kind: 'busy' }
  | { kind: 'result'; values: { label: string; type: string; value: string }[] }
  | { kind: 'error'; message: string; noRpcUrl: boolean };

/** A decoded value as text: integers in full, lists and tuples as JSON (bigints as their digits). */
function showValue(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') return v;
  return JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

/**
 * One function of the ABI: its signature, selector, and a form that checks each argument and encodes the calldata;
 * a read (view or pure) function is also called through the chain's RPC URL (`callPath`, docs/api.md "RPC URLs and
 * read calls") and its answer decoded with viem.
 */
export function FunctionPanel({
  fn,
  viem,
  callPath,
  rpcUrlsHref,
}: {
  fn: AbiItem;
  viem: ViemBits | null;
  /** `…/contracts/{id}/call`, for a read function. */
  callPath?: string | null;
  /** Where the RPC URLs are set (the message of a chain without one links there). */
  rpcUrlsHref?: string;
}) {
  const inputs = fn.inputs ?? [];
  const [values, setValues] = useState<string[]>(() => inputs.map(() => ''));
  const [errors, setErrors] = useState<(string | undefined)[]>([]);
  const [calldata, setCalldata] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [call, setCall] = useState<CallState | null>(null);
  const id = useId();
  const signature = signatureOf(fn);
  const selector = viem ? viem.toFunctionSelector(signature) : null;
  const readable = fn.stateMutability === 'view' || fn.stateMutability === 'pure';

  /** Reads the call's answer through the API (the server calls the node) and decodes it with the function's outputs. */
  async function callFunction() {
    const data = encode();
    if (!data || !viem || !callPath) return;
    setCall({ kind: 'busy' });
    try {
      const r = await apiRequest<{ result: `0x${string}` }>(`${callPath}?data=${data}`);
      const decode = viem.decodeFunctionResult as (p: {
        abi: unknown[];
        functionName: string;
        data: string;
      }) => unknown;
      const decoded = decode({ abi: [fn], functionName: fn.name!, data: r.result });
      const outputs = fn.outputs ?? [];
      const list = outputs.length > 1 && Array.isArray(decoded) ? decoded : [decoded];
      setCall({
        kind: 'result',
        values: list.map((v, i) => ({
          label: outputs[i]?.name || (outputs.length > 1 ? `Output ${i + 1}` : 'Result'),
          type: outputs[i] ? canonicalType(outputs[i]) : '',
          value: showValue(v),
        })),
      });
    } catch (e) {
      if (e instanceof ApiRequestError)
        setCall({ kind: 'error', message: e.message, noRpcUrl: e.status === 409 && /No RPC URL/.test(e.message) });
      else
        setCall({
          kind: 'error',
          message: e instanceof Error ? e.message.split('\n')[0]! : 'The answer could not be decoded.',
          noRpcUrl: false,
        });
    }
  }

  function encode(): string | null {
    if (!viem) return null;
    const args: unknown[] = [];
    const next = inputs.map((p, i) => {
      const r = checkArg(p, values[i] ?? '', viem.checksumOk);
      if ('error' in r) return r.error;
      args.push(r.value);
      return undefined;
    });
    setErrors(next);
    setFailure(null);
    if (next.some(Boolean)) {
      setCalldata(null);
      return null;
    }
    try {
      // The ABI is only known at run time: viem's typed signature cannot check it.
      const encode = viem.encodeFunctionData as (p: {
        abi: unknown[];
        functionName: string;
        args: unknown[];
      }) => string;
      const data = encode({ abi: [fn], functionName: fn.name!, args });
      setCalldata(data);
      return data;
    } catch (e) {
      setCalldata(null);
      setFailure(e instanceof Error ? e.message.split('\n')[0]! : 'Could not encode these arguments.');
      return null;
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
              setCall(null);
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
        <div className="flex flex-wrap gap-2">
          {readable && callPath && (
            <Button
              type="button"
              size="sm"
              disabled={!viem || call?.kind === 'busy'}
              aria-busy={call?.kind === 'busy' || undefined}
              onClick={() => void callFunction()}
            >
              <Play className="h-4 w-4" aria-hidden />
              {call?.kind === 'busy' ? 'Calling…' : 'Call'}
            </Button>
          )}
          <Button type="submit" size="sm" variant={readable && callPath ? 'outline' : 'primary'} disabled={!viem}>
            Encode calldata
          </Button>
        </div>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
      </form>
      {call?.kind === 'result' && (
        <div className="grid gap-1.5">
          <p id={`${id}-result`} className="text-sm font-medium">
            Result
          </p>
          <dl
            aria-labelledby={`${id}-result`}
            data-testid="call-result"
            className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border border-border bg-muted/50 p-2 text-sm"
          >
            {call.values.map((v, i) => (
              <div key={i} className="contents">
                <dt className="text-muted-foreground">
                  {v.label} <span className="font-mono text-xs">{v.type}</span>
                </dt>
                <dd className="flex min-w-0 items-start gap-1 font-mono text-xs break-all">
                  <output>{v.value}</output> <CopyButton value={v.value} label={v.label} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {call?.kind === 'error' && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="text-destructive">{call.message}</p>
          {call.noRpcUrl && rpcUrlsHref && (
            <a href={rpcUrlsHref} className={cn('mt-1 inline-block', linkClass)}>
              Set an RPC URL
            </a>
          )}
        </div>
      )}
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
