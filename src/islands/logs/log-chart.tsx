import type { RequestLogStats } from '../../shared/api/request-logs';
import { useApiQuery } from '../../lib/use-api-query';
import { Skeleton } from '../../components/ui/state-panel';

/**
 * Requests and errors per bucket (a minute, wider for long ranges) of the list's time range, as bars: the requests
 * in the primary colour, the errors (status 400 and above) in red over them. The figures are also in the text beside
 * it (screen readers, and a reading without the picture).
 */
export function LogChart({ apiPath, from, to }: { apiPath: string; from: number; to: number }) {
  const path = `${apiPath}/stats?${new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString() })}`;
  const { data, error } = useApiQuery<RequestLogStats>(path);
  if (error) return <p className="text-sm text-muted-foreground">The chart could not be loaded: {error.message}</p>;
  if (!data) return <Skeleton className="h-24 w-full" />;
  const max = Math.max(1, ...data.points.map((p) => p.requests));
  const total = data.points.reduce((s, p) => s + p.requests, 0);
  const errors = data.points.reduce((s, p) => s + p.errors, 0);
  const w = 100 / Math.max(1, data.points.length);
  const per = data.bucketSeconds === 60 ? 'minute' : `${data.bucketSeconds / 60} minutes`;
  return (
    <figure className="grid gap-2 rounded-xl border border-border bg-card p-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Requests per {per}</span>
        <span className="text-muted-foreground" data-testid="log-chart-summary">
          {total.toLocaleString('en-US')} requests · {errors.toLocaleString('en-US')} errors
        </span>
      </figcaption>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-24 w-full" aria-hidden>
        {data.points.map((p, i) => (
          <g key={p.t}>
            {p.requests > 0 && (
              <rect
                x={i * w}
                width={Math.max(w * 0.8, 0.3)}
                y={40 - (p.requests / max) * 40}
                height={(p.requests / max) * 40}
                className="fill-primary/70"
              />
            )}
            {p.errors > 0 && (
              <rect
                x={i * w}
                width={Math.max(w * 0.8, 0.3)}
                y={40 - (p.errors / max) * 40}
                height={(p.errors / max) * 40}
                className="fill-red-500"
              />
            )}
          </g>
        ))}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{new Date(from).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}</span>
        <span>{new Date(to).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}</span>
      </div>
    </figure>
  );
}
