import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import type { rpcUrlSchema } from '../../shared/api/rpc-urls';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/state-panel';
import { CHAINS_BY_MODE } from '../../shared/chains';
import type { Mode } from '../../shared/routes';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { CardSection } from '../shared/card-section';

type RpcUrl = z.infer<typeof rpcUrlSchema>;

/** The id of the section, for links from a contract page ("set one under Contracts → RPC URLs"). */
export const RPC_URLS_ANCHOR = 'rpc-urls';

function UrlDialog({ path, chain, replacing }: { path: string; chain: string; replacing: boolean }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await apiWrite(path, {
        method: 'PUT',
        body: { url: url.trim() },
        pending: 'Saving RPC URL…',
        done: `RPC URL for ${chain} saved`,
        invalidate: [path.replace(/\/[^/]+$/, '')],
      });
      setOpen(false);
    } catch (e) {
      if (e instanceof ApiRequestError) setError(e.fieldErrors.url ?? e.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (setOpen(o), o && (setUrl(''), setError(undefined)))}
      title={`RPC URL for ${chain}`}
      description="Read functions of this chain's contracts are called through it, from our server. Only its host is shown afterwards."
      trigger={
        <Button variant="outline" size="sm" aria-label={`${replacing ? 'Replace' : 'Set'} the RPC URL for ${chain}`}>
          {replacing ? <Pencil className="h-4 w-4" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />}
          {replacing ? 'Replace' : 'Set'}
        </Button>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          label="RPC URL"
          type="url"
          inputMode="url"
          value={url}
          autoFocus
          spellCheck={false}
          autoComplete="off"
          placeholder="https://…"
          maxLength={2000}
          error={error}
          hint="An https JSON-RPC endpoint, e.g. your node provider's URL with its key."
          onChange={(e) => (setUrl(e.target.value), setError(undefined))}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || !url.trim()} aria-busy={busy || undefined}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The RPC URL of each chain of the mode (docs/api.md "RPC URLs and read calls"): contract pages call read functions
 * through it. Developers and up set, replace and remove it; everyone sees which chains have one (host and hint).
 */
export function RpcUrls({ apiPath, mode, canWrite }: { apiPath: string | null; mode: Mode; canWrite: boolean }) {
  const path = apiPath && `${apiPath}/rpc-urls`;
  const { data, error, reload } = useApiQuery<{ data: RpcUrl[] }>(path);
  const byChain = new Map((data?.data ?? []).map((r) => [r.chainId, r]));
  return (
    <div id={RPC_URLS_ANCHOR} className="scroll-mt-20">
      <CardSection
        title="RPC URLs"
        description={`Read functions are called through the RPC URL of the contract's chain, in ${mode} mode.`}
      >
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}{' '}
            <button type="button" className="font-medium underline" onClick={reload}>
              Try again
            </button>
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-busy={!data || undefined}>
            {CHAINS_BY_MODE[mode].map((chain) => {
              const set = byChain.get(chain.id);
              return (
                <li key={chain.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2 text-sm">
                  <span className="w-full shrink-0 font-medium sm:w-40">{chain.name}</span>
                  <span className="min-w-0 flex-1 truncate">
                    {!data ? (
                      <Skeleton className="h-4 w-40" />
                    ) : set ? (
                      <span className="font-mono text-xs" title={`Set ${new Date(set.updatedAt).toUTCString()}`}>
                        {set.host} <span className="text-muted-foreground">{set.hint}</span>
                      </span>
                    ) : (
                      <span className="text-muted-foreground">Not set</span>
                    )}
                  </span>
                  {canWrite && path && data && (
                    <span className="flex gap-2">
                      <UrlDialog path={`${path}/${chain.id}`} chain={chain.name} replacing={Boolean(set)} />
                      {set && (
                        <ConfirmDialog
                          destructive
                          title={`Remove the RPC URL for ${chain.name}?`}
                          description="Read calls of this chain's contracts stop until a new one is set."
                          confirmLabel="Remove"
                          trigger={
                            <Button variant="outline" size="sm" aria-label={`Remove the RPC URL for ${chain.name}`}>
                              <Trash2 className="h-4 w-4" aria-hidden />
                              Remove
                            </Button>
                          }
                          onConfirm={async () => {
                            await apiWrite(`${path}/${chain.id}`, {
                              method: 'DELETE',
                              pending: 'Removing RPC URL…',
                              done: `RPC URL for ${chain.name} removed`,
                              invalidate: [path],
                            });
                          }}
                        />
                      )}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardSection>
    </div>
  );
}
