import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/field';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toastOnNextPage } from '../../lib/toast';
import { cn } from '../../lib/cn';
import { projectPath, type Mode } from '../../shared/routes';
import type { User } from './types';

interface Entry {
  key: string;
  value: string;
}

interface Values {
  name: string;
  description: string;
  metadata: Entry[];
}

type Errors = Partial<Record<'name' | 'description' | 'metadata' | 'form', string>>;

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

function valuesOf(user?: User): Values {
  return {
    name: user?.name ?? '',
    description: user?.description ?? '',
    metadata: Object.entries(user?.metadata ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  };
}

/** The metadata rows as the API takes them (numbers stay numbers), or what is wrong with them. */
function metadataOf(entries: Entry[]): { value: Record<string, string | number> } | { error: string } {
  const out: Record<string, string | number> = {};
  for (const { key, value } of entries) {
    const k = key.trim();
    if (!k && !value) continue;
    if (!k) return { error: 'Every value needs a key.' };
    if (k.length > 40) return { error: `The key “${k.slice(0, 20)}…” is longer than 40 characters.` };
    if (k in out) return { error: `The key “${k}” is there twice.` };
    if (value.length > 500) return { error: `The value of “${k}” is longer than 500 characters.` };
    out[k] = NUMBER.test(value.trim()) ? Number(value.trim()) : value;
  }
  if (Object.keys(out).length > 50) return { error: 'At most 50 metadata keys.' };
  return { value: out };
}

interface Body {
  name: string | null;
  description: string | null;
  metadata: Record<string, string | number>;
}

/** What the form's initial values send (metadata as the API holds it). */
function bodyOf(v: Values): Body {
  const m = metadataOf(v.metadata);
  return {
    name: v.name.trim() || null,
    description: v.description.trim() || null,
    metadata: 'error' in m ? {} : m.value,
  };
}

/** The API's validation messages placed at the form's fields (the rest at the form). */
function errorsOf(e: ApiRequestError): Errors {
  const f = e.fieldErrors;
  const metadata = Object.entries(f).find(([k]) => k === 'metadata' || k.startsWith('metadata.'));
  const known: Errors = {
    name: f.name,
    description: f.description,
    metadata: metadata && (metadata[0] === 'metadata' ? metadata[1] : `${metadata[0].slice(9)}: ${metadata[1]}`),
  };
  return Object.values(known).some(Boolean) ? known : { form: e.message };
}

function MetadataEditor({
  entries,
  onChange,
  error,
}: {
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  error?: string;
}) {
  const id = useId();
  const set = (i: number, patch: Partial<Entry>) => onChange(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1.5 text-sm font-medium">Metadata</legend>
      {entries.map((e, i) => (
        <div key={i} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] gap-2">
          <input
            aria-label={`Key ${i + 1}`}
            className={inputClass}
            value={e.key}
            maxLength={40}
            placeholder="key"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onChange={(ev) => set(i, { key: ev.target.value })}
          />
          <input
            aria-label={`Value ${i + 1}`}
            className={inputClass}
            value={e.value}
            maxLength={500}
            placeholder="value"
            aria-invalid={error ? true : undefined}
            onChange={(ev) => set(i, { value: ev.target.value })}
          />
          <Button
            variant="ghost"
            size="toolbar"
            aria-label={`Remove ${e.key || `entry ${i + 1}`}`}
            onClick={() => onChange(entries.filter((_, j) => j !== i))}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...entries, { key: '', value: '' }])}>
          <Plus className="h-4 w-4" aria-hidden />
          Add a key
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Up to 50 keys your app reads back (e.g. level, tier). Values that are numbers are stored as numbers.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Name, description and metadata of a user; `submit` sends them (and throws the API's error). */
function UserFields({
  initial,
  submitLabel,
  notice,
  onSubmit,
}: {
  initial: Values;
  submitLabel: string;
  notice?: ReactNode;
  /** Gets every field, and which of them differ from `initial` (an edit sends only those). */
  onSubmit: (body: Body, changed: Partial<Body>) => Promise<void>;
}) {
  const [values, setValues] = useState(initial);
  // What the form opened with: a save sends what the user changed since (not what someone else changed meanwhile).
  const [start] = useState(() => bodyOf(initial));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const descriptionId = useId();

  async function submit() {
    const metadata = metadataOf(values.metadata);
    if ('error' in metadata) return setErrors({ metadata: metadata.error });
    setBusy(true);
    try {
      const body: Body = {
        name: values.name.trim() || null,
        description: values.description.trim() || null,
        metadata: metadata.value,
      };
      const changed: Partial<Body> = {
        ...(body.name === start.name ? {} : { name: body.name }),
        ...(body.description === start.description ? {} : { description: body.description }),
        ...(JSON.stringify(body.metadata) === JSON.stringify(start.metadata) ? {} : { metadata: body.metadata }),
      };
      await onSubmit(body, changed);
    } catch (e) {
      if (e instanceof ApiRequestError && e.status !== 409) setErrors(errorsOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field
        label="Name"
        name="name"
        value={values.name}
        maxLength={100}
        autoFocus
        autoComplete="off"
        placeholder="Ada Lovelace"
        error={errors.name}
        onChange={(e) => (setValues((v) => ({ ...v, name: e.target.value })), setErrors({}))}
      />
      <div className="grid gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium">
          Description
        </label>
        <textarea
          id={descriptionId}
          name="description"
          value={values.description}
          maxLength={500}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className={cn(inputClass, 'h-auto py-2')}
          onChange={(e) => (setValues((v) => ({ ...v, description: e.target.value })), setErrors({}))}
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="text-xs text-destructive">
            {errors.description}
          </p>
        )}
      </div>
      <MetadataEditor
        entries={values.metadata}
        error={errors.metadata}
        onChange={(metadata) => (setValues((v) => ({ ...v, metadata })), setErrors({}))}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      {notice}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Creates an unauthenticated user (no sign-in identity) and opens its page. */
export function CreateUserDialog({
  apiPath,
  projectId,
  mode,
  open,
  onOpenChange,
}: {
  apiPath: string;
  projectId: string;
  mode: Mode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a user"
      description="A user created here has no sign-in identity (an unauthenticated user): your backend acts for it, e.g. to give it a wallet."
    >
      <UserFields
        initial={valuesOf()}
        submitLabel="Create user"
        onSubmit={async (body) => {
          const user = await apiWrite<User>(`${apiPath}/users`, {
            method: 'POST',
            body: {
              ...(body.name ? { name: body.name } : {}),
              ...(body.description ? { description: body.description } : {}),
              metadata: body.metadata,
            },
            pending: 'Creating user…',
            done: `User “${body.name ?? 'Unnamed user'}” created`,
            invalidate: [`${apiPath}/users`, `${apiPath}/unauthenticated-users`],
          });
          toastOnNextPage('success', `User “${user.name ?? 'Unnamed user'}” created`);
          location.assign(projectPath(projectId, mode, `/users/${user.id}`));
        }}
      />
    </Dialog>
  );
}

/**
 * Edits name, description and metadata with the user's `version`, sending only the fields that changed: a stale edit
 * (409) says so, keeps what was typed and reloads the user, so saving again applies the changes to the latest version.
 */
export function EditUserDialog({
  user,
  path,
  listPath,
  reload,
  open,
  onOpenChange,
}: {
  user: User;
  path: string;
  listPath: string;
  reload: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [stale, setStale] = useState(false);
  // The version read after a conflict: the next save applies the changes to it (the page reloads it as well).
  const [latest, setLatest] = useState<number | null>(null);
  return (
    <Dialog open={open} onOpenChange={(o) => (onOpenChange(o), setStale(false), setLatest(null))} title="Edit user">
      <UserFields
        initial={valuesOf(user)}
        submitLabel="Save"
        notice={
          stale && (
            <div
              role="alert"
              className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            >
              This user was changed by someone else since you opened it. The latest version is loaded and your text is
              kept: save again to apply your changes to it (the fields you did not change keep their new values).
            </div>
          )
        }
        onSubmit={async (_, changed) => {
          if (!Object.keys(changed).length) return onOpenChange(false);
          try {
            await apiWrite<User>(path, {
              method: 'PATCH',
              body: { ...changed, version: Math.max(latest ?? 0, user.version) },
              pending: 'Saving user…',
              done: 'User saved',
              invalidate: [path, listPath],
            });
            setStale(false);
            onOpenChange(false);
          } catch (e) {
            if (e instanceof ApiRequestError && e.status === 409) {
              // Read the latest version before the form is free again, so that saving again cannot race the reload.
              const fresh = await apiRequest<User>(path).catch(() => null);
              if (fresh) setLatest(fresh.version);
              setStale(true);
              reload();
            }
            throw e;
          }
        }}
      />
    </Dialog>
  );
}
