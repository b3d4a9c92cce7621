import { useState, type ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath } from '../../lib/use-project';

// The frame every settings page shares (states, save bar, leave guard): src/islands/shared/settings-frame.tsx.
export { focusFirstInvalid, StaleNotice } from '../shared/settings-frame';

/** A settings answer of the API (docs/api.md "Authentication settings"). */
export interface SettingsAnswer<T> {
  kind: string;
  data: T;
  updatedAt: string;
  version: number;
}

/** Messages by API field path (`allowedOrigins.2`, `oauth.google.clientId`). */
export type FieldErrors = Record<string, string>;

/** A titled card of a settings page; a named region (its heading) for assistive technology and tests. */
export function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const slug = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <section aria-labelledby={`s-${slug}`} className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`s-${slug}`} className="font-semibold">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The message under a control, referenced by its `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  );
}

/**
 * One auth settings object of the page's project and mode, saved with its version. A save refused as stale
 * (409) keeps the form's text and waits for the reloaded version before it can be saved again.
 */
export function useAuthSettings<T>(segment: 'security' | 'providers' | 'email-templates' | 'smtp') {
  const modePath = useModePath();
  const path = modePath && `${modePath}/auth/${segment}`;
  const query = useApiQuery<SettingsAnswer<T>>(path);
  const [staleVersion, setStaleVersion] = useState<number | null>(null);
  const stale = staleVersion !== null && staleVersion === query.data?.version;

  /** Sends the patch; resolves with the new answer, or with the field errors (the toast already said why). */
  async function save(
    body: Record<string, unknown>,
    toasts: { pending: string; done: string },
  ): Promise<{ answer: SettingsAnswer<T> } | { errors: FieldErrors }> {
    try {
      const answer = await apiWrite<SettingsAnswer<T>>(path!, {
        method: 'PATCH',
        body: { ...body, version: query.data!.version },
        ...toasts,
        invalidate: [path!],
      });
      setStaleVersion(null);
      return { answer };
    } catch (e) {
      if (e instanceof ApiRequestError) {
        if (e.status === 409) {
          setStaleVersion(query.data!.version);
          return { errors: {} };
        }
        return { errors: e.fieldErrors };
      }
      return { errors: {} };
    }
  }
  return { ...query, path, stale, save };
}

/** Read-only notice for roles that cannot change auth settings. */
export function ReadOnlyNotice() {
  return (
    <p className="rounded-md border border-border bg-muted/40 p-3 text-sm text-muted-foreground">
      Only admins and owners can change authentication settings. You can read them.
    </p>
  );
}
