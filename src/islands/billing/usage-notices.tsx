import { Gauge } from 'lucide-react';
import type { z } from 'zod';
import type { noticeSchema } from '../../shared/api/notices';
import { projectPath } from '../../shared/routes';
import { NoticeBanner, useProjectNotices } from '../../components/ui/notice-banner';
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
 * overview and the billing page: one dismissible banner each.
 */
export function UsageNotices({ linkToBilling = false }: { linkToBilling?: boolean }) {
  const { route, notices, dismiss } = useProjectNotices(isUsage);
  if (!route || !notices.length) return null;
  return (
    <div className="grid gap-2">
      {notices.map((n) => {
        const what = n.meter === 'operations' ? 'of the included operations' : 'of the monthly gas budget';
        return (
          <NoticeBanner
            key={n.id}
            tone="amber"
            icon={Gauge}
            testId="usage-notice"
            dismissLabel={`Dismiss the notice about ${n.threshold} % ${what}`}
            onDismiss={() => dismiss(n.id)}
          >
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
          </NoticeBanner>
        );
      })}
    </div>
  );
}
