import { ArrowLeft, Info, Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyText } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { ExplorerLink } from '../../components/ui/chain-label';
import { Field } from '../../components/ui/field';
import { exactTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { chainName } from '../../shared/chains';
import { projectPath } from '../../shared/routes';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toastOnNextPage } from '../../lib/toast';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { findFunction, groupAbi, readableSignature, signatureOf, type AbiItem } from '../../shared/abi';
import { FunctionPanel } from './function-panel';
import { RPC_URLS_ANCHOR } from './rpc-urls';
import type { ViemBits } from './viem-bits';
import type { Contract } from './types';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 min-w-0">{children}</dd>
    </div>
  );
}

function AbiGroup({
  title,
  items,
  link,
  current,
}: {
  title: string;
  items: AbiItem[];
  link: boolean;
  current?: string;
}) {
  if (!items.length) return null;
  return (
    <section className="grid gap-2">
      <h2 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({items.length})</span>
      </h2>
      <ul className="grid gap-1">
        {items.map((item) => {
          const sig = signatureOf(item);
          const text = readableSignature(item);
          return (
            <li key={sig} className="min-w-0">
              {link ? (
                <a
                  href={`?function=${encodeURIComponent(sig)}`}
                  aria-current={sig === current ? 'true' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    patchSearch({ function: sig });
                  }}
                  className="block truncate rounded px-2 py-1 font-mono text-xs hover:bg-muted hover:underline aria-[current=true]:bg-muted aria-[current=true]:font-semibold"
                  title={text}
                >
                  {text}
                </a>
              ) : (
                <span className="block truncate px-2 py-1 font-mono text-xs" title={text}>
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RenameDialog({ contract, path }: { contract: Contract; path: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(contract.name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function save() {
    if (!name.trim()) return setError('Give the contract a name.');
    setBusy(true);
    try {
      await apiWrite(path, {
        method: 'PATCH',
        body: { name: name.trim(), version: contract.version },
        pending: 'Renaming contract…',
        done: 'Contract renamed',
        invalidate: [path.replace(/\/[^/]+$/, '')],
      });
      setOpen(false);
    } catch (e) {
      if (e instanceof ApiRequestError) setError(e.fieldErrors.name ?? e.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (setOpen(o), o && (setName(contract.name), setError(undefined)))}
      title="Rename contract"
      trigger={
        <Button variant="outline" size="sm">
          <Pencil className="h-4 w-4" aria-hidden />
          Rename
        </Button>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          label="Name"
          value={name}
          maxLength={100}
          autoFocus
          error={error}
          onChange={(e) => (setName(e.target.value), setError(undefined))}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A contract: its details, and the ABI browser (`?function=` selects a function: signature, selector, calldata). */
export function ContractPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const canWrite = useCan('write_data');
  const id = route?.params.contractId ?? '';
  const path = base && id ? `${base}/contracts/${id}` : null;
  const { data: c, error, reload } = useApiQuery<Contract>(path);
  const wanted = new URLSearchParams(useSearch()).get('function');
  const [viem, setViem] = useState<ViemBits | null>(null);

  // viem is heavy: it loads after the page has shown.
  useEffect(() => {
    void import('./viem-bits').then(setViem);
  }, []);

  const groups = useMemo(() => groupAbi(c?.abi ?? []), [c]);
  const selected = c && wanted ? findFunction(c.abi ?? [], wanted) : undefined;
  const listHref = route ? projectPath(route.projectId, route.mode, '/contracts') : '#';
  const backLink = (
    <a
      href={listHref}
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      All contracts
    </a>
  );

  if (error)
    return (
      <div className="grid gap-4">
        {/* The not-found panel links to the list itself. */}
        {!error.notFound && backLink}
        {error.notFound ? (
          <StatePanel
            kind="not-found"
            title="No contract with this id here"
            description={`${id} is not a contract of this project in ${route?.mode ?? 'this'} mode.`}
            action={
              <a className="text-sm font-medium text-primary hover:underline" href={listHref}>
                All contracts
              </a>
            }
          />
        ) : (
          <StatePanel kind="error" title="Could not load the contract" description={error.message} onRetry={reload} />
        )}
      </div>
    );

  if (!c || !route || !path)
    return (
      <div className="grid gap-4">
        {backLink}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]" aria-busy="true">
          <div className="grid content-start gap-3 rounded-xl border border-border p-4">
            <Skeleton className="h-6 w-48" />
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
          <div className="grid content-start gap-3 rounded-xl border border-border p-4">
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        </div>
      </div>
    );

  const empty = !groups.read.length && !groups.write.length && !groups.events.length && !groups.errors.length;

  return (
    <div className="grid gap-4">
      {backLink}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="grid content-start gap-4">
          <div className="rounded-xl border border-border bg-card p-4">
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold break-all">{c.name}</h2>
              {c.publicVerified && <Badge tone="success">Publicly verified</Badge>}
            </div>
            <dl>
              <Row label="Address">
                <span className="inline-flex max-w-full items-center">
                  <CopyText value={c.address} label="address" short={false} />
                  <ExplorerLink chainId={c.chainId} kind="address" value={c.address} />
                </span>
              </Row>
              <Row label="Chain">
                {chainName(c.chainId)} <span className="text-muted-foreground">({c.chainId})</span>
              </Row>
              <Row label="Contract id">
                <CopyText value={c.id} label="contract id" />
              </Row>
              <Row label="Functions">{(c.functions ?? []).length}</Row>
              <Row label="Added">{exactTime(c.createdAt)}</Row>
            </dl>
            {canWrite && (
              <div className="mt-3 flex flex-wrap gap-2">
                <RenameDialog contract={c} path={path} />
                <ConfirmDialog
                  destructive
                  title="Delete this contract?"
                  description="The contract and its ABI leave this project. Gas policy rules that use it stop matching it."
                  confirmLabel="Delete contract"
                  trigger={
                    <Button variant="outline" size="sm">
                      <Trash2 className="h-4 w-4" aria-hidden />
                      Delete
                    </Button>
                  }
                  onConfirm={async () => {
                    await apiWrite(path, {
                      method: 'DELETE',
                      pending: 'Deleting contract…',
                      done: 'Contract deleted',
                      invalidate: [`${base}/contracts`],
                    });
                    toastOnNextPage('success', `Contract “${c.name}” deleted`);
                    location.assign(listHref);
                  }}
                />
              </div>
            )}
          </div>
          <nav aria-label="ABI" className="grid gap-4 rounded-xl border border-border bg-card p-4">
            {empty ? (
              <p className="text-sm text-muted-foreground">This contract has no ABI items.</p>
            ) : (
              <>
                <AbiGroup title="Read functions" items={groups.read} link current={selected && signatureOf(selected)} />
                <AbiGroup
                  title="Write functions"
                  items={groups.write}
                  link
                  current={selected && signatureOf(selected)}
                />
                <AbiGroup title="Events" items={groups.events} link={false} />
                <AbiGroup title="Errors" items={groups.errors} link={false} />
              </>
            )}
          </nav>
        </div>
        <div className="grid content-start gap-4">
          {wanted && !selected && (
            <div
              role="status"
              className="flex items-start gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm"
            >
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <p className="flex-1">This ABI has no function “{wanted}”. Pick one from the list.</p>
              <button
                type="button"
                aria-label="Dismiss notice"
                onClick={() => patchSearch({ function: null }, { replace: true })}
                className="inline-flex h-6 w-6 items-center justify-center rounded hover:bg-muted"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </div>
          )}
          {selected ? (
            <FunctionPanel
              key={signatureOf(selected)}
              fn={selected}
              viem={viem}
              callPath={`${path}/call`}
              rpcUrlsHref={`${listHref}#${RPC_URLS_ANCHOR}`}
            />
          ) : (
            <StatePanel
              kind="empty"
              title="Pick a function"
              description="Choose a read function to call it, or any function to see its selector and encode calldata for it."
            />
          )}
        </div>
      </div>
    </div>
  );
}

export default ContractPage;
