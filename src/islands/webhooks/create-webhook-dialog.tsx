import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { TopicsField } from './topics-field';
import type { Topic, WebhookWithSecret } from './types';

/**
 * Subscribe a URL: URL, topics, description, enabled. The API's messages land at their fields (an SSRF refusal is a
 * message on `url`); what was typed is kept. The new signing secret is handed to `onCreated`, shown once.
 */
export function CreateWebhookDialog({
  collectionPath,
  mode,
  onCreated,
}: {
  collectionPath: string;
  mode: 'live' | 'test';
  onCreated: (webhook: WebhookWithSecret) => void;
}) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [topics, setTopics] = useState<Topic[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function create() {
    const local: Record<string, string> = {};
    if (!url.trim()) local.url = 'Enter the URL that receives the events.';
    if (!topics.length) local.topics = 'Choose at least one topic.';
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    setErrors({});
    try {
      const created = await apiWrite<WebhookWithSecret>(collectionPath, {
        method: 'POST',
        body: { url: url.trim(), topics, enabled, ...(description.trim() ? { description: description.trim() } : {}) },
        pending: 'Creating webhook…',
        done: 'Webhook created',
        invalidate: [collectionPath],
      });
      setOpen(false);
      setUrl('');
      setDescription('');
      setTopics([]);
      setEnabled(true);
      onCreated(created);
    } catch (e) {
      if (e instanceof ApiRequestError) {
        const fields = e.fieldErrors;
        setErrors(Object.keys(fields).length ? fields : { '': e.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Add a ${mode} webhook`}
      description="We sign every delivery (Standard Webhooks) and retry failures for up to 5 days."
      trigger={
        <Button size="toolbar">
          <Plus className="h-4 w-4" aria-hidden /> Add webhook
        </Button>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Field
          label="Endpoint URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          maxLength={2048}
          error={errors.url}
          hint={mode === 'live' ? 'https only, on a public address.' : 'A public https address.'}
          onChange={(e) => (setUrl(e.target.value), setErrors(({ url: _, ...rest }) => rest))}
          placeholder="https://api.example.com/webhooks"
        />
        <TopicsField
          value={topics}
          error={errors.topics}
          onChange={(t) => (setTopics(t), setErrors(({ topics: _, ...rest }) => rest))}
        />
        <Field
          label="Description (optional)"
          value={description}
          maxLength={500}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Order service"
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          Enabled: send events as soon as it is created
        </label>
        {errors[''] && (
          <p role="alert" className="text-sm text-destructive">
            {errors['']}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Add webhook
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
