import { useMemo, useRef, useState } from 'react';
import { useClientStore } from '../../lib/use-client-store';
import { useCan } from '../../lib/use-project';
import {
  EMAIL_TEMPLATE_KINDS,
  emailTemplateErrors,
  type EmailTemplate,
  type EmailTemplateKind,
} from '../../shared/email-templates';
import { $project } from '../../stores/project-context';
import {
  ReadOnlyNotice,
  Section,
  useAuthSettings,
  type FieldErrors,
  type SettingsAnswer,
} from '../security/settings-form';
import { focusFirstInvalid, SettingsForm, SettingsLoad } from '../shared/settings-frame';
import { sampleValues } from './preview-document';
import { TemplateEditor } from './template-editor';
import { TemplateTabs } from './template-tabs';

type Templates = Record<EmailTemplateKind, EmailTemplate>;

const copy = (t: Templates) =>
  Object.fromEntries(EMAIL_TEMPLATE_KINDS.map((k) => [k, { subject: t[k].subject, body: t[k].body }])) as Templates;

/** The template of the first error (errors are keyed `<template>.<field>`). */
const firstInvalid = (errors: FieldErrors) =>
  EMAIL_TEMPLATE_KINDS.find((k) => Object.keys(errors).some((p) => p.startsWith(`${k}.`)));

function EmailTemplatesForm({
  answer,
  stale,
  reload,
  save,
}: {
  answer: SettingsAnswer<Templates>;
  stale: boolean;
  reload: () => void;
  save: ReturnType<typeof useAuthSettings<Templates>>['save'];
}) {
  const canEdit = useCan('manage_auth');
  const projectName = useClientStore($project, { loading: false }).data?.name;
  const sample = useMemo(() => sampleValues(projectName), [projectName]);
  const [draft, setDraft] = useState(() => copy(answer.data));
  /** What the draft started from: only templates changed since are sent, so a reload after a stale save keeps the
   * others' edits of the templates you did not touch. */
  const [base, setBase] = useState(() => copy(answer.data));
  const [selected, setSelected] = useState<EmailTemplateKind>('emailVerification');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(base);
  const invalid = useMemo(
    () => new Set(EMAIL_TEMPLATE_KINDS.filter((k) => Object.keys(errors).some((p) => p.startsWith(`${k}.`)))),
    [errors],
  );

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const kind = firstInvalid(next);
    if (kind && !Object.keys(next).some((p) => p.startsWith(`${selected}.`))) setSelected(kind);
    focusFirstInvalid(form.current);
  }

  async function submit() {
    const local = emailTemplateErrors(draft);
    if (Object.keys(local).length) return showErrors(local);
    setErrors({});
    setBusy(true);
    const changed = EMAIL_TEMPLATE_KINDS.filter(
      (k) => draft[k].subject !== base[k].subject || draft[k].body !== base[k].body,
    );
    const body = Object.fromEntries(changed.map((k) => [k, draft[k]]));
    const result = await save(body, { pending: 'Saving email templates…', done: 'Email templates saved' });
    setBusy(false);
    if ('answer' in result) {
      setDraft(copy(result.answer.data));
      setBase(copy(result.answer.data));
    } else showErrors(result.errors);
  }

  return (
    <SettingsForm
      label="Email templates"
      formRef={form}
      dirty={dirty}
      busy={busy}
      stale={stale}
      canEdit={canEdit}
      saveLabel="Save email templates"
      readOnly={<ReadOnlyNotice />}
      onSave={() => void submit()}
      onDiscard={() => (setDraft(copy(base)), setErrors({}))}
      onReload={reload}
    >
      <Section
        title="Templates"
        description="The emails users get from sign-in: a subject and an HTML body each, with variables filled in when the email is sent."
      >
        <div className="grid gap-4">
          <TemplateTabs selected={selected} invalid={invalid} onSelect={setSelected} />
          <TemplateEditor
            key={selected}
            kind={selected}
            template={draft[selected]}
            errors={errors}
            editable={canEdit}
            sample={sample}
            onChange={(t) => setDraft((d) => ({ ...d, [selected]: t }))}
          />
        </div>
      </Section>
    </SettingsForm>
  );
}

/** The auth emails users get: verification, password reset, invite and magic link, with a sandboxed preview. */
export function EmailTemplatesPage() {
  const settings = useAuthSettings<Templates>('email-templates');
  return (
    <SettingsLoad error={settings.error} ready={!!settings.data} reload={settings.reload} what="email templates">
      {() => (
        <EmailTemplatesForm
          answer={settings.data!}
          stale={settings.stale}
          reload={settings.reload}
          save={settings.save}
        />
      )}
    </SettingsLoad>
  );
}

export default EmailTemplatesPage;
