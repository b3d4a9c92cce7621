import { useState, type SubmitEvent } from 'react';
import type { Factor } from '@supabase/supabase-js';
import QRCode from 'qrcode';
import { supabase } from '../../lib/supabase';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Field, Submit } from '../auth/form-ui';
import { fail } from './auth-error-message';

interface Enrolment {
  id: string;
  secret: string;
  qr: string;
}

/** Adds an authenticator app: enroll → QR code and copyable secret → verify a code, then `onChange`. */
export function EnrollTotp({
  factors,
  onError,
  onChange,
}: {
  factors: Factor[];
  onError: (message: string | null) => void;
  onChange: () => Promise<void>;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);

  async function enroll(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const friendlyName =
      String(new FormData(event.currentTarget).get('friendly_name') ?? '').trim() || 'Authenticator app';
    setBusy(true);
    onError(null);
    // Drop an abandoned, never-verified enrolment first so the name stays free.
    for (const f of factors) if (f.status !== 'verified') await supabase().auth.mfa.unenroll({ factorId: f.id });
    const { data, error } = await supabase().auth.mfa.enroll({ factorType: 'totp', friendlyName });
    setBusy(false);
    if (error) return onError(fail(error));
    const qr = await QRCode.toDataURL(data.totp.uri, { margin: 1, width: 192 }).catch(() => data.totp.qr_code);
    setEnrolment({ id: data.id, secret: data.totp.secret, qr });
  }

  async function verify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) return onError('Enter the 6-digit code from your authenticator app.');
    setBusy(true);
    onError(null);
    const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId: enrolment.id, code });
    setBusy(false);
    if (error) return onError(fail(error));
    setEnrolment(null);
    toast.success('Two-factor authentication is on');
    await onChange();
  }

  async function cancel() {
    if (!enrolment) return;
    onError(null);
    setEnrolment(null);
    await supabase().auth.mfa.unenroll({ factorId: enrolment.id });
    await onChange();
  }

  if (!enrolment)
    return (
      <form className="flex flex-wrap items-end gap-3" onSubmit={enroll}>
        <Field
          label="Name for the new app"
          name="friendly_name"
          defaultValue="Authenticator app"
          maxLength={64}
          className="min-w-56 flex-1"
        />
        <Button type="submit" disabled={busy}>
          Add authenticator app
        </Button>
      </form>
    );

  return (
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
            void navigator.clipboard
              ?.writeText(enrolment.secret)
              .then(() => toast.success('Secret copied'))
              .catch(() => toast.error('Could not copy: select the secret and copy it by hand'))
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
        <Button variant="ghost" onClick={() => void cancel()} disabled={busy}>
          Cancel
        </Button>
      </form>
    </div>
  );
}
