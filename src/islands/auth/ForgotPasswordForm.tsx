import type { SubmitEvent } from 'react';
import { Field, Notice, Submit } from './form-ui';
import { useEmailAction } from './use-email-action';

/** /auth/forgot-password: sends a recovery email; the answer is the same whether or not the account exists. */
export default function ForgotPasswordForm() {
  const { busy, error, sentTo, submit } = useEmailAction();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    await submit(email, (client) =>
      client.auth.resetPasswordForEmail(email, { redirectTo: `${location.origin}/auth/reset-password` }),
    );
  }

  if (sentTo)
    return (
      <div className="mt-4 grid gap-4">
        <Notice kind="success">
          <strong className="block">Check your inbox</strong>
          If an account exists for {sentTo}, we sent it a link to choose a new password.
        </Notice>
        <a href="/auth/login" className="text-center text-sm hover:underline">
          Back to sign in
        </a>
      </div>
    );

  return (
    <form method="post" className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-muted-foreground">
        Enter your email and we will send you a link to choose a new password.
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Submit busy={busy} busyLabel="Sending…">
        Send reset link
      </Submit>
      <a href="/auth/login" className="text-center text-sm text-muted-foreground hover:underline">
        Back to sign in
      </a>
    </form>
  );
}
