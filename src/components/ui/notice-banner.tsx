import { X, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { noticeSchema } from '../../shared/api/notices';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useProjectRoute } from '../../lib/use-project';
import { cn } from '../../lib/cn';

type Notice = z.infer<typeof noticeSchema>;

/**
 * The project's notices of one kind for its owners and admins (docs/api.md "Notices"), less those dismissed here;
 * `dismiss` hides one at once and asks the API, and shows it again if the API refuses. Nothing for other roles, and
 * nothing when the notices cannot be read (the page's own content matters more than a banner's error).
 */
export function useProjectNotices<N extends Notice>(pick: (n: Notice) => n is N) {
  const route = useProjectRoute();
  const canSee = useCan('manage_project');
  const path = route && canSee ? `/projects/${route.projectId}/notices` : null;
  const { data } = useApiQuery<{ data: Notice[] }>(path);
  const [hidden, setHidden] = useState<string[]>([]);
  const notices = path ? (data?.data ?? []).filter(pick).filter((n) => !hidden.includes(n.id)) : [];
  const dismiss = (id: string) => {
    setHidden((h) => [...h, id]);
    void apiWrite(`${path}/${id}/dismiss`, {
      method: 'POST',
      pending: 'Dismissing notice…',
      done: 'Notice dismissed',
      invalidate: [path!],
    }).catch(() => setHidden((h) => h.filter((x) => x !== id)));
  };
  return { route, notices, dismiss };
}

const TONES = {
  red: {
    box: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    hover: 'hover:bg-red-100 dark:hover:bg-red-900',
  },
  amber: {
    box: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
    hover: 'hover:bg-amber-100 dark:hover:bg-amber-900',
  },
} as const;

/** One dismissible notice: its icon, its text, and the × that dismisses it (`dismissLabel` names what it is about). */
export function NoticeBanner({
  tone,
  icon: Icon,
  dismissLabel,
  onDismiss,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  dismissLabel: string;
  onDismiss: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      data-testid={testId}
      className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', TONES[tone].box)}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">{children}</p>
      <button
        type="button"
        aria-label={dismissLabel}
        onClick={onDismiss}
        className={cn('inline-flex h-6 w-6 shrink-0 items-center justify-center rounded', TONES[tone].hover)}
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
