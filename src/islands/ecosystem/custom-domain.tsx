import { useState } from 'react';
import type { DomainClaim } from '../../shared/api/ecosystem';
import { isHostname } from '../../shared/ecosystem';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Field } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/state-panel';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { CardSection } from '../shared/card-section';

const STATUS: Record<DomainClaim['status'], { tone: 'success' | 'warning' | 'danger' | 'neutral'; label: string }> = {
  verified: { tone: 'success', label: 'Verified' },
  pending: { tone: 'warning', label: 'Waiting for the DNS record' },
  expired: { tone: 'danger', label: 'Expired: claim again' },
  none: { tone: 'neutral', label: 'None' },
};

/** A TXT record's name and value, each with its copy button. */
function TxtRecord({ name, value }: { name: string; value: string | null }) {
  return (
    <dl className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      <div className="grid gap-0.5">
        <dt className="text-xs text-muted-foreground">Type</dt>
        <dd className="font-mono">TXT</dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-xs text-muted-foreground">Name</dt>
        <dd className="flex min-w-0 items-center gap-1 font-mono">
          <span className="break-all">{name}</span>
          <CopyButton value={name} label="record name" />
        </dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-xs text-muted-foreground">Value</dt>
        <dd className="flex min-w-0 items-center gap-1 font-mono">
          {value ? (
            <>
              <span className="break-all">{value}</span>
              <CopyButton value={value} label="record value" />
            </>
          ) : (
            <span className="font-sans text-muted-foreground">
              The token shown when you claimed the domain (shown once: claim again for a new one)
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The ecosystem's custom domain (docs/api.md "Ecosystem"): claimed here, it becomes the ecosystem's once a DNS TXT
 * record proves it ("Verify"). The token is shown once, right after the claim. Members who cannot manage the
 * project see the state only.
 */
export function CustomDomain({ path, canEdit, onVerified }: { path: string; canEdit: boolean; onVerified(): void }) {
  const claimPath = `${path}/domain`;
  const { data, error, reload } = useApiQuery<DomainClaim>(claimPath);
  const [domain, setDomain] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [token, setToken] = useState<{ domain: string; value: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      if (e instanceof ApiRequestError) setFieldError(e.fieldErrors.domain ?? undefined);
    } finally {
      setBusy(false);
    }
  }
  const claim = () => {
    const name = domain.trim().toLowerCase().replace(/\.$/, '');
    if (!isHostname(name)) return setFieldError('Enter a hostname you own, such as wallet.example.com');
    setFieldError(undefined);
    void run(async () => {
      const answer = await apiWrite<DomainClaim>(claimPath, {
        method: 'POST',
        body: { domain: name },
        pending: 'Claiming the domain…',
        done: 'Domain claimed: set the TXT record, then verify',
        invalidate: [claimPath],
      });
      setToken(answer.token ? { domain: name, value: answer.token } : null);
      setDomain('');
    });
  };
  const verify = () =>
    run(async () => {
      await apiWrite<DomainClaim>(`${claimPath}/verify`, {
        method: 'POST',
        pending: 'Looking up the TXT record…',
        done: 'Domain verified',
        invalidate: [path],
      });
      setToken(null);
      onVerified();
    });
  const remove = () =>
    run(async () => {
      await apiWrite(claimPath, {
        method: 'DELETE',
        pending: 'Removing the domain…',
        done: 'Custom domain removed',
        invalidate: [path],
      });
      setToken(null);
      onVerified();
    });

  const status = data ? STATUS[data.status] : null;
  return (
    <CardSection
      title="Custom domain"
      description="A hostname you own, such as wallet.example.com: it serves the ecosystem once a DNS TXT record proves it is yours."
    >
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the custom domain: {error.message}{' '}
          <Button variant="ghost" size="sm" onClick={reload}>
            Retry
          </Button>
        </p>
      ) : !data || !status ? (
        <Skeleton className="h-20 w-full" />
      ) : (
        <div className="grid gap-4">
          {data.domain ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="break-all font-medium">{data.domain}</span>
              <Badge tone={status.tone}>{status.label}</Badge>
              {data.status === 'pending' && data.expiresAt ? (
                <span className="text-muted-foreground">
                  until {new Date(data.expiresAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No custom domain.</p>
          )}
          {data.status === 'pending' && data.recordName ? (
            <div className="grid gap-2">
              <p className="text-sm">
                Add this TXT record at your DNS provider, then choose Verify. DNS changes can take a few minutes to
                appear.
              </p>
              <TxtRecord name={data.recordName} value={token?.domain === data.domain ? token.value : null} />
              {token?.domain === data.domain ? (
                <p className="text-xs text-muted-foreground">Copy the value now: it is shown only once.</p>
              ) : null}
            </div>
          ) : null}
          {canEdit ? (
            <div className="flex flex-wrap items-end gap-2">
              {data.status === 'pending' ? (
                <Button type="button" onClick={() => void verify()} disabled={busy}>
                  Verify
                </Button>
              ) : null}
              {data.domain ? (
                <Button type="button" variant="outline" onClick={() => void remove()} disabled={busy}>
                  Remove
                </Button>
              ) : null}
            </div>
          ) : null}
          {canEdit ? (
            <form
              noValidate
              aria-label="Claim a custom domain"
              className="flex flex-wrap items-start gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                claim();
              }}
            >
              <Field
                className="min-w-0 flex-1 basis-64"
                label={data.domain ? 'Another domain' : 'Domain'}
                value={domain}
                error={fieldError}
                maxLength={253}
                spellCheck={false}
                autoComplete="off"
                inputMode="url"
                placeholder="wallet.example.com"
                onChange={(e) => {
                  setDomain(e.target.value);
                  setFieldError(undefined);
                }}
              />
              <Button type="submit" variant="outline" className="sm:mt-6" disabled={busy}>
                Claim
              </Button>
            </form>
          ) : null}
        </div>
      )}
    </CardSection>
  );
}
