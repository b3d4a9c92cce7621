import { AlertTriangle, X } from 'lucide-react';
import { useState } from 'react';
import { projectPath } from '../../shared/routes';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useProjectRoute } from '../../lib/use-project';
import { DISABLED_REASON, type Notice } from './types';

type WebhookNotice = Extract<Notice, { kind: 'webhook_disabled' }>;

/**
 * Webhooks the engine disabled (410 Gone, or 5 days of failures), for the project's owners and admins (docs/api.md
 * "Notices"): one dismissible banner each, linking to the webhook. Nothing for other roles, and nothing when the
 * notices cannot be read (the page's own content matters more than this banner's error).
 */
export function WebhookNotices({ mode }: { mode?: 'live' | 'test' }) {
  const route = useProjectRoute();
  const canSee = useCan('manage_project');
  const path = route && canSee ? `/projects/${route.projectId}/notices` : null;
  const { data } = useApiQuery<{ data: Notice[] }>(path);
  const [hidden, setHidden] = useState<string[]>([]);
  const notices = (data?.data ?? []).filter(
    (n): n is WebhookNotice => n.kind === 'webhook_disabled' && !hidden.includes(n.id) && (!mode || n.mode === mode),
  );
  if (!route || !path || !notices.length) return null;
  return (
    <div className={`grid gap-2 ${mode ? 'mb-4' : ''}`}>
      {notices.map((n) => (
        <div
          key={n.id}
          role="status"
          className="flex items-start gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">
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
          </p>
          <button
            type="button"
            aria-label={`Dismiss the notice about ${n.webhookUrl ?? 'a deleted webhook'}`}
            onClick={() => {
              setHidden((h) => [...h, n.id]);
              void apiWrite(`${path}/${n.id}/dismiss`, {
                method: 'POST',
                pending: 'Dismissing notice…',
                done: 'Notice dismissed',
                invalidate: [path],
              }).catch(() => setHidden((h) => h.filter((id) => id !== n.id)));
            }}
            className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded hover:bg-red-100 dark:hover:bg-red-900"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}
