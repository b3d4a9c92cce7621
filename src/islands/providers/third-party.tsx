import { useState } from 'react';
import { CircleAlert, CircleCheck, ShieldCheck } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { THIRD_PARTY_FIELDS, THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '../../shared/auth-settings-rules';
import type { FieldErrors } from '../security/settings-form';
import { isSecretField, THIRD_PARTY_LABELS, THIRD_PARTY_NAMES, type Draft, type ProvidersSettings } from './model';
import { SecretField } from './secret-field';

/** "Check configuration" of an OIDC provider: the API fetches the JWKS URL (never the browser) and says if it parses. */
function JwksCheck({ path, jwksUrl, onRefused }: { path: string; jwksUrl: string; onRefused: (m: string) => void }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function check() {
    setBusy(true);
    setResult(null);
    try {
      setResult(
        await apiRequest<{ ok: boolean; message: string }>(`${path}/check-jwks`, {
          method: 'POST',
          body: { jwksUrl: jwksUrl.trim() },
        }),
      );
    } catch (e) {
      if (e instanceof ApiRequestError && e.fieldErrors.jwksUrl) onRefused(e.fieldErrors.jwksUrl);
      else setResult({ ok: false, message: e instanceof ApiRequestError ? e.message : 'The check could not run' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-2">
      <div>
        <Button variant="outline" size="sm" disabled={busy || !jwksUrl.trim()} onClick={() => void check()}>
          <ShieldCheck aria-hidden className="size-4" />
          {busy ? 'Checking…' : 'Check configuration'}
        </Button>
      </div>
      <p role="status" className="text-sm">
        {result && (
          <span
            className={`inline-flex items-center gap-1.5 ${result.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}
          >
            {result.ok ? (
              <CircleCheck aria-hidden className="size-4" />
            ) : (
              <CircleAlert aria-hidden className="size-4" />
            )}
            {result.message}
          </span>
        )}
      </p>
    </div>
  );
}

/** Third-party auth: one provider whose tokens sign users in, with its own fields. */
export function ThirdParty({
  draft,
  stored,
  errors,
  editable,
  path,
  formKey,
  setDraft,
  setError,
}: {
  draft: Draft;
  stored: ProvidersSettings;
  errors: FieldErrors;
  editable: boolean;
  path: string;
  formKey: number;
  setDraft: (d: Draft) => void;
  setError: (path: string, message: string) => void;
}) {
  const set = (field: string, value: string) =>
    setDraft({ ...draft, thirdParty: { ...draft.thirdParty, [field]: value } });
  return (
    <div className="grid gap-4">
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor="third-party-provider" className="text-sm font-medium">
          Provider
        </label>
        <select
          id="third-party-provider"
          className={inputClass}
          value={draft.provider}
          disabled={!editable}
          onChange={(e) => setDraft({ ...draft, provider: e.target.value as ThirdPartyProvider | '' })}
        >
          <option value="">None</option>
          {THIRD_PARTY_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {THIRD_PARTY_NAMES[p]}
            </option>
          ))}
        </select>
      </div>
      {draft.provider && (
        <div className="grid gap-4 sm:grid-cols-2">
          {THIRD_PARTY_FIELDS[draft.provider].map((f) =>
            isSecretField(f) ? (
              <SecretField
                key={`${formKey}-${f}`}
                label={THIRD_PARTY_LABELS[f]!}
                hint={stored.thirdParty[`${f}Hint`] ?? null}
                value={draft.thirdParty[f] ?? ''}
                error={errors[`thirdParty.${f}`]}
                editable={editable}
                onChange={(v) => set(f, v)}
              />
            ) : (
              <Field
                key={f}
                label={THIRD_PARTY_LABELS[f]!}
                value={draft.thirdParty[f] ?? ''}
                readOnly={!editable}
                error={errors[`thirdParty.${f}`]}
                autoComplete="off"
                spellCheck={false}
                inputMode={/Url|endpoint/.test(f) ? 'url' : undefined}
                onChange={(e) => set(f, e.target.value)}
              />
            ),
          )}
        </div>
      )}
      {draft.provider === 'oidc' && editable && (
        <JwksCheck
          path={path}
          jwksUrl={draft.thirdParty.jwksUrl ?? ''}
          onRefused={(m) => setError('thirdParty.jwksUrl', m)}
        />
      )}
    </div>
  );
}
