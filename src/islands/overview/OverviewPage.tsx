import { useClientStore } from '../../lib/use-client-store';
import { ArrowDownRight, ArrowUpRight, CheckCircle2, Circle, Minus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { projectPath } from '../../shared/routes';
import { Skeleton } from '../../components/ui/state-panel';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { $role } from '../../stores/project-context';
import { $skipOnboarding } from '../../stores/onboarding';
import { WebhookNotices } from '../webhooks/notices-banner';
import { UsageNotices } from '../billing/usage-notices';
import { SamplesSection } from './samples-section';
import { GoingLiveCard } from './going-live-card';
import { frameLength } from '../../shared/time-window';
import { trend, windowFilters, type Windows } from './overview-windows';

const count = new Intl.NumberFormat('en');
const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

interface Page {
  total: number;
  data: { lastUsedAt?: string | null }[];
}
interface Series {
  data: { date: string; costUsd: number }[];
}

/** Total of a list in a window, from the list's `total` (limit=1: the rows are not needed). */
function useWindowTotal(path: string | null, filters: string): number | undefined {
  return useApiQuery<Page>(path && `${path}?limit=1&filters=${encodeURIComponent(filters)}`).data?.total;
}

function Delta({ now, before }: { now: number | undefined; before: number | undefined }) {
  if (now === undefined || before === undefined) return <Skeleton className="h-4 w-20" />;
  const t = trend(now, before);
  const Icon = t.direction === 'up' ? ArrowUpRight : t.direction === 'down' ? ArrowDownRight : Minus;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {t.label} vs previous 30 days
    </span>
  );
}

function Card({ title, value, delta }: { title: string; value: ReactNode; delta: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <h2 className="text-sm text-muted-foreground">{title}</h2>
      <p className="mt-1 h-8 text-2xl font-semibold tabular-nums">{value}</p>
      <div className="mt-1 h-5">{delta}</div>
    </div>
  );
}

function CountCard({ title, path, windows }: { title: string; path: string | null; windows: Windows }) {
  const now = useWindowTotal(path, windows.current);
  const before = useWindowTotal(path, windows.previous);
  return (
    <Card
      title={title}
      value={now === undefined ? <Skeleton className="h-7 w-16" /> : count.format(now)}
      delta={<Delta now={now} before={before} />}
    />
  );
}

function CostCard({ base, windows }: { base: string | null; windows: Windows }) {
  const { data } = useApiQuery<Series>(base && `${base}/analytics/transactions?timeFrame=all`);
  const sum = (from: number, to: number) =>
    data?.data.filter((d) => Date.parse(d.date) >= from && Date.parse(d.date) < to).reduce((s, d) => s + d.costUsd, 0);
  const now = sum(windows.from, Infinity);
  const before = sum(windows.from - frameLength('month'), windows.from);
  return (
    <Card
      title="Sponsored cost, last 30 days"
      value={now === undefined ? <Skeleton className="h-7 w-16" /> : usd.format(now)}
      delta={<Delta now={now} before={before} />}
    />
  );
}

function Step({ done, title, href, detail }: { done: boolean | null; title: string; href: string; detail: string }) {
  return (
    <li className="flex items-start gap-3 py-2">
      {done ? (
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
      ) : (
        <Circle className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
      )}
      <div>
        <a href={href} className="font-medium hover:underline">
          {title}
        </a>
        <span className="sr-only">{done ? ' (done)' : done === false ? ' (to do)' : ''}</span>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
    </li>
  );
}

/** The getting-started checklist, ticked from real data; skipping it is remembered (the skip-onboarding flag). */
function Checklist({ base, projectId, mode }: { base: string | null; projectId: string; mode: 'live' | 'test' }) {
  const skipped = useClientStore($skipOnboarding, false);
  // API keys are read only by roles that manage them: a viewer or developer is not sent on a request the API refuses.
  const readsKeys = useCan('manage_keys');
  const keys = useApiQuery<Page>(
    base && readsKeys
      ? `${base}/api-keys?limit=100&filters=${encodeURIComponent('[{"field":"type","op":"eq","value":"secret"}]')}`
      : null,
  );
  const role = useClientStore($role, null);
  const users = useApiQuery<Page>(base && `${base}/users?limit=1`);
  const txs = useApiQuery<Page>(base && `${base}/transactions?limit=1`);
  const hooks = useApiQuery<Page>(base && `${base}/webhooks?limit=1`);
  const p = (section: string) => projectPath(projectId, mode, section);
  if (skipped) {
    return (
      <p className="text-sm text-muted-foreground">
        Getting started is hidden.{' '}
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => $skipOnboarding.set(false)}
        >
          Show the checklist
        </button>
      </p>
    );
  }
  const keyUsed = !readsKeys || keys.error ? null : keys.data ? keys.data.data.some((k) => k.lastUsedAt) : false;
  return (
    <section aria-labelledby="getting-started" className="rounded-xl border border-border bg-card p-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="getting-started" className="font-semibold">
          Getting started
        </h2>
        <button
          type="button"
          className="text-sm text-muted-foreground hover:text-foreground hover:underline"
          onClick={() => $skipOnboarding.set(true)}
        >
          Skip
        </button>
      </div>
      <ol className="mt-2 divide-y divide-border">
        <Step
          done={keyUsed}
          title="Call the API with your secret key"
          href={p('/api-keys')}
          detail={
            role !== null && !readsKeys
              ? 'Ask an admin of this project for a secret key.'
              : `Authenticate a server request with your ${mode} secret key.`
          }
        />
        <Step
          done={users.data ? users.data.total > 0 : false}
          title="Get your first user"
          href={p('/users')}
          detail="Sign a user in from your app, or create one with the API."
        />
        <Step
          done={txs.data ? txs.data.total > 0 : false}
          title="Send your first transaction"
          href={p('/transactions')}
          detail="Create a transaction intent for one of your users' wallets."
        />
        <Step
          done={hooks.data ? hooks.data.total > 0 : false}
          title="Add a webhook"
          href={p('/webhooks')}
          detail="Hear about transactions and users on your own server."
        />
      </ol>
    </section>
  );
}

/** The project overview: activity of the last 30 days against the 30 before, getting started, samples. */
export function OverviewPage() {
  const route = useProjectRoute();
  const base = useModePath();
  // The windows are fixed when the page opens (day-aligned, so the cached answers match within a day).
  const [windows] = useState(() => windowFilters(Date.now()));
  return (
    <div className="grid gap-6">
      <WebhookNotices />
      <UsageNotices linkToBilling />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <CountCard title="New users, last 30 days" path={base && `${base}/users`} windows={windows} />
        <CountCard title="New wallets, last 30 days" path={base && `${base}/wallets`} windows={windows} />
        <CountCard title="Transactions, last 30 days" path={base && `${base}/transactions`} windows={windows} />
        <CostCard base={base} windows={windows} />
      </div>
      {route && <Checklist base={base} projectId={route.projectId} mode={route.mode} />}
      {route && <GoingLiveCard projectId={route.projectId} mode={route.mode} />}
      <SamplesSection />
    </div>
  );
}

export default OverviewPage;
