import { useRef, useState } from 'react';
import { Field, inputClass } from '../../components/ui/field';
import { useCan } from '../../lib/use-project';
import { SMTP_TLS_LABELS, SMTP_TLS_MODES, type SmtpTlsMode } from '../../shared/smtp-rules';
import { SecretField } from '../providers/secret-field';
import { Switch } from '../providers/switch';
import {
  FieldError,
  ReadOnlyNotice,
  Section,
  useAuthSettings,
  type FieldErrors,
  type SettingsAnswer,
} from '../security/settings-form';
import { focusFirstInvalid, SettingsForm, SettingsLoad } from '../shared/settings-frame';
import { isDirty, serverChanged, toBody, toDraft, validate, withTlsMode, type SmtpSettings } from './model';
import { TestSend } from './test-send';

function CustomSmtpForm({
  answer,
  path,
  stale,
  reload,
  save,
}: {
  answer: SettingsAnswer<SmtpSettings>;
  path: string;
  stale: boolean;
  reload: () => void;
  save: ReturnType<typeof useAuthSettings<SmtpSettings>>['save'];
}) {
  const canEdit = useCan('manage_auth');
  const [stored, setStored] = useState(answer.data);
  const [draft, setDraft] = useState(() => toDraft(answer.data));
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const d = draft;
  const set = (patch: Partial<typeof d>) => setDraft({ ...d, ...patch });

  async function submit() {
    const local = validate(d, stored);
    setErrors(local);
    if (Object.keys(local).length) return focusFirstInvalid(form.current);
    setBusy(true);
    const result = await save(toBody(d), { pending: 'Saving SMTP settings…', done: 'SMTP settings saved' });
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

  const dirty = isDirty(d, stored);
  const blocked = dirty
    ? 'Save your changes first: the test email uses the saved settings.'
    : !stored.host || !stored.from
      ? 'Save a server and a sender address first.'
      : null;

  return (
    <div className="grid gap-6">
      <SettingsForm
        label="SMTP settings"
        formRef={form}
        dirty={dirty}
        busy={busy}
        stale={stale}
        canEdit={canEdit}
        saveLabel="Save SMTP settings"
        readOnly={<ReadOnlyNotice />}
        onSave={() => void submit()}
        onDiscard={() => (setDraft(toDraft(stored)), setErrors({}), setFormKey((k) => k + 1))}
        onReload={reload}
      >
        <Section
          title="SMTP server"
          description="Send your users' sign-in emails through your own mail server. While it is off, the built-in sender is used."
          action={
            <div className="flex items-center gap-2">
              <span aria-hidden className="text-sm text-muted-foreground">
                {d.enabled ? 'On' : 'Off'}
              </span>
              <Switch
                label="Enable custom SMTP"
                checked={d.enabled}
                disabled={!canEdit}
                onChange={(enabled) => set({ enabled })}
              />
            </div>
          }
        >
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <Field
              label="Host"
              placeholder="smtp.example.com"
              autoComplete="off"
              spellCheck={false}
              value={d.host}
              readOnly={!canEdit}
              error={errors.host}
              onChange={(e) => set({ host: e.target.value })}
            />
            <Field
              label="Port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              value={d.port}
              readOnly={!canEdit}
              error={errors.port}
              onChange={(e) => set({ port: e.target.value })}
            />
          </div>
          <div className="grid max-w-sm gap-1.5">
            <label htmlFor="smtp-tls" className="text-sm font-medium">
              TLS
            </label>
            <select
              id="smtp-tls"
              className={inputClass}
              value={d.tlsMode}
              disabled={!canEdit}
              aria-invalid={errors.tlsMode ? true : undefined}
              aria-describedby={errors.tlsMode ? 'smtp-tls-error' : 'smtp-tls-hint'}
              onChange={(e) => setDraft(withTlsMode(d, e.target.value as SmtpTlsMode))}
            >
              {SMTP_TLS_MODES.map((m) => (
                <option key={m} value={m}>
                  {SMTP_TLS_LABELS[m]}
                </option>
              ))}
            </select>
            {!errors.tlsMode && (
              <p id="smtp-tls-hint" className="text-xs text-muted-foreground">
                {d.tlsMode === 'none'
                  ? 'Without TLS the emails travel unencrypted and no password is sent: a server that needs one needs TLS.'
                  : "The server's certificate must be issued by a public authority."}
              </p>
            )}
            <FieldError id="smtp-tls-error" message={errors.tlsMode} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="User name"
              autoComplete="off"
              spellCheck={false}
              value={d.user}
              readOnly={!canEdit}
              error={errors.user}
              onChange={(e) => set({ user: e.target.value })}
            />
            <SecretField
              key={formKey}
              label="Password"
              hint={serverChanged(d, stored) ? null : stored.passwordHint}
              value={d.password}
              error={errors.password}
              editable={canEdit}
              onChange={(password) => set({ password })}
            />
          </div>
        </Section>
        <Section
          title="Sender"
          description="Who the emails come from. Your server must be allowed to send for this address."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Sender name"
              placeholder="Your game"
              value={d.fromName}
              readOnly={!canEdit}
              error={errors.fromName}
              onChange={(e) => set({ fromName: e.target.value })}
            />
            <Field
              label="Sender address"
              type="email"
              placeholder="no-reply@example.com"
              value={d.from}
              readOnly={!canEdit}
              error={errors.from}
              onChange={(e) => set({ from: e.target.value })}
            />
          </div>
        </Section>
      </SettingsForm>
      {canEdit && (
        <Section
          title="Send test email"
          description="Sends the Email verification template, filled with sample data, through the saved settings."
        >
          <TestSend path={path} blocked={blocked} onFieldErrors={setErrors} />
        </Section>
      )}
    </div>
  );
}

/** Custom SMTP: the mail server that sends the sign-in emails, with a real test send. */
export function CustomSmtpPage() {
  const settings = useAuthSettings<SmtpSettings>('smtp');
  return (
    <SettingsLoad
      error={settings.error}
      ready={!!settings.data && !!settings.path}
      reload={settings.reload}
      what="SMTP settings"
    >
      {() => (
        <CustomSmtpForm
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

export default CustomSmtpPage;
