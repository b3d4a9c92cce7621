import { useState, type SubmitEvent } from 'react';
import { Field, Notice, Submit, auth } from './form-ui';
import { authErrorMessage, passwordProblem } from './errors';

/** Sets the signed-in user's password, then calls `onDone`. */
export function NewPasswordForm({
  label = 'New password',
  submit = 'Save password',
  pending = false,
  onDone,
}: {
  label?: string;
  submit?: string;
  /** Keeps the button disabled (e.g. while the link is being checked). */
  pending?: boolean;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = String(new FormData(form).get('password') ?? '');
    const problem = passwordProblem(password);
    setPasswordError(problem);
    setError(null);
    if (problem) return;
    setBusy(true);
    try {
      const { client, lastRetryAfter } = await auth();
      const { error: updateError } = await client.auth.updateUser({ password });
      if (updateError) return setError(authErrorMessage(updateError, lastRetryAfter()));
      form.reset();
      onDone();
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
      {error && <Notice kind="error">{error}</Notice>}
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        hint="At least 8 characters. Any characters are fine."
        error={passwordError}
      />
      <Submit busy={busy || pending} busyLabel={pending ? 'Checking your link…' : 'Saving…'}>
        {submit}
      </Submit>
    </form>
  );
}
