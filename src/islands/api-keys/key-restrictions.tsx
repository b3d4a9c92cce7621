import { useRef, useState } from 'react';
import { Field } from '../../components/ui/field';
import { StatePanel, Skeleton } from '../../components/ui/state-panel';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import type { KeyRestrictions } from '../../shared/api/key-restrictions';
import {
  allowlistEntryError,
  MAX_ALLOWED_IPS,
  maxKeyRateLimit,
  rateLimitError,
  REPEATED_ENTRY_MESSAGE,
  repeatedEntries,
} from '../../shared/key-restrictions-rules';
import { CardSection } from '../shared/card-section';
import { focusFirstInvalid, SettingsForm, useDraft } from '../shared/settings-frame';
import { FieldError, type FieldErrors } from '../security/settings-form';
import { ListEditor } from '../security/list-editor';
import { RecentAddresses } from './recent-addresses';

interface Draft {
  allowedIps: string[];
  rateLimit: string;
}

const toDraft = (r: KeyRestrictions): Draft => ({
  allowedIps: [...r.allowedIps],
  rateLimit: r.rateLimitPerMinute === null ? '' : String(r.rateLimitPerMinute),
});

function toBody(d: Draft) {
  const raw = d.rateLimit.trim();
  return {
    // A blank line is not an entry.
    allowedIps: d.allowedIps.map((v) => v.trim()).filter((v) => v !== ''),
    rateLimitPerMinute: raw === '' ? null : Number(raw),
  };
}

/** The browser's check before sending: the same rules as the API (src/shared/key-restrictions-rules.ts). */
function validate(body: ReturnType<typeof toBody>, projectLimit: number): FieldErrors {
  const errors: FieldErrors = {};
  body.allowedIps.forEach((v, i) => {
    const m = allowlistEntryError(v);
    if (m) errors[`allowedIps.${i}`] = m;
  });
  for (const i of repeatedEntries(body.allowedIps)) errors[`allowedIps.${i}`] ??= REPEATED_ENTRY_MESSAGE;
  if (body.allowedIps.length > MAX_ALLOWED_IPS) errors.allowedIps = `At most ${MAX_ALLOWED_IPS} addresses and ranges`;
  const limit = body.rateLimitPerMinute;
  const m = limit !== null && Number.isNaN(limit) ? 'Enter a number' : rateLimitError(limit, projectLimit);
  if (m) errors.rateLimitPerMinute = m;
  return errors;
}

/**
 * The "Restrictions" card of a secret key (docs/api.md "Key restrictions"): its IP allowlist, its rate limit below
 * the project's, saved with the settings frame (unsaved changes, discard, stale version), and its last addresses.
 */
export function KeyRestrictionsCard({ path, keyPath, canEdit }: { path: string; keyPath: string; canEdit: boolean }) {
  const { data, error, reload } = useApiQuery<KeyRestrictions>(path);
  return (
    <div className="grid gap-6">
      <CardSection
        title="Restrictions"
        description="Where this key may be used from and how often. Requests from another address are refused with 403 ip_not_allowed; over the limit, with 429 and Retry-After."
      >
        {error ? (
          <StatePanel
            kind="error"
            title="Could not load the restrictions"
            description={error.message}
            onRetry={reload}
          />
        ) : !data ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading the restrictions">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-1/2" />
          </div>
        ) : (
          <RestrictionsForm answer={data} path={path} keyPath={keyPath} canEdit={canEdit} reload={reload} />
        )}
      </CardSection>
      <CardSection
        title="Last addresses seen"
        description="The most recent addresses this key was used from (up to 10), updated about once a minute."
      >
        {error ? (
          <p className="text-sm text-muted-foreground">Not available: the restrictions could not be loaded.</p>
        ) : !data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <RecentAddresses addresses={data.recentAddresses} />
        )}
      </CardSection>
    </div>
  );
}

function RestrictionsForm({
  answer,
  path,
  keyPath,
  canEdit,
  reload,
}: {
  answer: KeyRestrictions;
  path: string;
  keyPath: string;
  canEdit: boolean;
  reload: () => void;
}) {
  const { draft, setDraft, base, dirty, reset } = useDraft(() => toDraft(answer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [staleVersion, setStaleVersion] = useState<number | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const projectLimit = answer.projectRateLimitPerMinute;
  const max = maxKeyRateLimit(projectLimit);

  async function submit() {
    const body = toBody(draft);
    const local = validate(body, projectLimit);
    // The entries as sent: blank lines dropped, so the indexes of the API's messages match the inputs.
    setDraft((d) => ({ ...d, allowedIps: body.allowedIps }));
    setErrors(local);
    if (Object.keys(local).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      const next = await apiWrite<KeyRestrictions>(path, {
        method: 'PUT',
        body: { ...body, version: answer.version },
        pending: 'Saving restrictions…',
        done: 'Restrictions saved',
        invalidate: [path, keyPath],
      });
      setStaleVersion(null);
      reset(toDraft(next));
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 409 && /changed by someone else/.test(e.message))
        setStaleVersion(answer.version);
      else if (e instanceof ApiRequestError) {
        setErrors(e.fieldErrors);
        focusFirstInvalid(form.current);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm
      label="Key restrictions"
      formRef={form}
      dirty={dirty}
      busy={busy}
      stale={staleVersion === answer.version}
      staleWhat="These restrictions were"
      canEdit={canEdit}
      sticky={false}
      saveLabel="Save restrictions"
      readOnly={<p className="text-sm text-muted-foreground">Only admins and owners can change restrictions.</p>}
      onSave={() => void submit()}
      onDiscard={() => (setDraft(base), setErrors({}))}
      onReload={reload}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">IP allowlist</legend>
        <p className="text-xs text-muted-foreground">
          Addresses and CIDR ranges, IPv4 or IPv6 (203.0.113.7, 203.0.113.0/24, 2001:db8::/48), at most{' '}
          {MAX_ALLOWED_IPS}.
        </p>
        <ListEditor
          name="allowedIps"
          itemLabel="Address or range"
          addLabel="Add address or range"
          empty="No addresses: the key works from any address."
          values={draft.allowedIps}
          errors={errors}
          editable={canEdit}
          onChange={(allowedIps) => setDraft((d) => ({ ...d, allowedIps }))}
        />
        <FieldError id="allowed-ips-error" message={errors.allowedIps} />
      </fieldset>
      <Field
        label="Rate limit (requests per minute)"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        placeholder={projectLimit > 0 ? `The project's limit: ${projectLimit.toLocaleString('en-US')}` : 'No limit'}
        value={draft.rateLimit}
        readOnly={!canEdit}
        error={errors.rateLimitPerMinute}
        hint={
          projectLimit > 0
            ? `At most ${max.toLocaleString('en-US')}: below the project's limit of ${projectLimit.toLocaleString('en-US')} per minute. Empty: the project's limit.`
            : 'Empty: no limit of its own.'
        }
        className="max-w-sm"
        onChange={(e) => setDraft((d) => ({ ...d, rateLimit: e.target.value }))}
      />
    </SettingsForm>
  );
}
