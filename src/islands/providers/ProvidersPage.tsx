import { useRef, useState, type ReactNode } from 'react';
import { Field, inputClass } from '../../components/ui/field';
import { useCan } from '../../lib/use-project';
import { SMS_PROVIDERS } from '../../shared/auth-settings-rules';
import {
  FieldError,
  ReadOnlyNotice,
  Section,
  useAuthSettings,
  type FieldErrors,
  type SettingsAnswer,
} from '../security/settings-form';
import { focusFirstInvalid, SettingsForm, SettingsLoad } from '../shared/settings-frame';
import { SMS_NAMES, toBody, toDraft, validate, type Draft, type ProvidersSettings } from './model';
import { OauthProviders } from './oauth';
import { Switch } from './switch';
import { ThirdParty } from './third-party';

/** A provider's heading row with its switch; its fields under it while it is on. */
function ProviderCard({
  title,
  description,
  enabled,
  editable,
  onToggle,
  children,
}: {
  title: string;
  description: string;
  enabled: boolean;
  editable: boolean;
  onToggle: (on: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <Section
      title={title}
      description={description}
      action={<Switch label={`Enable ${title}`} checked={enabled} disabled={!editable} onChange={onToggle} />}
    >
      {enabled && children}
    </Section>
  );
}

function ProvidersForm({
  answer,
  path,
  stale,
  reload,
  save,
}: {
  answer: SettingsAnswer<ProvidersSettings>;
  path: string;
  stale: boolean;
  reload: () => void;
  save: ReturnType<typeof useAuthSettings<ProvidersSettings>>['save'];
}) {
  const canEdit = useCan('manage_auth');
  const [draft, setDraft] = useState<Draft>(() => toDraft(answer.data));
  // The stored secrets' hints come from the last answer saved or loaded.
  const [stored, setStored] = useState(answer.data);
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const d = draft;
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(stored));

  async function submit() {
    const local = validate(draft, stored);
    setErrors(local);
    if (Object.keys(local).length) return focusFirstInvalid(form.current);
    setBusy(true);
    const result = await save(toBody(draft), { pending: 'Saving providers…', done: 'Providers saved' });
    setBusy(false);
    if ('answer' in result) {
      setStored(result.answer.data);
      setDraft(toDraft(result.answer.data));
      setFormKey((k) => k + 1);
    } else {
      setErrors(result.errors);
      focusFirstInvalid(form.current);
    }
  }

  return (
    <SettingsForm
      label="Providers"
      formRef={form}
      dirty={dirty}
      busy={busy}
      stale={stale}
      canEdit={canEdit}
      saveLabel="Save providers"
      readOnly={<ReadOnlyNotice />}
      onSave={() => void submit()}
      onDiscard={() => (setDraft(toDraft(stored)), setErrors({}), setFormKey((k) => k + 1))}
      onReload={reload}
    >
      <ProviderCard
        title="Email and password"
        description="Users sign up with an email address and a password, or a one-time code by email."
        enabled={d.email.enabled}
        editable={canEdit}
        onToggle={(enabled) => setDraft({ ...d, email: { ...d.email, enabled } })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Minimum password length"
            type="number"
            inputMode="numeric"
            value={d.email.passwordMinLength}
            readOnly={!canEdit}
            error={errors['email.passwordMinLength']}
            onChange={(e) => setDraft({ ...d, email: { ...d.email, passwordMinLength: e.target.value } })}
          />
          <Field
            label="One-time code length"
            type="number"
            inputMode="numeric"
            value={d.email.otpLength}
            readOnly={!canEdit}
            error={errors['email.otpLength']}
            onChange={(e) => setDraft({ ...d, email: { ...d.email, otpLength: e.target.value } })}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={d.email.requireSpecialCharacter}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...d, email: { ...d.email, requireSpecialCharacter: e.target.checked } })}
          />
          Passwords need a special character
        </label>
      </ProviderCard>
      <ProviderCard
        title="Phone"
        description="Users sign in with a code sent by text message."
        enabled={d.phone.enabled}
        editable={canEdit}
        onToggle={(enabled) => setDraft({ ...d, phone: { ...d.phone, enabled } })}
      >
        <div className="grid max-w-sm gap-1.5">
          <label htmlFor="sms-provider" className="text-sm font-medium">
            SMS provider
          </label>
          <select
            id="sms-provider"
            className={inputClass}
            value={d.phone.smsProvider}
            disabled={!canEdit}
            aria-invalid={errors['phone.smsProvider'] ? true : undefined}
            aria-describedby={errors['phone.smsProvider'] ? 'sms-provider-error' : undefined}
            onChange={(e) => setDraft({ ...d, phone: { ...d.phone, smsProvider: e.target.value } })}
          >
            <option value="">Choose a provider…</option>
            {SMS_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {SMS_NAMES[p]}
              </option>
            ))}
          </select>
          <FieldError id="sms-provider-error" message={errors['phone.smsProvider']} />
        </div>
      </ProviderCard>
      <ProviderCard
        title="Guest"
        description="Users start without an account and can link one later."
        enabled={d.guest}
        editable={canEdit}
        onToggle={(guest) => setDraft({ ...d, guest })}
      />
      <ProviderCard
        title="Wallet"
        description="Users sign in with an Ethereum wallet (Sign-In with Ethereum, EIP-4361)."
        enabled={d.wallet}
        editable={canEdit}
        onToggle={(wallet) => setDraft({ ...d, wallet })}
      />
      <Section
        title="Social sign-in"
        description="OAuth providers: the client ID and secret come from each provider's developer console. Secrets are write-only."
      >
        <OauthProviders
          draft={d}
          stored={stored}
          errors={errors}
          editable={canEdit}
          formKey={formKey}
          setDraft={setDraft}
        />
      </Section>
      <Section
        title="Third-party auth"
        description="Sign users in with tokens from the auth service your game already uses."
      >
        <ThirdParty
          draft={d}
          stored={stored}
          errors={errors}
          editable={canEdit}
          path={path}
          formKey={formKey}
          setDraft={setDraft}
          setError={(p, m) => setErrors((e) => ({ ...e, [p]: m }))}
        />
      </Section>
    </SettingsForm>
  );
}

/** The sign-in methods users get: email, phone, guest, wallet, social and third-party auth. */
export function ProvidersPage() {
  const settings = useAuthSettings<ProvidersSettings>('providers');
  return (
    <SettingsLoad
      error={settings.error}
      ready={!!settings.data && !!settings.path}
      reload={settings.reload}
      what="providers"
    >
      {() => (
        <ProvidersForm
          answer={settings.data!}
          path={settings.path!}
          stale={settings.stale}
          reload={settings.reload}
          save={settings.save}
        />
      )}
    </SettingsLoad>
  );
}

export default ProvidersPage;
