import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { contractSchema } from '../../shared/api/contracts';
import type { Mode } from '../../shared/routes';
import { projectPath } from '../../shared/routes';
import { CopyButton, CopyText } from '../../components/ui/copy-button';
import { Skeleton } from '../../components/ui/state-panel';
import { linkClass } from '../../components/ui/link';
import { useApiQuery } from '../../lib/use-api-query';
import { formatNative } from './format';
import { LongValue } from './long-value';

type Contract = z.infer<typeof contractSchema>;
type AbiItem = Record<string, unknown>;
interface AbiParam {
  name?: string;
  type: string;
  components?: AbiParam[];
}

/** One call of a transaction as stored (docs/api.md: `to`, `value`, `contract`, `functionName`, `functionArgs`, `data`). */
export type Interaction = Record<string, unknown>;

interface Call {
  functionName: string;
  signature: string;
  args: { name: string; type: string; value: unknown }[];
  /** `calldata`: decoded from `data` with the ABI; `submitted`: the function and arguments the app sent. */
  source: 'calldata' | 'submitted';
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** `address`, `uint256[]`, `(address,uint256)[]` for tuples. */
function paramType(p: AbiParam): string {
  if (!p.type.startsWith('tuple')) return p.type;
  return `(${(p.components ?? []).map(paramType).join(',')})${p.type.slice('tuple'.length)}`;
}

function signatureOf(name: string, inputs: readonly AbiParam[]): string {
  return `${name}(${inputs.map((p) => `${paramType(p)}${p.name ? ` ${p.name}` : ''}`).join(', ')})`;
}

const functionsNamed = (abi: readonly AbiItem[], name: string) =>
  abi.filter((i) => i.type === 'function' && i.name === name) as unknown as {
    name: string;
    inputs?: AbiParam[];
  }[];

/** Decodes calldata with an ABI (viem, loaded on demand so it is not in the page's first JavaScript); null on failure. */
async function decodeCalldata(abi: readonly AbiItem[], data: string): Promise<Call | null> {
  const { decodeFunctionData, toFunctionSelector } = await import('viem');
  try {
    const decoded = decodeFunctionData({ abi: abi as never, data: data as `0x${string}` });
    const selector = data.slice(0, 10).toLowerCase();
    const fn = functionsNamed(abi, decoded.functionName).find(
      (f) => toFunctionSelector(f as never).toLowerCase() === selector,
    );
    const inputs = fn?.inputs ?? [];
    const args = (decoded.args ?? []) as readonly unknown[];
    return {
      functionName: decoded.functionName,
      signature: signatureOf(decoded.functionName, inputs),
      args: args.map((value, k) => ({
        name: inputs[k]?.name || `#${k + 1}`,
        type: inputs[k] ? paramType(inputs[k]) : 'unknown',
        value,
      })),
      source: 'calldata',
    };
  } catch {
    return null;
  }
}

/** The function and arguments the app submitted, typed with the ABI when a function of that name and arity is in it. */
function submittedCall(abi: readonly AbiItem[] | undefined, interaction: Interaction): Call | null {
  const name = str(interaction.functionName);
  if (!name) return null;
  const given = Array.isArray(interaction.functionArgs) ? (interaction.functionArgs as unknown[]) : [];
  const fn = functionsNamed(abi ?? [], name).find((f) => (f.inputs ?? []).length === given.length);
  const inputs = fn?.inputs ?? [];
  return {
    functionName: name,
    signature: fn ? signatureOf(name, inputs) : `${name}(…)`,
    args: given.map((value, k) => ({
      name: inputs[k]?.name || `#${k + 1}`,
      type: inputs[k] ? paramType(inputs[k]) : '—',
      value,
    })),
    source: 'submitted',
  };
}

function json(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}

/** An argument's value: addresses and hex with copy, numbers in full, arrays and tuples as JSON. */
function ArgValue({ type, value, chainId }: { type: string; value: unknown; chainId: number }) {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) && (type === 'address' || type === '—')) {
    return <LongValue value={value} label="address" chainId={chainId} explorer="address" />;
  }
  if (typeof value === 'string' && value.startsWith('0x')) {
    return <LongValue value={value} label="value" />;
  }
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') {
    return <span className="font-mono text-xs break-all">{String(value)}</span>;
  }
  if (typeof value === 'string') return <span className="break-all">{value}</span>;
  return <pre className="max-h-48 overflow-auto rounded bg-muted p-2 font-mono text-xs">{json(value)}</pre>;
}

function Field({ label, children, top }: { label: string; children: ReactNode; top?: boolean }) {
  return (
    <div className={`grid min-h-10 gap-1 py-2 text-sm sm:grid-cols-4 sm:gap-3 ${top ? '' : 'sm:items-center'}`}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 sm:col-span-3">{children}</dd>
    </div>
  );
}

/** Raw calldata with copy (shown when it cannot be decoded, and on request otherwise). */
function RawData({ data }: { data: string }) {
  return (
    <div className="flex items-start gap-1">
      <code className="block max-h-32 min-w-0 flex-1 overflow-auto rounded bg-muted p-2 font-mono text-xs break-all">
        {data}
      </code>
      <CopyButton value={data} label="calldata" />
    </div>
  );
}

/** One call of the transaction: target, value, and the function with its arguments decoded with the contract's ABI. */
function InteractionCard({
  interaction,
  index,
  count,
  chainId,
  base,
  projectId,
  mode,
}: {
  interaction: Interaction;
  index: number;
  count: number;
  chainId: number;
  base: string;
  projectId: string;
  mode: Mode;
}) {
  const contractId = str(interaction.contract);
  const data = str(interaction.data);
  const to = str(interaction.to);
  const value = str(interaction.value);
  const contractQuery = useApiQuery<Contract>(contractId ? `${base}/contracts/${contractId}` : null);
  const contract = contractQuery.data;
  const abi = contract?.abi;
  const contractSettled = !contractId || contract !== undefined || contractQuery.error !== undefined;
  const [decoded, setDecoded] = useState<{ data: string; call: Call | null } | null>(null);

  useEffect(() => {
    if (!abi || !data || data === '0x') return;
    let live = true;
    decodeCalldata(abi, data).then(
      (call) => live && setDecoded({ data, call }),
      () => live && setDecoded({ data, call: null }),
    );
    return () => {
      live = false;
    };
  }, [abi, data]);

  const decoding = Boolean(abi && data && data !== '0x' && decoded?.data !== data);
  const fromCalldata = decoded?.data === data ? decoded.call : null;
  const call = fromCalldata ?? (contractSettled && !decoding ? submittedCall(abi, interaction) : null);
  const undecodable = Boolean(data && data !== '0x' && contractSettled && !decoding && !fromCalldata);
  const plainTransfer = !contractId && !data && !str(interaction.functionName);

  return (
    <li className="rounded-lg border border-border bg-card">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2">
        <h3 className="text-sm font-medium">
          {count > 1 ? `Call ${index + 1} of ${count}` : 'Call'}
          {plainTransfer ? ': transfer of native currency' : call ? `: ${call.functionName}` : ''}
        </h3>
        {call && (
          <span className="text-xs text-muted-foreground">
            {call.source === 'calldata' ? 'Decoded from calldata with the contract ABI' : 'As submitted by the app'}
          </span>
        )}
      </div>
      <dl className="divide-y divide-border px-4">
        {contractId && (
          <Field label="Contract">
            {contract ? (
              <a href={projectPath(projectId, mode, `/contracts/${contractId}`)} className={linkClass}>
                {contract.name}
              </a>
            ) : contractQuery.error ? (
              <span>
                <CopyText value={contractId} label="contract id" />{' '}
                <span className="text-muted-foreground">
                  {contractQuery.error.notFound ? '(no longer in this project)' : '(could not be read)'}
                </span>
              </span>
            ) : (
              <Skeleton className="h-4 w-40" />
            )}
          </Field>
        )}
        {(to || contract?.address) && (
          <Field label="To">
            <LongValue value={(to ?? contract?.address)!} label="address" chainId={chainId} explorer="address" />
          </Field>
        )}
        <Field label="Value">{value ? formatNative(value, chainId) : formatNative('0', chainId)}</Field>
        {!plainTransfer && (
          <Field label="Function">
            {call ? (
              <code className="font-mono text-xs break-words">{call.signature}</code>
            ) : decoding || !contractSettled ? (
              <Skeleton className="h-4 w-56" />
            ) : (
              <span className="text-muted-foreground">Unknown</span>
            )}
          </Field>
        )}
        {call && call.args.length > 0 && (
          <Field label="Arguments" top>
            <table className="w-full text-left text-sm">
              <thead className="sr-only">
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {call.args.map((a, k) => (
                  <tr key={k} className="align-top">
                    <td className="py-1 pr-3 font-medium whitespace-nowrap">{a.name}</td>
                    <td className="py-1 pr-3 font-mono text-xs whitespace-nowrap text-muted-foreground">{a.type}</td>
                    <td className="w-full py-1">
                      <ArgValue type={a.type} value={a.value} chainId={chainId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Field>
        )}
        {data && data !== '0x' && (
          <Field label="Calldata">
            {undecodable ? (
              <div className="grid gap-1">
                <p className="text-xs text-muted-foreground">
                  {abi
                    ? 'This calldata does not match a function of the contract ABI; it is shown as sent.'
                    : 'No ABI to decode this calldata with; it is shown as sent.'}
                </p>
                <RawData data={data} />
              </div>
            ) : (
              <details>
                <summary className="cursor-pointer text-xs text-muted-foreground hover:text-foreground">
                  Show raw calldata ({(data.length - 2) / 2} bytes)
                </summary>
                <div className="mt-1">
                  <RawData data={data} />
                </div>
              </details>
            )}
          </Field>
        )}
      </dl>
    </li>
  );
}

/** The calls of a transaction, each decoded with its contract's ABI. */
export function Interactions({
  interactions,
  chainId,
  base,
  projectId,
  mode,
}: {
  interactions: readonly Interaction[];
  chainId: number;
  base: string;
  projectId: string;
  mode: Mode;
}) {
  if (interactions.length === 0)
    return <p className="text-sm text-muted-foreground">This transaction carries no calls.</p>;
  return (
    <ol className="grid gap-3">
      {interactions.map((interaction, i) => (
        <InteractionCard
          key={i}
          interaction={interaction}
          index={i}
          count={interactions.length}
          chainId={chainId}
          base={base}
          projectId={projectId}
          mode={mode}
        />
      ))}
    </ol>
  );
}
