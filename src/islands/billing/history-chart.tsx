import { useMemo } from 'react';
import type { Billing } from '../../shared/api/billing';
import { Chart } from '../analytics/chart';
import type { Columns } from '../analytics/series';

/** When an answer first reached the page (`performance.now()`): the chart's draw measure starts there. */
const arrivals = new WeakMap<object, number>();
function arrivalOf(answer: object): number {
  if (!arrivals.has(answer)) arrivals.set(answer, performance.now());
  return arrivals.get(answer)!;
}

/** Twelve calendar months up to the current one, each at its first day (unix seconds, UTC), months without any as 0. */
export function monthColumns(history: Billing['history'], periodStart: string): Columns {
  const start = new Date(periodStart);
  const x: number[] = [];
  for (let i = 11; i >= 0; i--) x.push(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - i, 1) / 1000);
  const byMonth = new Map(history.map((h) => [h.month, h.operations]));
  const key = (s: number) => new Date(s * 1000).toISOString().slice(0, 7);
  return { x, series: [{ label: 'Operations', values: x.map((s) => byMonth.get(key(s)) ?? 0) }] };
}

/** Live-mode operations per month over the last year, drawn by the analytics screens' chart (uPlot). */
export function HistoryChart({ billing }: { billing: Billing | undefined }) {
  const columns = useMemo(() => (billing ? monthColumns(billing.history, billing.period.start) : null), [billing]);
  return (
    <Chart
      title="Monthly operations"
      description="Live-mode operations in each of the last 12 calendar months (UTC)."
      columns={columns}
      bucket="month"
      arrivedAt={billing ? arrivalOf(billing) : 0}
    />
  );
}
