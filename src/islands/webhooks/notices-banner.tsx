import { AlertTriangle } from 'lucide-react';
import { projectPath } from '../../shared/routes';
import { NoticeBanner, useProjectNotices } from '../../components/ui/notice-banner';
import { DISABLED_REASON, type Notice } from './types';

type WebhookNotice = Extract<Notice, { kind: 'webhook_disabled' }>;
const isWebhookNotice = (n: Notice): n is WebhookNotice => n.kind === 'webhook_disabled';

/**
 * Webhooks the engine disabled (410 Gone, or 5 days of failures), for the project's owners and admins (docs/api.md
 * "Notices"): one dismissible banner each, linking to the webhook.
 */
export function WebhookNotices({ mode }: { mode?: 'live' | 'test' }) {
  const { route, notices: all, dismiss } = useProjectNotices(isWebhookNotice);
  const notices = all.filter((n) => !mode || n.mode === mode);
  if (!route || !notices.length) return null;
  return (
    <div className={`grid gap-2 ${mode ? 'mb-4' : ''}`}>
      {notices.map((n) => (
        <NoticeBanner
          key={n.id}
          tone="red"
          icon={AlertTriangle}
          dismissLabel={`Dismiss the notice about ${n.webhookUrl ?? 'a deleted webhook'}`}
          onDismiss={() => dismiss(n.id)}
        >
          <span className="font-medium">A {n.mode} webhook was disabled</span> because {DISABLED_REASON[n.reason]}:{' '}
          {n.webhookUrl === null ? (
            'it has been deleted since.'
          ) : (
            <>
              <a
                className="font-mono text-xs break-all underline"
                href={projectPath(route.projectId, n.mode, `/webhooks/${n.webhookId}`)}
              >
                {n.webhookUrl}
              </a>
              . Fix the endpoint, then enable it again on its page.
            </>
          )}
        </NoticeBanner>
      ))}
    </div>
  );
}
