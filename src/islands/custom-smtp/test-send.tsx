import { useId, useState } from 'react';
import { CircleAlert, CircleCheck, Send } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { looksLikeEmail } from '../../shared/smtp-rules';
import type { SmtpTestResult } from '../../shared/api/smtp';
import { AUTH_STORAGE_KEY, readStoredSession } from '../../shared/auth-storage';
import { FieldError, type FieldErrors } from '../security/settings-form';

/** The signed-in user's address from the stored session (supabase-js stays out of this page's first load). */
function ownEmail(): string {
  try {
    return readStoredSession(localStorage.getItem(AUTH_STORAGE_KEY))?.email ?? '';
  } catch {
    return '';
  }
}

/**
 * "Send test email": the API sends the verification template with sample data through the saved settings
 * (`POST …/auth/smtp/test`). What went wrong is said here and at the settings field it concerns.
 */
export function TestSend({
  path,
  blocked,
  onFieldErrors,
}: {
  path: string;
  /** Why sending is not possible now (unsaved changes, nothing saved yet), or null. */
  blocked: string | null;
  onFieldErrors: (errors: FieldErrors) => void;
}) {
  const id = useId();
  // The signed-in user's own address by default. This renders only after the settings answered (never on the server).
  const [to, setTo] = useState(ownEmail);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SmtpTestResult | null>(null);

  async function send() {
    const address = to.trim();
    if (!looksLikeEmail(address)) return setError('Expected an email address such as you@example.com');
    setError(undefined);
    setBusy(true);
    setResult(null);
    try {
      const r = await apiRequest<SmtpTestResult>(`${path}/test`, { method: 'POST', body: { to: address } });
      setResult(r);
      onFieldErrors(!r.ok && r.field && r.field !== 'to' ? { [r.field]: r.message } : {});
      if (!r.ok && r.field === 'to') setError(r.message);
    } catch (e) {
      if (e instanceof ApiRequestError) {
        const { to: toError, ...rest } = e.fieldErrors;
        if (toError) setError(toError);
        onFieldErrors(rest);
        setResult({ ok: false, message: e.message, to: address });
      } else setResult({ ok: false, message: 'The test email could not be sent: check your connection', to: address });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5 sm:max-w-md">
        <label htmlFor={id} className="text-sm font-medium">
          Send to
        </label>
        <div className="flex flex-wrap items-start gap-2">
          <input
            id={id}
            type="email"
            autoComplete="email"
            className={`${inputClass} min-w-56 flex-1`}
            value={to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setTo(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (!busy && !blocked) void send();
              }
            }}
          />
          <Button variant="outline" disabled={busy || blocked !== null} onClick={() => void send()}>
            <Send aria-hidden className="size-4" />
            {busy ? 'Sending…' : 'Send test email'}
          </Button>
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      {blocked && <p className="text-sm text-muted-foreground">{blocked}</p>}
      <div role="status" className="text-sm">
        {result && (
          <p
            data-test-result={result.ok ? 'ok' : 'failed'}
            className={`flex items-start gap-1.5 ${result.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}
          >
            {result.ok ? (
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            )}
            <span className="min-w-0 break-words">
              {result.ok ? `Sent to ${result.to}: “${result.subject}”. Check that inbox.` : result.message}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
