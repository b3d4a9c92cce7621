import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { DataList } from '../../components/data-list/data-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton, CopyText, shorten } from '../../components/ui/copy-button';
import { ChainLabel, ExplorerLink } from '../../components/ui/chain-label';
import { exactTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { TX_STATUSES, transactionListSpec } from '../../shared/api/collections';
import type { Transaction } from '../../shared/api/transactions';
import type { Wallet } from '../../shared/api/wallets';
import { chainName } from '../../shared/chains';
import { objectHref } from '../../shared/object-paths';
import { projectPath, type Mode } from '../../shared/routes';
import { apiWrite } from '../../lib/api-write';
import { toastOnNextPage } from '../../lib/toast';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { PolicyFilterLabel, WalletFilterLabel } from '../shared/object-filter-labels';
import { userLabel } from '../shared/columns';
import { STATUS_LABEL } from '../transactions/status';
import { someTransactionColumns } from '../transactions/columns';
import { EmailCell, PROVIDER_LABEL, UserKindBadge } from './labels';
import { useLazyUserForm } from './lazy-form';
import type { LinkedAccount, User } from './types';

interface ListAnswer<T> {
  data: T[];
  total: number;
}

const WALLETS_SHOWN = 20;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-h-10 gap-1 py-2 text-sm sm:grid-cols-3 sm:items-center sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Card({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-border bg-card">
      <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">
        {title}
        {count !== undefined && <span className="ml-1 font-normal text-muted-foreground">({count})</span>}
      </h2>
      <div className="px-4 py-2">{children}</div>
    </section>
  );
}

function Rows({ n }: { n: number }) {
  return (
    <div className="grid gap-3 py-2" aria-hidden>
      {Array.from({ length: n }, (_, i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  );
}

function Failed({ what, message, retry }: { what: string; message: string; retry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 py-2 text-sm">
      <span className="text-destructive">
        Could not load the {what}: {message}
      </span>
      <Button variant="outline" size="sm" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/** The sign-in identities of the user (GET …/linked-accounts). */
function LinkedAccounts({ path, user }: { path: string; user: User }) {
  const { data, error, reload } = useApiQuery<ListAnswer<LinkedAccount>>(`${path}/linked-accounts`);
  return (
    <Card title="Linked accounts" count={data?.total}>
      {error ? (
        <Failed what="linked accounts" message={error.message} retry={reload} />
      ) : !data ? (
        <Rows n={2} />
      ) : data.data.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">
          {user.authenticated
            ? 'No sign-in identity is linked: this user signed in as a guest.'
            : 'None: this user was created through the API and has never signed in.'}
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {data.data.map((a) => {
            const verified = !!a.email && a.email === user.email && user.emailVerified;
            return (
              <li key={a.id} className="grid gap-1 py-2 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{PROVIDER_LABEL[a.provider] ?? a.provider}</span>
                  {a.email &&
                    (verified ? <Badge tone="success">Email verified</Badge> : <Badge>Email not verified</Badge>)}
                </p>
                {a.email && <p className="truncate text-muted-foreground">{a.email}</p>}
                <p className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
                  <span className="shrink-0">Subject</span>
                  <CopyText value={a.subject} label="subject" />
                </p>
                <p className="text-xs text-muted-foreground">Linked {exactTime(a.createdAt)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The user's wallets (GET …/wallets), each linking to its sheet in the wallets section. */
function Wallets({ path, user, projectId, mode }: { path: string; user: User; projectId: string; mode: Mode }) {
  const { data, error, reload } = useApiQuery<ListAnswer<Wallet>>(`${path}/wallets?limit=${WALLETS_SHOWN}`);
  const all = projectPath(
    projectId,
    mode,
    `/wallets?filters=${encodeURIComponent(JSON.stringify([{ field: 'userId', op: 'eq', value: user.id }]))}`,
  );
  return (
    <Card title="Wallets" count={data?.total}>
      {error ? (
        <Failed what="wallets" message={error.message} retry={reload} />
      ) : !data ? (
        <Rows n={2} />
      ) : data.data.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">
          No wallet yet. A wallet is created when the user signs in to your app, or with POST /wallets and this user’s
          id.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-border">
            {data.data.map((w) => (
              <li key={w.id} className="grid gap-0.5 py-2 text-sm">
                <span className="inline-flex min-w-0 items-center gap-0.5">
                  <a
                    href={projectPath(projectId, mode, `/wallets?wallet=${w.id}`)}
                    className="truncate font-mono text-xs hover:underline"
                    title={`Open wallet ${w.address}`}
                  >
                    {shorten(w.address)}
                  </a>
                  <CopyButton value={w.address} label="wallet address" />
                  <ExplorerLink chainId={w.chainId} kind="address" value={w.address} />
                </span>
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                  <ChainLabel chainId={w.chainId} />
                  <span>· {w.accountType}</span>
                  {!w.deployed && <span>· not deployed</span>}
                </span>
              </li>
            ))}
          </ul>
          {data.total > data.data.length && (
            <a href={all} className="block py-2 text-sm font-medium text-primary hover:underline">
              All {data.total} wallets of this user
            </a>
          )}
        </>
      )}
    </Card>
  );
}

function Metadata({ user }: { user: User }) {
  const entries = Object.entries(user.metadata);
  return (
    <Card title="Metadata" count={entries.length}>
      {entries.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">No metadata. Your app can store keys here, e.g. a level.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Metadata of the user</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Key
              </th>
              <th scope="col" className="py-1 font-medium">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([k, v]) => (
              <tr key={k} className="border-t border-border">
                <th scope="row" className="py-1.5 pr-3 text-left font-mono text-xs font-normal break-all">
                  {k}
                </th>
                <td className="py-1.5 break-all">
                  {typeof v === 'number' ? <span className="tabular-nums">{v}</span> : v}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** The user's transactions: the transactions list restricted to this user (`GET …/users/{id}/transactions`). */
function Transactions({ path, projectId, mode }: { path: string; projectId: string; mode: Mode }) {
  const detail = (id: string) => projectPath(projectId, mode, `/transactions/${id}`);
  const columns = someTransactionColumns(projectId, mode, [
    'status',
    'chain',
    'wallet',
    'transactionHash',
    'cost',
    'createdAt',
  ]);
  return (
    <section aria-labelledby="user-transactions" className="grid grid-cols-1 gap-3">
      <h2 id="user-transactions" className="text-base font-semibold">
        Transactions
      </h2>
      <DataList<Transaction>
        label="Transactions of this user"
        listKey="user-transactions"
        apiPath={`${path}/transactions`}
        spec={transactionListSpec}
        columns={columns}
        chips={[
          {
            field: 'status',
            label: 'Status',
            op: 'in',
            options: TX_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] ?? s })),
          },
        ]}
        describeFilter={(f) =>
          f.field === 'accountId' ? (
            <WalletFilterLabel accountId={String(f.value)} />
          ) : f.field === 'policyId' ? (
            <PolicyFilterLabel policyId={String(f.value)} />
          ) : undefined
        }
        search={{
          placeholder: 'Search by transaction hash or id',
          txHash: 'transactionHash',
          ids: { acc: 'accountId', pol: 'policyId' },
          openId: (id, prefix) => {
            const href = prefix === 'tin' ? detail(id) : objectHref(projectId, mode, id);
            if (!href) return false;
            location.assign(href);
            return true;
          },
        }}
        rowLabel={(t) =>
          `${STATUS_LABEL[t.status] ?? t.status} transaction on ${chainName(t.chainId)}, ${t.transactionHash ? shorten(t.transactionHash) : shorten(t.id)}`
        }
        onOpen={(t) => location.assign(detail(t.id))}
        empty={{
          title: 'No transactions yet',
          description: 'Transactions this user’s wallets send through your app appear here.',
        }}
      />
    </section>
  );
}

function EditButton(props: { user: User; path: string; listPath: string; reload: () => void }) {
  const { form, open, show, onOpenChange, trigger } = useLazyUserForm();
  return (
    <>
      <Button ref={trigger} variant="outline" size="sm" aria-haspopup="dialog" onClick={show}>
        <Pencil className="h-4 w-4" aria-hidden />
        Edit
      </Button>
      {form && <form.EditUserDialog {...props} open={open} onOpenChange={onOpenChange} />}
    </>
  );
}

function Loading() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading the user">
      <div className="grid gap-3 rounded-xl border border-border p-4">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-5 w-80 max-w-full" />
        <Skeleton className="h-5 w-64 max-w-full" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="grid gap-3 rounded-xl border border-border p-4">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** What a user delete does, naming the wallets it leaves without a user ("Deletes Ada … Their 3 wallets …"). */
function deleteUserText(label: string, walletCount: number | undefined): string {
  const stay =
    walletCount === undefined
      ? 'Their wallets and transactions'
      : walletCount === 0
        ? 'They have no wallets; their transactions'
        : `Their ${walletCount} wallet${walletCount === 1 ? '' : 's'} and their transactions`;
  return `Deletes ${label} from this project. ${stay} are kept, without a user.`;
}

/** One user: who they are, how they sign in, their wallets, metadata and transactions; edit and delete. */
export function UserPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const canWrite = useCan('write_data');
  const id = route?.params.playerId ?? '';
  const path = base && id ? `${base}/users/${id}` : null;
  const { data: u, error, reload } = useApiQuery<User>(path);
  // How many wallets the delete leaves without a user: the confirmation names them (limit 1, only `total` is read).
  const wallets = useApiQuery<{ total: number }>(canWrite && path ? `${path}/wallets?limit=1` : null);
  const listHref = route ? projectPath(route.projectId, route.mode, '/users') : undefined;

  return (
    <>
      <div className="grid grid-cols-1 gap-4">
        <a
          href={listHref}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          All users
        </a>
        {error ? (
          error.notFound ? (
            <StatePanel
              kind="not-found"
              title="No user with this id here"
              description={`${id} is not a user of this project in ${route?.mode ?? 'this'} mode.`}
              action={
                <a className="text-sm font-medium text-primary hover:underline" href={listHref}>
                  Go to the users
                </a>
              }
            />
          ) : (
            <StatePanel kind="error" title="Could not load the user" description={error.message} onRetry={reload} />
          )
        ) : !u || !route || !path || !base ? (
          <Loading />
        ) : (
          <>
            <section aria-label="User" className="grid gap-3 rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2
                      className={`text-xl font-semibold break-words ${u.name || u.email ? '' : 'text-muted-foreground'}`}
                    >
                      {userLabel(u)}
                    </h2>
                    <UserKindBadge user={u} />
                  </div>
                  {u.name && u.email && <p className="text-sm text-muted-foreground break-all">{u.email}</p>}
                  {u.description && <p className="max-w-prose text-sm">{u.description}</p>}
                </div>
                {canWrite && (
                  <div className="flex flex-wrap gap-2">
                    <EditButton user={u} path={path} listPath={`${base}/users`} reload={reload} />
                    <ConfirmDialog
                      destructive
                      title={`Delete ${userLabel(u)}?`}
                      description={deleteUserText(userLabel(u), wallets.data?.total)}
                      confirmLabel="Delete user"
                      trigger={
                        <Button variant="outline" size="sm">
                          <Trash2 className="h-4 w-4" aria-hidden />
                          Delete
                        </Button>
                      }
                      onConfirm={async () => {
                        await apiWrite(path, {
                          method: 'DELETE',
                          pending: 'Deleting user…',
                          done: 'User deleted',
                          invalidate: [`${base}/users`, `${base}/unauthenticated-users`, `${base}/wallets`],
                        });
                        toastOnNextPage('success', `User “${userLabel(u)}” deleted`);
                        location.assign(listHref!);
                      }}
                    />
                  </div>
                )}
              </div>
              <dl className="grid gap-x-6 divide-y divide-border sm:grid-cols-2 sm:divide-y-0">
                <Row label="User id">
                  <CopyText value={u.id} label="user id" short={false} />
                </Row>
                <Row label="Email">
                  <EmailCell user={u} />
                </Row>
                <Row label="Created">
                  <time dateTime={u.createdAt}>{exactTime(u.createdAt)}</time>
                </Row>
                <Row label="Updated">
                  <time dateTime={u.updatedAt}>{exactTime(u.updatedAt)}</time>
                </Row>
                {u.phone && (
                  <Row label="Phone">
                    <span className="inline-flex items-center gap-2">
                      {u.phone}
                      {u.phoneVerified ? <Badge tone="success">Verified</Badge> : <Badge>Not verified</Badge>}
                    </span>
                  </Row>
                )}
              </dl>
            </section>
            <div className="grid items-start gap-4 lg:grid-cols-3">
              <LinkedAccounts path={path} user={u} />
              <Wallets path={path} user={u} projectId={route.projectId} mode={route.mode} />
              <Metadata user={u} />
            </div>
            <Transactions path={path} projectId={route.projectId} mode={route.mode} />
          </>
        )}
      </div>
    </>
  );
}

export default UserPage;
