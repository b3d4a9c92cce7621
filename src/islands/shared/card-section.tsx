import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A titled card that is a named region (billing, ecosystem): a heading, an optional line under it, its content. */
export function CardSection({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Controls beside the title (right-aligned, wrapping under it on a phone). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('grid min-w-0 content-start gap-4 rounded-xl border border-border bg-card p-5', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="font-semibold">
            {title}
          </h2>
          {description && <div className="mt-1 text-sm text-muted-foreground">{description}</div>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
