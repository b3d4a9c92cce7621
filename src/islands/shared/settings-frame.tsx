import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { RotateCw, Save, Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import type { ApiRequestError } from '../../lib/api-client';
import { holdUnsavedChanges } from '../../lib/unsaved-changes';

/**
 * The one frame of every settings page (security, providers, email templates, custom SMTP, ecosystem, project
 * settings): its loading, error and not-found states (`SettingsLoad`), and the form with the read-only notice, the
 * "changed by someone else" notice, the save bar ("Unsaved changes", discard, save) and the guard that asks before
 * leaving with unsaved changes (`SettingsForm`, src/lib/unsaved-changes.ts).
 */

/** While `dirty`, leaving the page asks first (links, the palette, the mode switch, closing the tab). */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => (dirty ? holdUnsavedChanges() : undefined), [dirty]);
}

/**
 * A form's text and the value it was loaded or last saved with: `dirty` while they differ (compared as JSON), `reset`
 * after a save or a discard.
 */
export function useDraft<T>(initial: () => T) {
  const [draft, setDraft] = useState<T>(initial);
  const [base, setBase] = useState<T>(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(base);
  const reset = (to: T) => (setDraft(to), setBase(to));
  return { draft, setDraft, base, dirty, reset };
}

/**
 * Loading (skeletons of the page's cards), not found (no such project, or not a member) and error (with retry)
 * of a settings page; `children` once the answer is there.
 */
export function SettingsLoad({
  error,
  ready,
  reload,
  what,
  children,
}: {
  error: ApiRequestError | undefined;
  /** The answer (and whatever else the form needs, such as the user's role) is there. */
  ready: boolean;
  reload: () => void;
  /** What the page loads, for the error's title: "Could not load the {what}". */
  what: string;
  children: () => ReactNode;
}) {
  if (error)
    return error.notFound ? (
      <StatePanel kind="not-found" title="No such project" description="It does not exist, or you are not a member." />
    ) : (
      <StatePanel kind="error" title={`Could not load the ${what}`} description={error.message} onRetry={reload} />
    );
  if (!ready)
    return (
      <div className="grid gap-6" aria-busy="true" aria-label={`Loading the ${what}`}>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  return <>{children()}</>;
}

/** "Changed by someone else": the text stays, reload brings the latest version, then saving works again. */
export function StaleNotice({ what = 'These settings were', onReload }: { what?: string; onReload: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      {what} changed by someone else after you opened this page. What you typed is kept: reload the latest version, then
      save again.
      <button type="button" className="inline-flex items-center gap-1 font-medium underline" onClick={onReload}>
        <RotateCw aria-hidden className="size-3.5" />
        Reload
      </button>
    </div>
  );
}

/** Moves focus to the first control marked invalid (after the errors have rendered). */
export function focusFirstInvalid(form: HTMLElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * A settings form: its sections, then the stale notice, a form-wide message and the sticky save bar for those who
 * may edit (others get `readOnly` above the sections instead). Holds the leave guard while `dirty`.
 */
export function SettingsForm({
  label,
  dirty,
  busy,
  stale,
  canEdit,
  saveLabel,
  readOnly,
  staleWhat,
  formError,
  formRef,
  sticky = true,
  onSave,
  onDiscard,
  onReload,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  dirty: boolean;
  busy: boolean;
  stale: boolean;
  canEdit: boolean;
  saveLabel: string;
  /** Shown above the sections to those who cannot edit. */
  readOnly?: ReactNode;
  staleWhat?: string;
  formError?: string;
  formRef?: RefObject<HTMLFormElement | null>;
  /** The save bar sticks to the bottom of the window (a page-long form) or follows the fields (a small one). */
  sticky?: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onReload: () => void;
  children: ReactNode;
}) {
  const own = useRef<HTMLFormElement>(null);
  useUnsavedChanges(canEdit && dirty);
  return (
    <form
      ref={formRef ?? own}
      noValidate
      aria-label={label}
      className={sticky ? 'grid gap-6' : 'grid gap-3'}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && !stale) onSave();
      }}
    >
      {!canEdit && readOnly}
      {children}
      {stale && <StaleNotice what={staleWhat} onReload={onReload} />}
      {formError && <p className="text-sm text-destructive">{formError}</p>}
      {canEdit && (
        <SaveBar dirty={dirty} busy={busy} stale={stale} sticky={sticky} saveLabel={saveLabel} onDiscard={onDiscard} />
      )}
    </form>
  );
}

/** The sticky bar at the bottom of a settings form: what is unsaved, discard and save. */
export function SaveBar({
  dirty,
  busy,
  stale,
  sticky = true,
  saveLabel,
  onDiscard,
}: {
  dirty: boolean;
  busy: boolean;
  stale: boolean;
  sticky?: boolean;
  saveLabel: string;
  onDiscard: () => void;
}) {
  return (
    <div
      data-testid="save-bar"
      className={
        sticky
          ? 'sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur md:mx-0 md:rounded-xl md:border'
          : 'flex flex-wrap items-center gap-3'
      }
    >
      <p className={`text-sm text-muted-foreground ${sticky ? 'mr-auto' : 'order-last'}`} role="status">
        {dirty ? (
          <span className="inline-flex items-center gap-2 font-medium text-foreground">
            <span aria-hidden className="size-2 rounded-full bg-amber-500" />
            Unsaved changes
          </span>
        ) : (
          'All changes saved'
        )}
      </p>
      <Button variant="outline" size={sticky ? 'md' : 'sm'} disabled={!dirty || busy} onClick={onDiscard}>
        <Undo2 aria-hidden className="size-4" /> Discard changes
      </Button>
      <Button type="submit" size={sticky ? 'md' : 'sm'} disabled={!dirty || busy || stale}>
        <Save aria-hidden className="size-4" /> {saveLabel}
      </Button>
    </div>
  );
}
