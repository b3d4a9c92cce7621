import { useState, type SubmitEvent } from 'react';
import type { User } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';
import { toast } from '../../lib/toast';
import { Field, Notice, Submit } from '../auth/form-ui';
import { fail } from './auth-error-message';

/** First and last name (user metadata) and the read-only sign-in email. */
export function NameForm({ user }: { user: User }) {
  const meta = user.user_metadata as Record<string, unknown>;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const data = {
      first_name: String(form.get('first_name') ?? '').trim(),
      last_name: String(form.get('last_name') ?? '').trim(),
    };
    setBusy(true);
    setError(null);
    const { error: updateError } = await supabase().auth.updateUser({ data });
    setBusy(false);
    if (updateError) return setError(fail(updateError));
    toast.success('Name saved');
  }
  return (
    <form className="grid gap-4 sm:max-w-md" onSubmit={onSubmit}>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="First name"
          name="first_name"
          autoComplete="given-name"
          maxLength={100}
          defaultValue={String(meta.first_name ?? '')}
        />
        <Field
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          maxLength={100}
          defaultValue={String(meta.last_name ?? '')}
        />
      </div>
      <Field
        label="Email"
        name="email"
        type="email"
        value={user.email ?? ''}
        readOnly
        hint="The address you sign in with."
      />
      <div>
        <Submit busy={busy} busyLabel="Saving…">
          Save
        </Submit>
      </div>
    </form>
  );
}
