import { AlertTriangle, ArrowLeft, CheckCircle2, Circle, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { CopyButton, shorten } from '../../components/ui/copy-button';
import { ExplorerLink } from '../../components/ui/chain-label';
import { exactTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { linkClass } from '../../components/ui/link';
import { cn } from '../../lib/cn';
import type { Transaction } from '../../shared/api/transactions';
import { chainName } from '../../shared/chains';
import { projectPath, type Mode } from '../../shared/routes';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { UserCell } from '../shared/columns';
import { STATUS_LABEL, STATUS_MEANING, STATUS_TONE } from './status';
import { formatNative, formatUsd } from './format';
import { Interactions } from './interactions';
import { LongValue } from './long-value';

const number = new Intl.NumberFormat('en');
const DOT: Record<string, string> = {
  success: 'text-emerald-600 dark:text-emerald-400',
  danger: 'text-red-600 dark:text-red-400',
  warning: 'text-amber-600 dark:text-amber-400',
  info: 'text-sky-600 dark:text-sky-400',
  neutral: 'text-muted-foreground',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-h-10 gap-1 py-2 text-sm sm:grid-cols-3 sm:items-center sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 sm:col-span-2">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">—</span>;

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-xl border border-border bg-card ${className ?? ''}`}>
      <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">{title}</h2>
      <div className="px-4 py-2">{children}</div>
    </section>
  );
}

/** "after 12 s" between two status times. */
function after(from: string, to: string): string {
  const s = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  if (s < 120) return `after ${s} s`;
  if (s < 7200) return `after ${Math.round(s / 60)} min`;
  return `after ${Math.round(s / 3600)} h`;
}

/** Every status the transaction went through, each with its exact time; the current one highlighted. */
function Timeline({ t }: { t: Transaction }) {
  const steps = t.statusHistory?.length ? t.statusHistory : [{ status: t.status, at: t.updatedAt }];
  return (
    <ol className="grid gap-0 py-2" aria-label="Status history">
      {steps.map((s, i) => {
        const current = i === steps.length - 1;
        const tone = STATUS_TONE[s.status];
        const Icon = tone === 'danger' ? XCircle : tone === 'success' ? CheckCircle2 : Circle;
        return (
          <li
            key={`${s.status}-${i}`}
            aria-current={current ? 'step' : undefined}
            className="relative grid grid-cols-[1.5rem_1fr] gap-x-3 pb-4 last:pb-0"
          >
            {!current && (
              <span aria-hidden className="absolute top-6 bottom-0 left-3 w-px -translate-x-1/2 bg-border" />
            )}
            <span
              className={`flex h-6 w-6 items-center justify-center ${current ? DOT[tone] : 'text-muted-foreground'}`}
            >
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div className={current ? 'rounded-md bg-muted px-2 py-1' : 'px-2 py-1'}>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                {current ? (
                  <Badge tone={tone}>{STATUS_LABEL[s.status]}</Badge>
                ) : (
                  <span className="font-medium">{STATUS_LABEL[s.status]}</span>
                )}
                {current && <span className="text-xs text-muted-foreground">Current status</span>}
              </p>
              <p className="mt-0.5 text-xs">
                <time dateTime={s.at}>{exactTime(s.at)}</time>
                {i > 0 && <span className="text-muted-foreground"> · {after(steps[i - 1]!.at, s.at)}</span>}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">{STATUS_MEANING[s.status]}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Details({ t, projectId, mode }: { t: Transaction; projectId: string; mode: Mode }) {
  return (
    <dl className="divide-y divide-border">
      <Row label="Transaction id">
        <LongValue value={t.id} label="transaction id" />
      </Row>
      <Row label="Chain">
        {chainName(t.chainId)} <span className="text-muted-foreground">({t.chainId})</span>
      </Row>
      <Row label="User">
        <UserCell
          user={t.user}
          userId={t.userId}
          projectId={projectId}
          mode={mode}
          className={cn('block max-w-full truncate', linkClass)}
        />
      </Row>
      <Row label="Wallet">
        {t.accountId ? (
          <span className="inline-flex max-w-full items-center gap-0.5">
            <a
              href={projectPath(projectId, mode, `/wallets?wallet=${t.accountId}`)}
              className={cn('font-mono text-xs break-all', linkClass)}
              title="Open the wallet"
            >
              {t.account ? t.account.address : `${shorten(t.accountId)} (deleted)`}
            </a>
            {t.account && <CopyButton value={t.account.address} label="wallet address" />}
            {t.account && <ExplorerLink chainId={t.chainId} kind="address" value={t.account.address} />}
          </span>
        ) : (
          none
        )}
      </Row>
      <Row label="Gas policy">
        {t.policyId ? (
          <a href={projectPath(projectId, mode, `/policies/${t.policyId}`)} className={linkClass}>
            {t.policy?.name ?? shorten(t.policyId)}
          </a>
        ) : (
          <span className="text-muted-foreground">None: the wallet pays its gas</span>
        )}
      </Row>
      <Row label="Abstraction">{t.abstractionType}</Row>
      <Row label="User operation hash">
        {t.userOperationHash ? <LongValue value={t.userOperationHash} label="user operation hash" /> : none}
      </Row>
      <Row label="Transaction hash">
        {t.transactionHash ? (
          <LongValue value={t.transactionHash} label="transaction hash" chainId={t.chainId} explorer="tx" />
        ) : (
          <span className="text-muted-foreground">Not sent yet</span>
        )}
      </Row>
      <Row label="Block">
        {t.blockNumber !== null ? (
          <span className="inline-flex items-center gap-0.5">
            <span className="tabular-nums">{number.format(t.blockNumber)}</span>
            <ExplorerLink chainId={t.chainId} kind="block" value={t.blockNumber} label="View block on explorer" />
          </span>
        ) : (
          <span className="text-muted-foreground">Not in a block</span>
        )}
      </Row>
      <Row label="Gas used">
        {t.gasUsed !== null ? <span className="tabular-nums">{number.format(t.gasUsed)}</span> : none}
      </Row>
      <Row label="Fee">
        <span className="tabular-nums">{formatNative(t.gasFee, t.chainId)}</span>
      </Row>
      <Row label="Cost (USD)">
        <span className="tabular-nums">{formatUsd(t.costUsd)}</span>
      </Row>
      <Row label="Created">{exactTime(t.createdAt)}</Row>
      <Row label="Updated">{exactTime(t.updatedAt)}</Row>
    </dl>
  );
}

function Loading() {
  return (
    <div className="grid gap-4 lg:grid-cols-3" aria-busy="true" aria-label="Loading the transaction">
      <div className="grid gap-4 lg:col-span-2">
        <div className="rounded-xl border border-border p-4">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} className="my-3 h-5 w-full" />
          ))}
        </div>
      </div>
      <div className="rounded-xl border border-border p-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="my-4 h-10 w-full" />
        ))}
      </div>
    </div>
  );
}

/** One transaction: its status timeline, details with names, decoded calls and the error when it failed. */
export function TransactionPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const id = route?.params.transactionId ?? null;
  const { data: t, error, reload } = useApiQuery<Transaction>(base && id ? `${base}/transactions/${id}` : null);
  const listHref = route ? projectPath(route.projectId, route.mode, '/transactions') : undefined;

  return (
    <div className="grid gap-4">
      <a
        href={listHref}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        All transactions
      </a>
      {error ? (
        error.notFound ? (
          <StatePanel
            kind="not-found"
            title="No transaction with this id here"
            description={`${id} is not a transaction of this project in ${route?.mode ?? 'this'} mode.`}
            action={
              <a className="text-sm font-medium text-primary hover:underline" href={listHref}>
                Go to the transactions
              </a>
            }
          />
        ) : (
          <StatePanel
            kind="error"
            title="Could not load the transaction"
            description={error.message}
            onRetry={reload}
          />
        )
      ) : !t || !route || !base ? (
        <Loading />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Badge tone={STATUS_TONE[t.status]}>{STATUS_LABEL[t.status]}</Badge>
            <span>{chainName(t.chainId)}</span>
            <span className="text-muted-foreground">Created {exactTime(t.createdAt)}</span>
          </div>
          {t.error && (
            <section
              aria-label="Error"
              className="flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
            >
              <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden />
              <div className="min-w-0">
                <h2 className="font-semibold">Why it failed</h2>
                <p className="mt-1 font-mono text-xs break-words">{t.error.reason}</p>
                {t.error.explanation && <p className="mt-2">{t.error.explanation}</p>}
              </div>
            </section>
          )}
          <div className="grid items-start gap-4 lg:grid-cols-3">
            <div className="grid min-w-0 gap-4 lg:col-span-2">
              <Card title="Details">
                <Details t={t} projectId={route.projectId} mode={route.mode} />
              </Card>
              <section aria-label="Calls" className="grid gap-3">
                <h2 className="text-sm font-semibold">Calls</h2>
                <Interactions
                  interactions={t.interactions}
                  chainId={t.chainId}
                  base={base}
                  projectId={route.projectId}
                  mode={route.mode}
                />
              </section>
            </div>
            <Card title="Status" className="order-first lg:sticky lg:top-4 lg:order-last">
              <Timeline t={t} />
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

export default TransactionPage;
