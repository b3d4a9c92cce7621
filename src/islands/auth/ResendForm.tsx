import { useState, type FormEvent } from 'react';
import { Field, Notice, Submit, auth } from './form-ui';
import { authErrorMessage } from './errors';

/** Sends a new signup confirmation email. */
export function ResendForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setError(null);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return setError('Enter a valid email address.');
    setBusy(true);
    try {
      const { client, lastRetryAfter } = await auth();
      const { error: resendError } = await client.auth.resend({ type: 'signup', email });
      if (resendError) return setError(authErrorMessage(resendError, lastRetryAfter()));
      setSentTo(email);
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
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
