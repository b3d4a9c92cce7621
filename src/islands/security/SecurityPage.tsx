import { useRef, useState } from 'react';
import { Field } from '../../components/ui/field';
import { useCan } from '../../lib/use-project';
import {
  appIdError,
  cidrError,
  DUPLICATE_MESSAGE,
  duplicateIndexes,
  lifetimeErrors,
  originError,
  urlSchemeError,
  type Lifetimes,
  type NativePlatform,
} from '../../shared/auth-settings-rules';
import { ListEditor } from './list-editor';
import { NativeApps, type NativeAppDraft } from './native-apps';
import { focusFirstInvalid, SettingsForm, SettingsLoad, useDraft } from '../shared/settings-frame';
import { ReadOnlyNotice, Section, useAuthSettings, type FieldErrors, type SettingsAnswer } from './settings-form';

interface SecuritySettings extends Lifetimes {
  allowedOrigins: string[];
  authorizedNetworks: string[];
  nativeApps: { platform: NativePlatform; bundleId: string; urlScheme: string | null }[];
}

/** Lifetimes are typed in these units and sent in seconds. */
const UNITS = {
  accessTokenLifetimeSeconds: { label: 'Access token lifetime (minutes)', seconds: 60 },
  refreshTokenLifetimeSeconds: { label: 'Refresh token lifetime (days)', seconds: 86_400 },
  inactivityTimeoutSeconds: { label: 'Inactivity timeout (hours, 0 for none)', seconds: 3_600 },
} as const;
type LifetimeKey = keyof typeof UNITS;

interface Draft {
  allowedOrigins: string[];
  authorizedNetworks: string[];
  nativeApps: NativeAppDraft[];
  lifetimes: Record<LifetimeKey, string>;
}

function toDraft(d: SecuritySettings): Draft {
  const unit = (k: LifetimeKey) => String(Number((d[k] / UNITS[k].seconds).toFixed(4)));
  return {
    allowedOrigins: [...d.allowedOrigins],
    authorizedNetworks: [...d.authorizedNetworks],
    nativeApps: d.nativeApps.map((a) => ({ ...a, urlScheme: a.urlScheme ?? '' })),
    lifetimes: {
      accessTokenLifetimeSeconds: unit('accessTokenLifetimeSeconds'),
      refreshTokenLifetimeSeconds: unit('refreshTokenLifetimeSeconds'),
      inactivityTimeoutSeconds: unit('inactivityTimeoutSeconds'),
    },
  };
}

function toBody(d: Draft) {
  const seconds = (k: LifetimeKey) => {
    const raw = d.lifetimes[k].trim();
    return raw === '' ? Number.NaN : Math.round(Number(raw) * UNITS[k].seconds);
  };
  return {
    allowedOrigins: d.allowedOrigins.map((o) => o.trim()),
    authorizedNetworks: d.authorizedNetworks.map((n) => n.trim()),
    nativeApps: d.nativeApps.map((a) => ({
      platform: a.platform,
      bundleId: a.bundleId.trim(),
      urlScheme: a.urlScheme.trim() || null,
    })),
    accessTokenLifetimeSeconds: seconds('accessTokenLifetimeSeconds'),
    refreshTokenLifetimeSeconds: seconds('refreshTokenLifetimeSeconds'),
    inactivityTimeoutSeconds: seconds('inactivityTimeoutSeconds'),
  };
}

/** The browser's check before sending: the same rules as the API (src/shared/auth-settings-rules.ts). */
function validate(body: ReturnType<typeof toBody>): FieldErrors {
  const errors: FieldErrors = {};
  const list = (name: 'allowedOrigins' | 'authorizedNetworks', rule: (v: string) => string | null) => {
    body[name].forEach((v, i) => {
      const m = rule(v);
      if (m) errors[`${name}.${i}`] = m;
    });
    for (const i of duplicateIndexes(body[name])) errors[`${name}.${i}`] ??= DUPLICATE_MESSAGE;
  };
  list('allowedOrigins', originError);
  list('authorizedNetworks', cidrError);
  body.nativeApps.forEach((a, i) => {
    const id = appIdError(a.platform, a.bundleId);
    if (id) errors[`nativeApps.${i}.bundleId`] = id;
    // The form asks for the scheme: sign-in returns to the app through it.
    const scheme = urlSchemeError(a.urlScheme ?? '');
    if (scheme) errors[`nativeApps.${i}.urlScheme`] = scheme;
  });
  for (const i of duplicateIndexes(body.nativeApps.map((a) => `${a.platform}:${a.bundleId}`)))
    errors[`nativeApps.${i}.bundleId`] ??= DUPLICATE_MESSAGE;
  for (const k of Object.keys(UNITS) as LifetimeKey[]) if (!Number.isFinite(body[k])) errors[k] = 'Enter a number';
  if (!Object.keys(UNITS).some((k) => errors[k]))
    for (const [k, m] of Object.entries(lifetimeErrors(body))) errors[k] = m;
  return errors;
}

function SecurityForm({
  answer,
  stale,
  reload,
  save,
}: {
  answer: SettingsAnswer<SecuritySettings>;
  stale: boolean;
  reload: () => void;
  save: ReturnType<typeof useAuthSettings<SecuritySettings>>['save'];
}) {
  const canEdit = useCan('manage_auth');
  const { draft, setDraft, base, dirty, reset } = useDraft(() => toDraft(answer.data));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit() {
    const body = toBody(draft);
    const local = validate(body);
    setErrors(local);
    if (Object.keys(local).length) return focusFirstInvalid(form.current);
    setBusy(true);
    const result = await save(body, { pending: 'Saving security settings…', done: 'Security settings saved' });
    setBusy(false);
    if ('answer' in result) reset(toDraft(result.answer.data));
    else {
      setErrors(result.errors);
      focusFirstInvalid(form.current);
    }
  }

  return (
    <SettingsForm
      label="Security settings"
      formRef={form}
      dirty={dirty}
      busy={busy}
      stale={stale}
      canEdit={canEdit}
      saveLabel="Save security settings"
      readOnly={<ReadOnlyNotice />}
      onSave={() => void submit()}
      onDiscard={() => (setDraft(base), setErrors({}))}
      onReload={reload}
    >
      <Section
        title="Allowed origins"
        description="Web origins your users' browsers may sign in from: https, a wildcard only as the leftmost label (https://*.example.com); http only for http://localhost:<port> and http://127.0.0.1:<port>."
      >
        <ListEditor
          name="allowedOrigins"
          itemLabel="Origin"
          addLabel="Add origin"
          empty="No origins yet: browsers on any web page are refused until you add yours."
          values={draft.allowedOrigins}
          errors={errors}
          editable={canEdit}
          inputMode="url"
          onChange={(allowedOrigins) => edit({ allowedOrigins })}
        />
      </Section>
      <Section
        title="Authorized networks"
        description="Server-side calls are accepted only from these networks (CIDR, IPv4 or IPv6, e.g. 203.0.113.0/24 or 2001:db8::/32). None: from anywhere."
      >
        <ListEditor
          name="authorizedNetworks"
          itemLabel="Network"
          addLabel="Add network"
          empty="No networks yet: server-side calls are accepted from any address."
          values={draft.authorizedNetworks}
          errors={errors}
          editable={canEdit}
          onChange={(authorizedNetworks) => edit({ authorizedNetworks })}
        />
      </Section>
      <Section
        title="Native apps"
        description="iOS and Android apps that may sign users in, and the URL scheme that brings them back to the app."
      >
        <NativeApps
          apps={draft.nativeApps}
          errors={errors}
          editable={canEdit}
          onChange={(nativeApps) => edit({ nativeApps })}
        />
      </Section>
      <Section
        title="Session lifetimes"
        description="How long a user stays signed in: the access token is renewed with the refresh token until that expires or the user has been inactive for the timeout."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {(Object.keys(UNITS) as LifetimeKey[]).map((k) => (
            <Field
              key={k}
              label={UNITS[k].label}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={draft.lifetimes[k]}
              readOnly={!canEdit}
              error={errors[k]}
              onChange={(e) => edit({ lifetimes: { ...draft.lifetimes, [k]: e.target.value } })}
            />
          ))}
        </div>
      </Section>
    </SettingsForm>
  );
}

/** Security of the sign-in users get: allowed origins, authorized networks, native apps, session lifetimes. */
export function SecurityPage() {
  const settings = useAuthSettings<SecuritySettings>('security');
  return (
    <SettingsLoad error={settings.error} ready={!!settings.data} reload={settings.reload} what="security settings">
      {() => (
        <SecurityForm answer={settings.data!} stale={settings.stale} reload={settings.reload} save={settings.save} />
      )}
    </SettingsLoad>
  );
}

export default SecurityPage;
