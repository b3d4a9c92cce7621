import { useEffect, useRef, useState } from 'react';
import type { EcosystemSettings } from '../../shared/api/ecosystem';
import { ECOSYSTEM_LINKS, MAX_WALLET_DOMAINS, type EcosystemLink } from '../../shared/ecosystem';
import { Field } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { setEcosystemTheme } from '../../stores/ecosystem';
import { CardSection } from '../shared/card-section';
import { SettingsForm } from '../shared/settings-frame';
import { draftOf, previewOf, sameDraft, storedThemeOf, validate, type Draft, type ThemeField } from './draft';
import { restoreSavedTheme, useThemePreview } from './preview';
import { ThemeEditor } from './theme-editor';
import { WalletDomains } from './wallet-domains';

export interface EcosystemAnswer {
  data: EcosystemSettings;
  updatedAt: string;
  version: number;
}

export const LINK_LABELS: Record<EcosystemLink, string> = {
  terms: 'Terms of service URL',
  privacy: 'Privacy policy URL',
  support: 'Support URL',
  docs: 'Documentation URL',
};

/**
 * The ecosystem editor (admins and owners): saved with the version it was read at. A stale save says so and keeps
 * everything typed; the theme is previewed on the dashboard while it is edited and stored locally once saved.
 */
export function EcosystemForm({ path, answer, reload }: { path: string; answer: EcosystemAnswer; reload: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer.data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The version a save was refused for: saving waits for the reloaded one.
  const [staleVersion, setStaleVersion] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [focusError, setFocusError] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const stale = staleVersion !== null && staleVersion === answer.version;
  const dirty = !sameDraft(draft, draftOf(answer.data));

  useThemePreview(previewing ? previewOf(draft, answer.data.theme) : null);

  useEffect(() => {
    if (focusError) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  const edit = (change: (d: Draft) => Draft, ...paths: string[]) => {
    setDraft(change);
    if (paths.length)
      setErrors((e) =>
        Object.fromEntries(Object.entries(e).filter(([k]) => !paths.some((p) => k === p || k.startsWith(`${p}.`)))),
      );
  };
  const editTheme = (field: ThemeField, value: string) => {
    setPreviewing(true);
    edit((d) => ({ ...d, theme: { ...d.theme, [field]: value } }), `theme.${field}`);
  };

  async function save() {
    const { errors: found, body } = validate(draft);
    setErrors(found);
    if (!body) return setFocusError((n) => n + 1);
    setBusy(true);
    try {
      // The custom domain changes only through its claim and DNS proof (custom-domain.tsx): never sent from here.
      const { customDomain: _domain, ...fields } = body;
      const saved = await apiWrite<EcosystemAnswer>(path, {
        method: 'PATCH',
        body: { ...fields, version: answer.version },
        pending: 'Saving ecosystem…',
        done: 'Ecosystem saved',
        invalidate: [path],
      });
      // The next page load paints it before first paint (src/lib/theme-script.ts); this page wears it at once.
      setEcosystemTheme(storedThemeOf(saved.data.theme));
      setDraft(draftOf(saved.data));
      setPreviewing(false);
      setStaleVersion(null);
    } catch (e) {
      if (!(e instanceof ApiRequestError)) return;
      if (e.status === 409) setStaleVersion(answer.version);
      else if (Object.keys(e.fieldErrors).length) {
        setErrors(e.fieldErrors);
        setFocusError((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  }

  function discard() {
    setDraft(draftOf(answer.data));
    setErrors({});
    setPreviewing(false);
    restoreSavedTheme();
  }

  return (
    <SettingsForm
      label="Ecosystem"
      formRef={form}
      dirty={dirty}
      busy={busy}
      stale={stale}
      canEdit
      saveLabel="Save changes"
      staleWhat="This ecosystem was"
      formError={errors['']}
      onSave={() => void save()}
      onDiscard={discard}
      onReload={reload}
    >
      <CardSection title="Identity" description="How the ecosystem presents itself to your users.">
        <div className="grid items-start gap-4 md:grid-cols-2">
          <Field
            label="Name"
            value={draft.name}
            maxLength={100}
            error={errors.name}
            autoComplete="off"
            onChange={(e) => edit((d) => ({ ...d, name: e.target.value }), 'name')}
          />
          <Field
            className="md:col-span-2"
            label="Logo URL"
            type="url"
            inputMode="url"
            value={draft.logoUrl}
            error={errors.logoUrl}
            hint="An https URL of an image, such as https://cdn.example.com/logo.svg"
            maxLength={2048}
            autoComplete="off"
            onChange={(e) => edit((d) => ({ ...d, logoUrl: e.target.value }), 'logoUrl')}
          />
        </div>
      </CardSection>
      <CardSection title="Links" description="Shown to your users in the wallet and on sign-in; each an https URL.">
        <div className="grid items-start gap-4 md:grid-cols-2">
          {ECOSYSTEM_LINKS.map((l) => (
            <Field
              key={l}
              label={LINK_LABELS[l]}
              type="url"
              inputMode="url"
              value={draft.links[l]}
              error={errors[`links.${l}`]}
              maxLength={2048}
              autoComplete="off"
              onChange={(e) => edit((d) => ({ ...d, links: { ...d.links, [l]: e.target.value } }), `links.${l}`)}
            />
          ))}
        </div>
      </CardSection>
      <CardSection
        title="Wallet domains"
        description={`Hostnames of the sites allowed to open the ecosystem wallet, such as play.example.com (up to ${MAX_WALLET_DOMAINS}).`}
      >
        <WalletDomains
          domains={draft.walletDomains}
          errors={errors}
          onChange={(walletDomains) => edit((d) => ({ ...d, walletDomains }), 'walletDomains')}
        />
      </CardSection>
      <ThemeEditor theme={draft.theme} saved={answer.data.theme} errors={errors} onChange={editTheme} />
    </SettingsForm>
  );
}
