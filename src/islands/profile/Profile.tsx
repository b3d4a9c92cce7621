import { useCallback, useEffect, useState, type SubmitEvent, type ReactNode } from 'react';
import type { Factor, User } from '@supabase/supabase-js';
import QRCode from 'qrcode';
import { supabase, lastRetryAfter } from '../../lib/supabase';
import { startSession, $user } from '../../stores/session';
import { Field, Notice, Submit } from '../auth/form-ui';
import { authErrorMessage } from '../auth/errors';
import { NewPasswordForm } from '../auth/NewPasswordForm';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';

function Card({ title, children, description }: { title: string; description?: string; children: ReactNode }) {
  const id = `profile-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border border-border bg-card p-6">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

const fail = (e: unknown) => authErrorMessage(e, lastRetryAfter());

function NameForm({ user }: { user: User }) {
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
          defaultValue={String(meta.first_name ?? '')}
        />
        <Field
          label="Last name"
          name="last_name"
          autoComplete="family-name"
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

interface Enrolment {
  id: string;
  secret: string;
  qr: string;
}

function Mfa() {
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const { data, error: listError } = await supabase().auth.mfa.listFactors();
    if (listError) return setError(fail(listError));
    setFactors(data.all);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function enroll(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const friendlyName =
      String(new FormData(event.currentTarget).get('friendly_name') ?? '').trim() || 'Authenticator app';
    setBusy(true);
    setError(null);
    // Drop an abandoned, never-verified enrolment first so the name stays free.
    for (const f of factors ?? []) if (f.status !== 'verified') await supabase().auth.mfa.unenroll({ factorId: f.id });
    const { data, error: enrollError } = await supabase().auth.mfa.enroll({ factorType: 'totp', friendlyName });
    setBusy(false);
    if (enrollError) return setError(fail(enrollError));
    const qr = await QRCode.toDataURL(data.totp.uri, { margin: 1, width: 192 }).catch(() => data.totp.qr_code);
    setEnrolment({ id: data.id, secret: data.totp.secret, qr });
  }

  async function verify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) return setError('Enter the 6-digit code from your authenticator app.');
    setBusy(true);
    setError(null);
    const { error: verifyError } = await supabase().auth.mfa.challengeAndVerify({ factorId: enrolment.id, code });
    setBusy(false);
    if (verifyError) return setError(fail(verifyError));
    setEnrolment(null);
    toast.success('Two-factor authentication is on');
    await load();
  }

  async function remove(factor: Factor) {
    if (!confirm(`Remove "${factor.friendly_name ?? factor.factor_type}"?`)) return;
    setError(null);
    const { error: removeError } = await supabase().auth.mfa.unenroll({ factorId: factor.id });
    if (removeError) return setError(fail(removeError));
    toast.success('Factor removed');
    await load();
  }

  const verified = factors?.filter((f) => f.status === 'verified') ?? [];
  return (
    <Card title="Two-factor authentication" description="Ask for a code from an authenticator app when you sign in.">
      {error && <Notice kind="error">{error}</Notice>}
      {factors === null ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : verified.length === 0 ? (
        <p className="text-sm text-muted-foreground">No authenticator app is set up.</p>
      ) : (
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
            {verified.map((f) => (
              <tr key={f.id} className="border-t border-border">
                <td className="py-2">{f.friendly_name ?? '—'}</td>
                <td className="py-2">{f.factor_type.toUpperCase()}</td>
                <td className="py-2">{f.status}</td>
                <td className="py-2 text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void remove(f)}
                    aria-label={`Remove ${f.friendly_name ?? f.factor_type}`}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {enrolment ? (
        <div className="grid gap-4 sm:max-w-md">
          <p className="text-sm">Scan this QR code with your authenticator app, or enter the secret by hand.</p>
          <img
            src={enrolment.qr}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="rounded bg-white p-2"
          />
          <div className="flex items-center gap-2">
            <code
              aria-label="Secret"
              className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs"
              data-testid="totp-secret"
            >
              {enrolment.secret}
            </code>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void navigator.clipboard?.writeText(enrolment.secret).then(() => toast.success('Secret copied'))
              }
            >
              Copy secret
            </Button>
          </div>
          <form className="grid gap-3" onSubmit={verify} noValidate>
            <Field
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
            />
            <Submit busy={busy} busyLabel="Verifying…">
              Verify and turn on
            </Submit>
          </form>
        </div>
      ) : (
        <form className="flex flex-wrap items-end gap-3" onSubmit={enroll}>
          <Field
            label="Name for the new app"
            name="friendly_name"
            defaultValue="Authenticator app"
            className="min-w-56 flex-1"
          />
          <Button type="submit" disabled={busy}>
            Add authenticator app
          </Button>
        </form>
      )}
    </Card>
  );
}

/** /profile: account details, password, MFA factors and sessions. */
export default function Profile() {
  const [user, setUser] = useState<User | null | undefined>(undefined);

  useEffect(() => {
    startSession();
    return $user.subscribe(setUser);
  }, []);

  async function signOut(scope: 'local' | 'global') {
    const { error } = await supabase().auth.signOut({ scope });
    if (error) toast.error(fail(error));
    location.assign('/auth/login');
  }

  if (!user) return <p className="text-sm text-muted-foreground">Loading your profile…</p>;
  return (
    <div className="grid gap-6">
      <Card title="Account">
        <NameForm user={user} />
      </Card>
      <Card title="Password" description="8 to 72 characters. Changing it signs out your other sessions.">
        <div className="sm:max-w-md">
          <NewPasswordForm submit="Change password" onDone={() => toast.success('Password changed')} />
        </div>
      </Card>
      <Mfa />
      <Card title="Sessions">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => void signOut('local')}>
            Sign out
          </Button>
          <Button variant="destructive" onClick={() => void signOut('global')}>
            Sign out of every device
          </Button>
        </div>
      </Card>
    </div>
  );
}
