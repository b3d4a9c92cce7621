import { useClientStore } from '../../lib/use-client-store';
import { Star, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Wallet } from '../../shared/api/wallets';
import { projectPath } from '../../shared/routes';
import { Dialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyText } from '../../components/ui/copy-button';
import { ExplorerLink } from '../../components/ui/chain-label';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { exactTime } from '../../components/ui/relative-time';
import { chainName } from '../../shared/chains';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { patchSearch } from '../../stores/location';
import { $favoriteChains, toggleFavoriteChain } from '../../stores/favorites';
import { UserCell } from '../shared/columns';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 min-w-0">{children}</dd>
    </div>
  );
}

/** The wallet opened from the list, in a sheet beside it; closing it (or Escape) goes back to the list's URL. */
export function WalletDrawer({ id, apiPath }: { id: string; apiPath: string }) {
  const route = useProjectRoute();
  const base = useModePath();
  const canWrite = useCan('write_data');
  const favorites = useClientStore($favoriteChains, []);
  const { data: w, error, reload } = useApiQuery<Wallet>(apiPath);
  const close = () => patchSearch({ wallet: null });

  return (
    <Dialog
      side
      open
      onOpenChange={(open) => !open && close()}
      title={w ? 'Wallet' : error?.notFound ? 'Wallet not found' : 'Wallet'}
      description={w ? `${w.accountType} on ${chainName(w.chainId)}` : undefined}
    >
      {error ? (
        error.notFound ? (
          <StatePanel
            kind="not-found"
            title="No wallet with this id here"
            description={`${id} is not a wallet of this project in ${route?.mode ?? 'this'} mode.`}
          />
        ) : (
          <StatePanel kind="error" title="Could not load the wallet" description={error.message} onRetry={reload} />
        )
      ) : !w || !route ? (
        <div className="grid gap-3" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : (
        <>
          <dl>
            <Row label="Address">
              <span className="inline-flex max-w-full min-w-0 items-center">
                <CopyText value={w.address} label="address" short={false} />
                <ExplorerLink chainId={w.chainId} kind="address" value={w.address} />
              </span>
            </Row>
            <Row label="Chain">
              <span className="inline-flex items-center gap-1">
                {chainName(w.chainId)} <span className="text-muted-foreground">({w.chainId})</span>
                <button
                  type="button"
                  aria-pressed={favorites.includes(w.chainId)}
                  aria-label={favorites.includes(w.chainId) ? 'Remove chain from favorites' : 'Add chain to favorites'}
                  title="Favorite chains come first in chain filters"
                  onClick={() => toggleFavoriteChain(w.chainId)}
                  className="inline-flex h-6 w-6 items-center justify-center rounded hover:bg-muted"
                >
                  <Star
                    className={`h-3.5 w-3.5 ${favorites.includes(w.chainId) ? 'fill-current text-amber-500' : ''}`}
                    aria-hidden
                  />
                </button>
              </span>
            </Row>
            <Row label="Wallet id">
              <CopyText value={w.id} label="wallet id" />
            </Row>
            <Row label="Account type">{w.accountType}</Row>
            <Row label="Implementation">{w.implementation ?? '—'}</Row>
            <Row label="Owner">{w.ownerAddress ? <CopyText value={w.ownerAddress} label="owner address" /> : '—'}</Row>
            <Row label="Deployed">{w.deployed ? 'Yes' : 'No'}</Row>
            <Row label="Custody">{w.custody}</Row>
            <Row label="Recovery">{w.recoveryMethod ?? '—'}</Row>
            <Row label="User">
              <UserCell user={w.user} userId={w.userId} projectId={route.projectId} mode={route.mode} />
            </Row>
            <Row label="Created">{exactTime(w.createdAt)}</Row>
          </dl>
          <div className="flex flex-wrap gap-2">
            <a
              className="inline-flex h-8 items-center rounded-md border border-border px-3 text-sm hover:bg-muted"
              href={projectPath(
                route.projectId,
                route.mode,
                `/transactions?filters=${encodeURIComponent(JSON.stringify([{ field: 'accountId', op: 'eq', value: w.id }]))}`,
              )}
            >
              View transactions
            </a>
            {canWrite && (
              <ConfirmDialog
                destructive
                title="Delete this wallet?"
                description="The wallet's record leaves this project. Its transactions stay, without a wallet."
                confirmLabel="Delete wallet"
                trigger={
                  <Button variant="outline" size="sm">
                    <Trash2 className="h-4 w-4" aria-hidden />
                    Delete
                  </Button>
                }
                onConfirm={async () => {
                  await apiWrite(apiPath, {
                    method: 'DELETE',
                    pending: 'Deleting wallet…',
                    done: 'Wallet deleted',
                    invalidate: base ? [`${base}/wallets`] : [],
                  });
                  close();
                }}
              />
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}
