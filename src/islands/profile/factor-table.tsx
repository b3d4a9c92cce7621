import { useState, type SubmitEvent } from 'react';
import type { Factor } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../auth/form-ui';
import {
  FACTOR_NAMES_KEY,
  FACTOR_NAME_MAX,
  factorName,
  factorNameProblem,
  withFactorName,
  withoutFactorName,
} from './factor-names';
import { fail } from './auth-error-message';

/** The user's factors (name, type, status) with rename and remove. */
export function FactorTable({
  factors,
  names,
  onError,
  onChange,
}: {
  factors: Factor[];
  /** Renames kept in user metadata (see factor-names.ts). */
  names: Record<string, string>;
  onError: (message: string | null) => void;
  onChange: () => Promise<void>;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function rename(event: SubmitEvent<HTMLFormElement>, factor: Factor) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    const problem = factorNameProblem(name, factor.id, factors, names);
    setRenameError(problem);
    if (problem) return;
    setBusy(true);
    const next = withFactorName(
      names,
      factor.id,
      name,
      factors.map((f) => f.id),
    );
    const { error } = await supabase().auth.updateUser({ data: { [FACTOR_NAMES_KEY]: next } });
    setBusy(false);
    if (error) return setRenameError(fail(error));
    setRenaming(null);
    toast.success(`Renamed to "${name.trim()}"`);
    await onChange();
  }

  async function remove(factor: Factor) {
    onError(null);
    const { error } = await supabase().auth.mfa.unenroll({ factorId: factor.id });
    if (error) {
      onError(fail(error));
      throw error;
    }
    if (names[factor.id])
      await supabase().auth.updateUser({ data: { [FACTOR_NAMES_KEY]: withoutFactorName(names, factor.id) } });
    toast.success(`"${factorName(factor, names)}" removed`);
    await onChange();
  }

  return (
    <table className="w-full text-left text-sm">
      <thead className="text-muted-foreground">
        <tr>
          <th className="py-1 font-medium">Name</th>
          <th className="py-1 font-medium">Type</th>
          <th className="py-1 font-medium">Status</th>
          <th className="py-1">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {factors.map((f) => {
          const name = factorName(f, names);
          return (
            <tr key={f.id} className="border-t border-border align-top">
              <td className="py-2 pr-3">
                {renaming === f.id ? (
                  <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => void rename(e, f)} noValidate>
                    <Field
                      label={`New name for ${name}`}
                      name="name"
                      defaultValue={name}
                      maxLength={FACTOR_NAME_MAX}
                      autoFocus
                      error={renameError}
                      className="min-w-48 flex-1 [&>label]:sr-only"
                    />
                    <Button type="submit" size="sm" disabled={busy} className="mt-1">
                      Save name
                    </Button>
                    <Button size="sm" variant="ghost" className="mt-1" onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                  </form>
                ) : (
                  name
                )}
              </td>
              <td className="py-2 pr-3">{f.factor_type.toUpperCase()}</td>
              <td className="py-2 pr-3">{f.status}</td>
              <td className="py-2 text-right whitespace-nowrap">
                {renaming !== f.id && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Rename ${name}`}
                    onClick={() => {
                      setRenameError(null);
                      setRenaming(f.id);
                    }}
                  >
                    Rename
                  </Button>
                )}
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="outline" aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  }
                  title={`Remove "${name}"?`}
                  description={
                    f.status === 'verified'
                      ? 'Codes from this app will no longer be accepted. If it is your only factor, sign-in will ask for your password only.'
                      : 'This unfinished set-up will be discarded.'
                  }
                  confirmLabel="Remove"
                  destructive
                  onConfirm={() => remove(f)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
