import { Gauge, X } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import type { noticeSchema } from '../../shared/api/notices';
import { projectPath } from '../../shared/routes';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useProjectRoute } from '../../lib/use-project';
import { formatCount, formatUsd } from './format';

type Notice = z.infer<typeof noticeSchema>;
type UsageNotice = Extract<Notice, { kind: 'usage_threshold' }>;
const isUsage = (n: Notice): n is UsageNotice => n.kind === 'usage_threshold';

const monthName = (period: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-01T00:00:00Z`),
  );

/** What a crossed threshold means, in a sentence. */
function sentence(n: UsageNotice): string {
  return n.meter === 'operations'
    ? `${formatCount(n.used)} of ${formatCount(n.limit)} included operations used in ${monthName(n.period)}.`
    : `${formatUsd(n.used)} of the ${formatUsd(n.limit)} monthly gas budget sponsored in ${monthName(n.period)}.`;
}

/**
 * Usage thresholds crossed (docs/api.md "Usage alerts and spend caps"), for the project's owners and admins on the
 * overview and the billing page: one dismissible banner each. Nothing for other roles, and nothing when the notices
 * cannot be read (the page's own content matters more than this banner's error).
 */
export function UsageNotices({ linkToBilling = false }: { linkToBilling?: boolean }) {
  const route = useProjectRoute();
  const canSee = useCan('manage_project');
  const path = route && canSee ? `/projects/${route.projectId}/notices` : null;
  const { data } = useApiQuery<{ data: Notice[] }>(path);
  const [hidden, setHidden] = useState<string[]>([]);
  const notices = (data?.data ?? []).filter(isUsage).filter((n) => !hidden.includes(n.id));
  if (!route || !path || !notices.length) return null;
  return (
    <div className="grid gap-2">
      {notices.map((n) => {
        const what = n.meter === 'operations' ? 'of the included operations' : 'of the monthly gas budget';
        return (
          <div
            key={n.id}
            role="status"
            data-testid="usage-notice"
            className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <Gauge className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">
              <span className="font-medium">
                {n.threshold} % {what} reached.
              </span>{' '}
              {sentence(n)}
              {linkToBilling && (
                <>
                  {' '}
                  <a className="underline" href={projectPath(route.projectId, 'live', '/settings/billing')}>
                    Billing and alerts
                  </a>
                </>
              )}
            </p>
            <button
              type="button"
              aria-label={`Dismiss the notice about ${n.threshold} % ${what}`}
              onClick={() => {
                setHidden((h) => [...h, n.id]);
                void apiWrite(`${path}/${n.id}/dismiss`, {
                  method: 'POST',
                  pending: 'Dismissing notice…',
                  done: 'Notice dismissed',
                  invalidate: [path],
                }).catch(() => setHidden((h) => h.filter((id) => id !== n.id)));
              }}
              className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded hover:bg-amber-100 dark:hover:bg-amber-900"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        );
      })}
    </div>
  );
}
