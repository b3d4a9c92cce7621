import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useMounted } from '../../lib/use-mounted';
import { supabase, lastRetryAfter } from '../../lib/supabase';

/** A labelled input; `error` is tied to it with aria-describedby. */
export function Field({
  label,
  error,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="h-10 w-full min-w-0 rounded-md border border-border bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary aria-[invalid=true]:border-destructive"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** An announced message: errors use role=alert, other notices role=status. */
export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        kind === 'error' && 'border-destructive/40 bg-destructive/10 text-destructive',
        kind === 'success' && 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
        kind === 'info' && 'border-border bg-muted',
      )}
    >
      {children}
    </div>
  );
}

/** The form's main button; shows `busyLabel` while working. */
export function Submit({ busy, children, busyLabel }: { busy?: boolean; children: ReactNode; busyLabel?: string }) {
  // Disabled until hydrated: a plain HTML submit would post the password to a static page. Its label stays legible
  // while disabled ("Signing in…": at 80 % opacity 4.5:1 in dark mode, 5:1 in light; at 60 % it was 3:1 in dark).
  const mounted = useMounted();
  return (
    <button
      type="submit"
      disabled={busy || !mounted}
      aria-busy={busy || undefined}
      className="inline-flex h-10 w-full items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition hover:opacity-90 disabled:cursor-wait disabled:opacity-80"
    >
      {busy ? (busyLabel ?? 'Please wait…') : children}
    </button>
  );
}

/**
 * The auth client and the last `Retry-After`. Loaded with the page (21 KB gzipped: supabase-js's auth client only),
 * so the first submit does not wait for a download; async to keep the call sites free to lazy-load it again.
 */
export async function auth() {
  return Promise.resolve({ client: supabase(), lastRetryAfter });
}
