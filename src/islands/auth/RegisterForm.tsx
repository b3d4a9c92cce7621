import { useState, type SubmitEvent } from 'react';
import { Field, Notice, Submit } from './form-ui';
import { useEmailAction } from './use-email-action';
import { passwordProblem } from './errors';

/** /auth/register: email + password, then "check your inbox". */
export default function RegisterForm() {
  const { busy, error, setError, sentTo, submit } = useEmailAction();
  const [passwordError, setPasswordError] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const problem = passwordProblem(password);
    setPasswordError(problem);
    if (problem) return setError(null);
    await submit(email, (client) => client.auth.signUp({ email, password }));
  }

  if (sentTo)
    return (
      <div className="mt-4 grid gap-4">
        <Notice kind="success">
          <strong className="block">Check your inbox</strong>
          We sent a confirmation link to {sentTo}. Open it to finish creating your account.
        </Notice>
        <a href="/auth/login" className="text-center text-sm hover:underline">
          Back to sign in
        </a>
      </div>
    );

  return (
    <form method="post" className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate>
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        hint="At least 8 characters. Any characters are fine."
        error={passwordError}
      />
      <Submit busy={busy} busyLabel="Creating your account…">
        Create account
      </Submit>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <a href="/auth/login" className="font-medium text-foreground hover:underline">
          Sign in
        </a>
      </p>
    </form>
  );
}
