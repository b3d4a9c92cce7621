import { Field } from '../../components/ui/field';
import { OAUTH_PROVIDERS, type OauthProvider } from '../../shared/auth-settings-rules';
import type { FieldErrors } from '../security/settings-form';
import { OAUTH_NAMES, type Draft, type ProvidersSettings } from './model';
import { SecretField } from './secret-field';
import { Switch } from './switch';

/** Sign in with Google, Apple, X, Discord, Facebook, Epic Games and LINE: a switch each, client id and secret. */
export function OauthProviders({
  draft,
  stored,
  errors,
  editable,
  formKey,
  setDraft,
}: {
  draft: Draft;
  stored: ProvidersSettings;
  errors: FieldErrors;
  editable: boolean;
  formKey: number;
  setDraft: (d: Draft) => void;
}) {
  const set = (p: OauthProvider, patch: Partial<Draft['oauth'][OauthProvider]>) =>
    setDraft({ ...draft, oauth: { ...draft.oauth, [p]: { ...draft.oauth[p], ...patch } } });
  return (
    <ul className="grid gap-3">
      {OAUTH_PROVIDERS.map((p) => {
        const o = draft.oauth[p];
        const name = OAUTH_NAMES[p];
        return (
          <li key={p} className="grid gap-3 rounded-md border border-border p-3" data-provider={p}>
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium">{name}</span>
              <Switch
                label={`Enable ${name}`}
                checked={o.enabled}
                disabled={!editable}
                onChange={(enabled) => set(p, { enabled })}
              />
            </div>
            {(o.enabled || stored.oauth[p].clientId) && (
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label={`${name} client ID`}
                  value={o.clientId}
                  readOnly={!editable}
                  autoComplete="off"
                  spellCheck={false}
                  error={errors[`oauth.${p}.clientId`]}
                  onChange={(e) => set(p, { clientId: e.target.value })}
                />
                <SecretField
                  key={formKey}
                  label={`${name} client secret`}
                  hint={stored.oauth[p].clientSecretHint}
                  value={o.secret}
                  error={errors[`oauth.${p}.clientSecret`]}
                  editable={editable}
                  onChange={(secret) => set(p, { secret })}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
