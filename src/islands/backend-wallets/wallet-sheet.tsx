import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { ChainLabel, ExplorerLink } from '../../components/ui/chain-label';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton, CopyText } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { exactTime, RelativeTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useProjectRoute } from '../../lib/use-project';
import { patchSearch } from '../../stores/location';
import { describeBalance, formatBalance } from './balances';
import { RenameForm } from './rename-form';
import { CUSTODY_LABEL, type BackendWallet } from './types';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 min-w-0">{children}</dd>
    </div>
  );
}

/** The recorded balances, one row per chain, each with its explorer link. */
function Balances({ wallet }: { wallet: BackendWallet }) {
  return (
    <section aria-labelledby="balances-heading" className="grid gap-2">
      <h3 id="balances-heading" className="text-sm font-semibold">
        Balances
      </h3>
      {wallet.balances.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No balance recorded yet. Send funds to the address above; balances show here once they are recorded.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm" aria-label="Balances">
            <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Chain
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Balance
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Recorded
                </th>
                <th scope="col" className="w-8 px-1 py-2">
                  <span className="sr-only">Explorer</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {wallet.balances.map((b) => (
                <tr key={b.chainId} className="border-b border-border last:border-0">
                  <td className="px-3 py-2">
                    <ChainLabel chainId={b.chainId} />
                  </td>
                  <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">
                    {formatBalance(b)}
                  </td>
                  <td className="px-3 py-2">
                    <RelativeTime iso={b.recordedAt} />
                  </td>
                  <td className="px-1 py-2">
                    <ExplorerLink
                      chainId={b.chainId}
                      kind="address"
                      value={wallet.address}
                      label={`View ${describeBalance(b)} on the explorer`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-muted-foreground">As last recorded, not read from the chain when you open this.</p>
    </section>
  );
}

/**
 * One backend wallet in a sheet beside the list (`?wallet=dac_…`): address, custody, chain, recorded balances;
 * rename and delete for roles that may write data. Closing it (or Escape) goes back to the list's URL.
 */
export function WalletSheet({ id, apiPath }: { id: string; apiPath: string }) {
  const route = useProjectRoute();
  const canWrite = useCan('write_data');
  const path = `${apiPath}/${encodeURIComponent(id)}`;
  const { data: w, error, reload } = useApiQuery<BackendWallet>(path);
  const close = () => patchSearch({ wallet: null });
  // A malformed id is as unknown as a missing one.
  const notFound = error && (error.notFound || error.status === 400);

  return (
    <Dialog
      side
      open
      onOpenChange={(open) => !open && close()}
      title={w ? w.name : notFound ? 'Backend wallet not found' : 'Backend wallet'}
      description={
        w
          ? w.custody === 'custodial'
            ? 'Custodial: we keep its private key, encrypted.'
            : 'Your key: you proved you hold it; we never saw it.'
          : undefined
      }
    >
      {error ? (
        notFound ? (
          <StatePanel
            kind="not-found"
            title="No backend wallet with this id here"
            description={`${id} is not a backend wallet of this project in ${route?.mode ?? 'this'} mode.`}
            action={
              <Button size="sm" variant="outline" onClick={close}>
                All backend wallets
              </Button>
            }
          />
        ) : (
          <StatePanel
            kind="error"
            title="Could not load the backend wallet"
            description={error.message}
            onRetry={reload}
          />
        )
      ) : !w ? (
        <div className="grid gap-3" aria-busy="true">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : (
        <>
          <dl>
            <Row label="Address">
              {/* Whole, wrapping on a phone: people compare addresses character by character. */}
              <span className="flex items-start gap-1">
                <span className="min-w-0 font-mono text-xs leading-6 break-all">{w.address}</span>
                <CopyButton value={w.address} label="address" />
                {w.chainId !== null && <ExplorerLink chainId={w.chainId} kind="address" value={w.address} />}
              </span>
            </Row>
            <Row label="Custody">{CUSTODY_LABEL[w.custody]}</Row>
            <Row label="Chain">{w.chainId === null ? 'Every chain' : <ChainLabel chainId={w.chainId} />}</Row>
            <Row label="Wallet id">
              <CopyText value={w.id} label="wallet id" />
            </Row>
            <Row label="Created">{exactTime(w.createdAt)}</Row>
            {w.updatedAt !== w.createdAt && <Row label="Updated">{exactTime(w.updatedAt)}</Row>}
          </dl>
          <Balances wallet={w} />
          {canWrite && (
            <section aria-label="Manage" className="grid gap-4 border-t border-border pt-4">
              <RenameForm key={w.id} wallet={w} path={path} collection={apiPath} reload={reload} />
              <div>
                <ConfirmDialog
                  destructive
                  title={`Delete “${w.name}”?`}
                  description={
                    w.custody === 'custodial'
                      ? `Its private key is destroyed with it: funds left at ${w.address} can no longer be moved. Move them out first.`
                      : `The wallet leaves this project; its key and funds stay yours.`
                  }
                  confirmLabel="Delete wallet"
                  trigger={
                    <Button variant="outline" size="sm">
                      <Trash2 className="h-4 w-4" aria-hidden />
                      Delete
                    </Button>
                  }
                  onConfirm={async () => {
                    await apiWrite(path, {
                      method: 'DELETE',
                      pending: 'Deleting backend wallet…',
                      done: `Backend wallet “${w.name}” deleted`,
                      invalidate: [apiPath],
                    });
                    close();
                  }}
                />
              </div>
            </section>
          )}
        </>
      )}
    </Dialog>
  );
}

export default WalletSheet;
