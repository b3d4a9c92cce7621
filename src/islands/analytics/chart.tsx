import { Table2, LineChart } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/state-panel';
import { bucketLabel, type Bucket, type Columns } from './series';

/** A bucket's column heading and its plural in the chart's accessible name. */
const BUCKET_NAMES: Record<Bucket, [string, string]> = {
  hour: ['Hour (UTC)', 'hours'],
  day: ['Day (UTC)', 'days'],
  month: ['Month (UTC)', 'months'],
};

/** Performance mark set when a chart has drawn the data it was given; the measure runs from the data's arrival. */
export const CHART_DRAWN_MARK = 'dashboard:chart-drawn';
export const CHART_DRAW_MEASURE = 'dashboard:chart-draw';

const HEIGHT = 240;
const dark = typeof window === 'undefined' ? null : window.matchMedia('(prefers-color-scheme: dark)');
const subscribeScheme = (cb: () => void) => {
  dark?.addEventListener('change', cb);
  return () => dark?.removeEventListener('change', cb);
};

/**
 * The theme's colours, read once per colour scheme and ecosystem theme (the inline variables on the root): reading a
 * computed style after a chart has added its DOM forces a style recalculation, once per chart otherwise.
 */
let palette: { key: string; colors: Map<string, string> } | null = null;
function themeColor(name: string): string {
  const root = document.documentElement;
  const key = `${dark?.matches}|${root.className}|${root.getAttribute('style') ?? ''}`;
  if (palette?.key !== key) palette = { key, colors: new Map() };
  let color = palette.colors.get(name);
  if (color === undefined) {
    color = getComputedStyle(root).getPropertyValue(name).trim() || 'currentColor';
    palette.colors.set(name, color);
  }
  return color;
}

const number = new Intl.NumberFormat('en-US');
const formatNumber = (v: number) => number.format(v);

/**
 * A time-series chart (uPlot) with an accessible name, a legend that shows the hovered values, and a "table" toggle
 * with the same numbers. Colours come from the theme's `--chart-*` variables and follow the colour scheme.
 */
export function Chart({
  title,
  description,
  columns,
  bucket,
  arrivedAt,
  format = formatNumber,
}: {
  title: string;
  description?: string;
  columns: Columns | null;
  bucket: Bucket;
  /** `performance.now()` when this data arrived (the start of the draw measure). */
  arrivedAt: number;
  format?: (v: number) => string;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [table, setTable] = useState(false);
  const scheme = useSyncExternalStore(
    subscribeScheme,
    () => (dark?.matches ? 'dark' : 'light'),
    () => 'light',
  );

  useEffect(() => {
    const el = box.current;
    if (!el || !columns || table) return;
    // Each chart is built in a task of its own: three charts built in the effects of one render were one long task
    // (Lighthouse's TBT on the analytics page) for no earlier pixel (docs/decisions.md "Chunks").
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    const build = setTimeout(() => {
      const muted = themeColor('--muted-foreground');
      const border = themeColor('--border');
      const axis = { stroke: muted, grid: { stroke: border, width: 1 }, ticks: { stroke: border, width: 1 } };
      let drawn = false;
      let width = Math.max(el.clientWidth, 200);
      plot = new uPlot(
        {
          width,
          height: HEIGHT,
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
          axes: [
            { ...axis, values: (_u, ticks) => ticks.map((t) => bucketLabel(t, bucket)) },
            {
              ...axis,
              size: 60,
              // Counts tick at whole numbers only.
              ...(format === formatNumber
                ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 1e5, 1e6] }
                : {}),
              values: (_u, ticks) => ticks.map((t) => format(t)),
            },
          ],
          series: [
            {
              label: BUCKET_NAMES[bucket][0],
              value: (_u, v) => (v == null ? '—' : bucketLabel(v, bucket, true)),
            },
            ...columns.series.map((s, i) => ({
              label: s.label,
              stroke: themeColor(`--chart-${(i % 6) + 1}`),
              width: 2,
              points: { show: columns.x.length <= 31 },
              value: (_u: uPlot, v: number | null) => (v == null ? '—' : format(v)),
            })),
          ],
          cursor: { focus: { prox: 16 } },
          legend: { live: true },
          hooks: {
            draw: [
              () => {
                if (drawn) return;
                drawn = true;
                const name = `${CHART_DRAWN_MARK}:${title}`;
                performance.mark(name);
                performance.measure(`${CHART_DRAW_MEASURE}:${title}`, { start: arrivedAt, end: performance.now() });
                el.dataset.drawn = String(columns.x.length);
              },
            ],
          },
        },
        [columns.x, ...columns.series.map((s) => s.values)],
        el,
      );
      // A ResizeObserver reports the size it starts with too: only a new width redraws (not a second draw at once).
      resize = new ResizeObserver(() => {
        const now = Math.max(el.clientWidth, 200);
        if (now === width) return;
        width = now;
        plot?.setSize({ width, height: HEIGHT });
      });
      resize.observe(el);
    }, 0);
    return () => {
      clearTimeout(build);
      resize?.disconnect();
      plot?.destroy();
      delete el.dataset.drawn;
    };
  }, [columns, bucket, format, table, scheme, title, arrivedAt]);

  const total = columns?.series.map((s) => s.values.reduce((a, b) => a + b, 0));

  return (
    <figure aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <figcaption id={`${id}-title`} className="font-semibold">
            {title}
          </figcaption>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
          {columns && total && (
            <p className="mt-1 text-sm" data-testid="chart-totals">
              {columns.series.map((s, i) => (
                <span key={s.label} className="mr-3 inline-block">
                  <span className="text-muted-foreground">{s.label}:</span>{' '}
                  <span className="font-medium tabular-nums">{format(total[i]!)}</span>
                </span>
              ))}
            </p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={table}
          disabled={!columns}
          onClick={() => setTable((t) => !t)}
        >
          {table ? <LineChart className="h-4 w-4" aria-hidden /> : <Table2 className="h-4 w-4" aria-hidden />}
          {table ? 'Chart' : 'Table'}
        </Button>
      </div>
      {!columns ? (
        <Skeleton className="h-[274px] w-full" />
      ) : table ? (
        <div
          className="max-h-[274px] overflow-auto rounded-md border border-border"
          tabIndex={0}
          role="region"
          aria-label={`${title}: table`}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-card">
              <tr className="border-b border-border text-left">
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {BUCKET_NAMES[bucket][0]}
                </th>
                {columns.series.map((s) => (
                  <th key={s.label} scope="col" className="px-3 py-1.5 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {columns.x.map((t, i) => (
                <tr key={t} className="border-b border-border last:border-0">
                  <th scope="row" className="px-3 py-1 text-left font-normal whitespace-nowrap">
                    {bucketLabel(t, bucket, true)}
                  </th>
                  {columns.series.map((s) => (
                    <td key={s.label} className="px-3 py-1 text-right tabular-nums">
                      {format(s.values[i]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div
          ref={box}
          role="group"
          aria-label={`${title}: chart of ${columns.x.length} ${BUCKET_NAMES[bucket][1]}; the Table button shows the numbers`}
          className="chart min-h-[274px] w-full"
        />
      )}
    </figure>
  );
}
