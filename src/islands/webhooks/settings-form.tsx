import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { TopicsField } from './topics-field';
import type { Topic, Webhook } from './types';

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Edit a webhook's URL, topics and description with its version. The API's messages land at their fields (an SSRF
 * refusal on `url`); a stale save (changed meanwhile) keeps what was typed and reloads (docs/decisions.md).
 */
export function SettingsForm({
  webhook,
  path,
  collection,
  reload,
}: {
  webhook: Webhook;
  path: string;
  collection: string;
  reload: () => void;
}) {
  const [url, setUrl] = useState(webhook.url);
  const [description, setDescription] = useState(webhook.description ?? '');
  const [topics, setTopics] = useState<Topic[]>(webhook.topics);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [staleVersion, setStaleVersion] = useState<number | null>(null);
  const stale = staleVersion !== null && staleVersion === webhook.version;
  const [busy, setBusy] = useState(false);
  const changed =
    url.trim() !== webhook.url || description.trim() !== (webhook.description ?? '') || !same(topics, webhook.topics);

  async function save() {
    const local: Record<string, string> = {};
    if (!url.trim()) local.url = 'Enter the URL that receives the events.';
    if (!topics.length) local.topics = 'Choose at least one topic.';
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    setErrors({});
    try {
      await apiWrite<Webhook>(path, {
        method: 'PATCH',
        body: {
          ...(url.trim() !== webhook.url ? { url: url.trim() } : {}),
          ...(!same(topics, webhook.topics) ? { topics } : {}),
          ...(description.trim() !== (webhook.description ?? '') ? { description: description.trim() || null } : {}),
          version: webhook.version,
        },
        pending: 'Saving webhook…',
        done: 'Webhook saved',
        invalidate: [collection, path],
      });
      setStaleVersion(null);
    } catch (e) {
      if (!(e instanceof ApiRequestError)) return;
      if (e.status === 409) {
        setStaleVersion(webhook.version);
        reload();
      } else {
        const fields = e.fieldErrors;
        setErrors(Object.keys(fields).length ? fields : { '': e.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="grid max-w-2xl gap-4"
      noValidate
      aria-label="Webhook settings"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
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
        onChange={(e) => (setUrl(e.target.value), setErrors(({ url: _, ...rest }) => rest))}
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
      />
      {errors[''] && (
        <p role="alert" className="text-sm text-destructive">
          {errors['']}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy || stale || !changed}>
          Save changes
        </Button>
      </div>
      {staleVersion !== null && (
        <p
          role="alert"
          className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          This webhook was changed by someone else since you opened it. Your changes are kept;
          {stale ? ' loading the latest version…' : ' save again to apply them to the latest version.'}
        </p>
      )}
    </form>
  );
}
