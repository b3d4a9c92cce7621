import { BarChart3, Table2 } from 'lucide-react';
import { useState } from 'react';
import type { Policy, PolicySpend } from '../../shared/api/policies';
import { Button } from '../../components/ui/button';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { useApiQuery } from '../../lib/use-api-query';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { formatUsd } from '../transactions/format';
import { REPORT_PERIODS, formatNumber } from './model';

type Day = PolicySpend['daily'][number];

/** Every UTC day of the period, oldest first, with zeros where nothing was spent. */
export function fillDays(daily: readonly Day[], days: number, now = Date.now()): Day[] {
  const byDate = new Map(daily.map((d) => [d.date, d]));
  const out: Day[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(now - i * 86_400_000).toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? { date, transactions: 0, gasUsed: 0, costUsd: 0 });
  }
  return out;
}

const shortDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** Daily cost as bars (inline SVG: a name for the whole, a title per bar), scaled to the period's highest day. */
function CostChart({ days }: { days: Day[] }) {
  const max = Math.max(...days.map((d) => d.costUsd), 0);
  const W = 720;
  const H = 180;
  const gap = days.length > 60 ? 1 : 2;
  const bar = W / days.length;
  const busiest = days.reduce((a, d) => (d.costUsd > a.costUsd ? d : a), days[0]!);
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        className="h-52 w-full"
        role="img"
        aria-label={
          max > 0
            ? `Daily sponsored cost, ${label(days[0]!.date)} to ${label(days.at(-1)!.date)}; highest ${formatUsd(busiest.costUsd)} on ${label(busiest.date)}`
            : 'Daily sponsored cost: nothing was spent in this period'
        }
        preserveAspectRatio="none"
      >
        <line x1="0" x2={W} y1={H} y2={H} className="stroke-border" strokeWidth="1" />
        {days.map((d, i) => {
          const h = max > 0 ? Math.max((d.costUsd / max) * (H - 8), d.costUsd > 0 ? 2 : 0) : 0;
          return (
            <rect
              key={d.date}
              x={i * bar + gap / 2}
              y={H - h}
              width={Math.max(bar - gap, 1)}
              height={h}
              className="fill-primary"
            >
              <title>{`${label(d.date)}: ${formatUsd(d.costUsd)}, ${formatNumber(d.transactions)} transactions`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{label(days[0]!.date)}</span>
        <span>Highest day: {formatUsd(max)}</span>
        <span>{label(days.at(-1)!.date)}</span>
      </figcaption>
    </figure>
  );
}

/** The spend report: totals and the daily cost for the chosen period (`?days=`), as a chart or a table. */
export function ReportTab({ policy, path }: { policy: Policy; path: string }) {
  const asked = Number(new URLSearchParams(useSearch()).get('days'));
  const days = (REPORT_PERIODS as readonly number[]).includes(asked) ? asked : 30;
  const [table, setTable] = useState(false);
  const { data, error, reload } = useApiQuery<PolicySpend>(`${path}/spend?days=${days}`);
  const filled = data ? fillDays(data.daily, days) : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Period" className="inline-flex rounded-md border border-border p-0.5">
          {REPORT_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={p === days}
              onClick={() => patchSearch({ days: p === 30 ? null : String(p) })}
              className={`rounded px-3 py-1 text-sm ${p === days ? 'bg-primary text-primary-foreground' : 'hover:bg-muted'}`}
            >
              {p} days
            </button>
          ))}
        </div>
        <Button variant="outline" size="sm" aria-pressed={table} onClick={() => setTable(!table)}>
          {table ? <BarChart3 className="h-4 w-4" aria-hidden /> : <Table2 className="h-4 w-4" aria-hidden />}
          {table ? 'Show chart' : 'Show table'}
        </Button>
      </div>
      {error ? (
        <StatePanel kind="error" title="Could not load the report" description={error.message} onRetry={reload} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-3" aria-busy={!data}>
            {[
              ['Sponsored cost', data ? formatUsd(data.totals.costUsd) : null],
              ['Transactions', data ? formatNumber(data.totals.transactions) : null],
              ['Gas used', data ? formatNumber(data.totals.gasUsed) : null],
            ].map(([k, v]) => (
              <div key={k} className="rounded-xl border border-border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{k}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums">{v ?? <Skeleton className="h-8 w-24" />}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="daily-cost" className="rounded-xl border border-border bg-card p-4">
            <h3 id="daily-cost" className="mb-3 font-medium">
              Daily cost, last {days} days{' '}
              <span className="text-sm font-normal text-muted-foreground">(UTC, {policy.name})</span>
            </h3>
            {!filled ? (
              <Skeleton className="h-52 w-full" />
            ) : table ? (
              <div className="max-h-80 overflow-y-auto">
                <table className="w-full text-left text-sm" aria-label="Daily cost">
                  <thead className="sticky top-0 bg-card text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-1.5 font-medium">
                        Day
                      </th>
                      <th scope="col" className="py-1.5 text-right font-medium">
                        Transactions
                      </th>
                      <th scope="col" className="py-1.5 text-right font-medium">
                        Gas used
                      </th>
                      <th scope="col" className="py-1.5 text-right font-medium">
                        Cost
                      </th>
                    </tr>
                  </thead>
                  <tbody className="tabular-nums">
                    {[...filled].reverse().map((d) => (
                      <tr key={d.date} className="border-t border-border">
                        <td className="py-1.5">{d.date}</td>
                        <td className="py-1.5 text-right">{formatNumber(d.transactions)}</td>
                        <td className="py-1.5 text-right">{formatNumber(d.gasUsed)}</td>
                        <td className="py-1.5 text-right">{formatUsd(d.costUsd)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <CostChart days={filled} />
            )}
          </section>
        </>
      )}
    </div>
  );
}
