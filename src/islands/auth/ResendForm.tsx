import type { SubmitEvent } from 'react';
import { Field, Notice, Submit } from './form-ui';
import { useEmailAction } from './use-email-action';

/** Sends a new signup confirmation email. */
export function ResendForm() {
  const { busy, error, sentTo, submit } = useEmailAction();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    await submit(email, (client) => client.auth.resend({ type: 'signup', email }));
  }

  if (sentTo)
    return (
      <Notice kind="success">If {sentTo} is waiting for confirmation, we sent it a new link. Check your inbox.</Notice>
    );
  return (
    <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Submit busy={busy} busyLabel="Sending…">
        Resend confirmation email
      </Submit>
    </form>
  );
}
