import { Info, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { transactionSeriesSchema, walletSeriesSchema } from '../../shared/api/transactions';
import { StatePanel } from '../../components/ui/state-panel';
import { chainName } from '../../shared/chains';
import { projectPath } from '../../shared/routes';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { cn } from '../../lib/cn';
import { Chart } from './chart';
import { FRAME_LABELS, SHORT_FRAME_LABELS, TIME_FRAMES, toColumns, type Columns, type TimeFrame } from './series';

type TxSeries = z.infer<typeof transactionSeriesSchema>;
type WalletSeries = z.infer<typeof walletSeriesSchema>;
type Kind = 'transactions' | 'wallets';

const DEFAULT_FRAME: TimeFrame = 'month';
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatUsd = (v: number) => usd.format(v);
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
const formatGas = (v: number) => compact.format(v);

/** When an answer first reached the page (`performance.now()`), the same on every render: the draw measure's start. */
const arrivals = new WeakMap<object, number>();
function arrivalOf(answer: object): number {
  if (!arrivals.has(answer)) arrivals.set(answer, performance.now());
  return arrivals.get(answer)!;
}

/** The chosen time frame from `?timeFrame=`; an unknown value reads as the default and says so. */
function useTimeFrame(): { frame: TimeFrame; bad: string | null } {
  const raw = new URLSearchParams(useSearch()).get('timeFrame');
  if (raw === null) return { frame: DEFAULT_FRAME, bad: null };
  return (TIME_FRAMES as readonly string[]).includes(raw)
    ? { frame: raw as TimeFrame, bad: null }
    : { frame: DEFAULT_FRAME, bad: raw };
}

function FramePicker({ frame }: { frame: TimeFrame }) {
  return (
    <div
      role="group"
      aria-label="Time frame"
      className="inline-flex max-w-full overflow-x-auto rounded-md border border-border bg-card p-0.5"
    >
      {TIME_FRAMES.map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={f === frame}
          aria-label={FRAME_LABELS[f]}
          onClick={() => patchSearch({ timeFrame: f === DEFAULT_FRAME ? null : f })}
          className={cn(
            'h-8 shrink-0 whitespace-nowrap rounded px-2.5 text-sm font-medium sm:px-3',
            f === frame ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted',
          )}
        >
          <span className="sm:hidden">{SHORT_FRAME_LABELS[f]}</span>
          <span className="hidden sm:inline">{FRAME_LABELS[f]}</span>
        </button>
      ))}
    </div>
  );
}

function TransactionCharts({ data, arrivedAt }: { data: TxSeries | null; arrivedAt: number }) {
  const cols = useMemo(() => {
    if (!data) return null;
    const c = toColumns(data.data, data.bucket, data.timeFrame, [
      { label: 'Total', value: (r) => r.total },
      { label: 'Successful', value: (r) => r.successful },
      { label: 'Failed', value: (r) => r.failed },
      { label: 'Gas used', value: (r) => r.gasUsed },
      { label: 'Sponsored cost', value: (r) => r.costUsd },
    ]);
    const pick = (...names: string[]): Columns => ({ x: c.x, series: c.series.filter((s) => names.includes(s.label)) });
    return { counts: pick('Total', 'Successful', 'Failed'), gas: pick('Gas used'), cost: pick('Sponsored cost') };
  }, [data]);
  const bucket = data?.bucket ?? 'day';
  const per = bucket === 'hour' ? 'hour' : 'day';
  return (
    <>
      <Chart
        title="Transactions"
        description={`Total, successful and failed transactions per ${per}.`}
        columns={cols?.counts ?? null}
        bucket={bucket}
        arrivedAt={arrivedAt}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Chart
          title="Gas used"
          description={`Gas used by transactions per ${per}.`}
          columns={cols?.gas ?? null}
          bucket={bucket}
          arrivedAt={arrivedAt}
          format={formatGas}
        />
        <Chart
          title="Sponsored cost"
          description={`What gas sponsorship cost per ${per}, in US dollars.`}
          columns={cols?.cost ?? null}
          bucket={bucket}
          arrivedAt={arrivedAt}
          format={formatUsd}
        />
      </div>
    </>
  );
}

function WalletCharts({ data, arrivedAt }: { data: WalletSeries | null; arrivedAt: number }) {
  const cols = useMemo(() => {
    if (!data) return null;
    const chains = [...new Set(data.data.map((r) => r.chainId))].sort((a, b) => a - b);
    const types = [...new Set(data.data.map((r) => r.accountType))].sort();
    const count = (r: { count: number }) => r.count;
    return {
      byChain: toColumns(
        data.data,
        data.bucket,
        data.timeFrame,
        chains.map((id) => ({ label: chainName(id), value: count, match: (r) => r.chainId === id })),
      ),
      byType: toColumns(
        data.data,
        data.bucket,
        data.timeFrame,
        types.map((t) => ({ label: t, value: count, match: (r) => r.accountType === t })),
      ),
    };
  }, [data]);
  const bucket = data?.bucket ?? 'day';
  const per = bucket === 'hour' ? 'hour' : 'day';
  return (
    <>
      <Chart
        title="New wallets by chain"
        description={`Wallets created per ${per}, by chain.`}
        columns={cols?.byChain ?? null}
        bucket={bucket}
        arrivedAt={arrivedAt}
      />
      <Chart
        title="New wallets by account type"
        description={`Wallets created per ${per}, by account type.`}
        columns={cols?.byType ?? null}
        bucket={bucket}
        arrivedAt={arrivedAt}
      />
    </>
  );
}

/** Transaction or wallet analytics of the project and mode, for the time frame in `?timeFrame=`. */
export function AnalyticsPage({ kind }: { kind: Kind }) {
  const route = useProjectRoute();
  const base = useModePath();
  const { frame, bad } = useTimeFrame();
  const [notice, setNotice] = useState<string | null>(null);
  const path = base ? `${base}/analytics/${kind}?timeFrame=${frame}` : null;
  const { data, error, reload } = useApiQuery<TxSeries | WalletSeries>(path);
  // The data shown belongs to the frame asked for (not the previous frame's answer while the next one loads).
  const current = data && data.timeFrame === frame ? data : null;
  const arrivedAt = current ? arrivalOf(current) : 0;

  useEffect(() => {
    if (!bad) return;
    setNotice(`“${bad}” is not a time frame: showing ${FRAME_LABELS[DEFAULT_FRAME].toLowerCase()}.`); // eslint-disable-line react-hooks/set-state-in-effect -- outlives the URL fix
    patchSearch({ timeFrame: null }, { replace: true });
  }, [bad]);

  const tab = (k: Kind, label: string) => (
    <a
      href={
        route
          ? projectPath(route.projectId, route.mode, `/analytics/${k}`) +
            (frame === DEFAULT_FRAME ? '' : `?timeFrame=${frame}`)
          : '#'
      }
      aria-current={k === kind ? 'page' : undefined}
      className={cn(
        'inline-flex h-9 items-center border-b-2 px-3 text-sm font-medium',
        k === kind
          ? 'border-primary text-foreground'
          : 'border-transparent text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </a>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-border">
        <nav aria-label="Analytics" className="-mb-px flex">
          {tab('transactions', 'Transactions')}
          {tab('wallets', 'Wallets')}
        </nav>
        <div className="pb-2">
          <FramePicker frame={frame} />
        </div>
      </div>
      {notice && (
        <div role="status" className="flex items-start gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p className="flex-1">{notice}</p>
          <button
            type="button"
            aria-label="Dismiss notice"
            onClick={() => setNotice(null)}
            className="inline-flex h-6 w-6 items-center justify-center rounded hover:bg-muted"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
      {error ? (
        <StatePanel kind="error" title="Could not load analytics" description={error.message} onRetry={reload} />
      ) : current && current.data.length === 0 ? (
        <StatePanel
          kind="empty"
          title={kind === 'transactions' ? 'No transactions in this time frame' : 'No new wallets in this time frame'}
          description={
            frame === 'all'
              ? `Charts appear once your project has ${kind} in this mode.`
              : 'Pick a longer time frame, or come back once your project has activity.'
          }
        />
      ) : kind === 'transactions' ? (
        <TransactionCharts data={current as TxSeries | null} arrivedAt={arrivedAt} />
      ) : (
        <WalletCharts data={current as WalletSeries | null} arrivedAt={arrivedAt} />
      )}
    </div>
  );
}

export default AnalyticsPage;
