import { AlertTriangle, Inbox, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { skeletonClassName } from './skeleton-class';

const ICONS = { empty: Inbox, error: AlertTriangle, 'not-found': SearchX } as const;

/** The empty, error and not-found states of a screen: what happened, and what to do next. */
export function StatePanel({
  kind,
  title,
  description,
  action,
  onRetry,
}: {
  kind: keyof typeof ICONS;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  onRetry?: () => void;
}) {
  const Icon = ICONS[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : undefined}
      className="flex flex-col items-center justify-center rounded-xl border border-dashed border-border px-6 py-14 text-center"
    >
      <div className="mb-3 flex h-10 w-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="h-5 w-5" aria-hidden />
      </div>
      <p className="font-medium">{title}</p>
      {description && <div className="mt-1 max-w-md text-sm text-muted-foreground">{description}</div>}
      {(action || onRetry) && (
        <div className="mt-4 flex gap-2">
          {onRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          )}
          {action}
        </div>
      )}
    </div>
  );
}

/**
 * A grey block standing in for content that is loading (same size as the content, so nothing shifts). It pulses
 * unless `still`: many blocks side by side pulse as one from their container (the list's skeleton rows do), since
 * every animated element costs the browser a style update in each frame the page draws while it loads.
 */
export function Skeleton({ className, still }: { className?: string; still?: boolean }) {
  return <span aria-hidden className={skeletonClassName(still, className)} />;
}
