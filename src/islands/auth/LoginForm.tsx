import { useEffect, useState, type SubmitEvent } from 'react';
import { Field, Notice, Submit, auth } from './form-ui';
import { authErrorMessage } from './errors';
import { safeRedirectPath } from '../../shared/safe-redirect';
import { openAfterSignIn } from '../../lib/open-after-sign-in';
import { needsMfaStep } from '../../shared/auth-storage';
import { storedSession } from '../../page-scripts/auth-gate';
import { useLocationSearch } from '../../lib/use-location-search';
import { loginNotices } from '../../shared/login-notices';
import { InviteSignInNotice } from './invite-sign-in';

type Step = 'password' | 'mfa';

/** /auth/login: email + password, then the TOTP code when the account has a verified factor. */
export default function LoginForm() {
  const [step, setStep] = useState<Step>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [factorId, setFactorId] = useState<string | null>(null);
  // Only our own messages are shown verbatim; any other `error` / `success` text becomes a generic message.
  const search = useLocationSearch();
  const notice = loginNotices(search);
  const inviteId = new URLSearchParams(search).get('invite');
  const target = () => {
    const query = new URLSearchParams(location.search);
    return safeRedirectPath(query.get('redirectTo') ?? query.get('from'));
  };

  async function startMfa(): Promise<boolean> {
    const { client } = await auth();
    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (!aal || aal.nextLevel !== 'aal2' || aal.currentLevel === 'aal2') return false;
    const { data: factors, error: listError } = await client.auth.mfa.listFactors();
    const factor = factors?.totp.find((f) => f.status === 'verified');
    if (listError || !factor) return false;
    setFactorId(factor.id);
    setStep('mfa');
    return true;
  }

  useEffect(() => {
    // A stored session that still owes the code (e.g. sent here by the dashboard gate) opens the code step.
    const stored = storedSession();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- its state changes after awaiting the auth server
    if (stored && needsMfaStep(stored)) void startMfa();
  }, []);

  async function onPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) return setError('Enter your email and password.');
    setBusy(true);
    setError(null);
    try {
      const { client, lastRetryAfter } = await auth();
      const { error: signInError } = await client.auth.signInWithPassword({ email, password });
      if (signInError) return setError(authErrorMessage(signInError, lastRetryAfter()));
      if (await startMfa()) return;
      await openAfterSignIn(target());
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) return setError('Enter the 6-digit code from your authenticator app.');
    if (!factorId) return;
    setBusy(true);
    setError(null);
    try {
      const { client, lastRetryAfter } = await auth();
      const { error: verifyError } = await client.auth.mfa.challengeAndVerify({ factorId, code });
      if (verifyError) return setError(authErrorMessage(verifyError, lastRetryAfter()));
      await openAfterSignIn(target());
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function cancelMfa() {
    const { client } = await auth();
    await client.auth.signOut({ scope: 'local' });
    setStep('password');
    setError(null);
  }

  return (
    <div className="mt-4 grid gap-4">
      <InviteSignInNotice inviteId={inviteId} />
      {notice.error && <Notice kind="error">{notice.error}</Notice>}
      {notice.success && <Notice kind="success">{notice.success}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      {step === 'password' ? (
        <form method="post" className="grid gap-4" onSubmit={onPassword} noValidate>
          <Field label="Email" name="email" type="email" autoComplete="email" required />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <div className="-mt-2 text-right text-sm">
            <a href="/auth/forgot-password" className="text-muted-foreground hover:underline">
              Forgot password?
            </a>
          </div>
          <Submit busy={busy} busyLabel="Signing in…">
            Sign in
          </Submit>
          <p className="text-center text-sm text-muted-foreground">
            No account yet?{' '}
            <a href="/auth/register" className="font-medium text-foreground hover:underline">
              Create an account
            </a>
          </p>
        </form>
      ) : (
        <form method="post" className="grid gap-4" onSubmit={onCode} noValidate>
          <p className="text-sm text-muted-foreground">Enter the 6-digit code from your authenticator app.</p>
          <Field
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            autoFocus
          />
          <Submit busy={busy} busyLabel="Verifying…">
            Verify
          </Submit>
          <button
            type="button"
            onClick={() => void cancelMfa()}
            className="text-sm text-muted-foreground hover:underline"
          >
            Use another account
          </button>
        </form>
      )}
    </div>
  );
}
