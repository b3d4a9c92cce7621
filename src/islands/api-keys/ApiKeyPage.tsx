import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { CopyText } from '../../components/ui/copy-button';
import { exactTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import type { ApiKey, ApiKeyWithSecret } from '../../shared/api/api-keys';
import { encodeFilters } from '../../shared/api/list-params';
import type { Member } from '../../shared/api/projects';
import { projectPath } from '../../shared/routes';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { AuditLog } from '../settings/audit-log';
import { KeyActions } from './key-actions';
import { KeyRestrictionsCard } from './key-restrictions';
import { KeyStatus } from './key-status';
import { SecretOnceDialog } from './secret-once-dialog';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2.5 text-sm last:border-0 sm:grid-cols-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 sm:col-span-3">{children}</dd>
    </div>
  );
}

/**
 * One API key: what it is, its status (with the rotation countdown), rotate and revoke, a secret key's restrictions
 * (IP allowlist, rate limit, last addresses seen) and its audit entries.
 */
export function ApiKeyPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const keyId = route?.params.keyId;
  const keyPath = base && keyId ? `${base}/api-keys/${keyId}` : null;
  const { data: key, error, reload } = useApiQuery<ApiKey>(keyPath);
  const members = useApiQuery<{ data: Member[] }>(route ? `/projects/${route.projectId}/members` : null);
  const canManage = useCan('manage_keys');
  const [secret, setSecret] = useState<ApiKeyWithSecret | null>(null);
  const back = route ? projectPath(route.projectId, route.mode, '/api-keys') : '/';

  const body = error ? (
    error.notFound ? (
      <StatePanel
        kind="not-found"
        title="No API key with this id here"
        description={`It is not a key of this project in ${route?.mode ?? 'this'} mode.`}
        action={
          <a className="text-sm font-medium text-primary hover:underline" href={back}>
            All API keys
          </a>
        }
      />
    ) : error.status === 403 ? (
      <StatePanel kind="empty" title="API keys are for admins and owners" description={error.message} />
    ) : (
      <StatePanel kind="error" title="Could not load the key" description={error.message} onRetry={reload} />
    )
  ) : !key || !route || !base ? (
    <div className="grid gap-3" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  ) : (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{key.name}</h2>
        <div className="flex flex-wrap items-center gap-2">
          {key.type === 'secret' && (
            <a
              className="inline-flex h-9 items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted"
              href={`${projectPath(route.projectId, route.mode, '/logs')}?filters=${encodeURIComponent(encodeFilters([{ field: 'keyId', op: 'eq', value: key.id }]))}`}
            >
              View logs
            </a>
          )}
          {canManage && (
            <KeyActions apiKey={key} keyPath={keyPath!} listPath={`${base}/api-keys`} onSecret={setSecret} />
          )}
        </div>
      </div>
      <dl className="rounded-xl border border-border bg-card px-4">
        <Row label="Status">
          <KeyStatus apiKey={key} />
        </Row>
        <Row label="Type">{key.type}</Row>
        <Row label="Key">
          {key.publicKey ? (
            <CopyText value={key.publicKey} label="publishable key" short={false} />
          ) : (
            <code className="font-mono text-xs">{key.hint}</code>
          )}
        </Row>
        <Row label="Scopes">
          {key.type === 'publishable' ? (
            '—'
          ) : (
            <span className="flex flex-wrap gap-1">
              {key.scopes.map((s) => (
                <Badge key={s}>{s}</Badge>
              ))}
            </span>
          )}
        </Row>
        <Row label="Created">{exactTime(key.createdAt)}</Row>
        <Row label="Last used">{key.lastUsedAt ? exactTime(key.lastUsedAt) : 'Never'}</Row>
        {key.expiresAt && (
          <Row label={key.status === 'rotating' ? 'Old secret works until' : 'Expires'}>{exactTime(key.expiresAt)}</Row>
        )}
        {key.revokedAt && <Row label="Revoked">{exactTime(key.revokedAt)}</Row>}
        {key.replacedBy && (
          <Row label="Replaced by">
            <a
              className="text-primary hover:underline"
              href={projectPath(route.projectId, route.mode, `/api-keys/${key.replacedBy}`)}
            >
              the new key
            </a>
          </Row>
        )}
      </dl>
      {key.type === 'secret' && (
        <KeyRestrictionsCard
          path={`${keyPath}/restrictions`}
          keyPath={keyPath!}
          canEdit={canManage && (key.status === 'active' || key.status === 'rotating')}
        />
      )}
      <section aria-labelledby="key-audit" className="grid gap-3">
        <h2 id="key-audit" className="font-semibold">
          Audit entries
        </h2>
        <AuditLog
          projectId={route.projectId}
          members={members.data?.data ?? []}
          baseFilters={[{ field: 'targetId', op: 'eq', value: key.id }]}
        />
      </section>
    </div>
  );

  return (
    <>
      <a
        href={back}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> API keys
      </a>
      {body}
      {secret?.secret && (
        <SecretOnceDialog
          title={`The new secret of “${secret.name}”`}
          secret={secret.secret}
          onDone={() => {
            setSecret(null);
            location.assign(projectPath(route!.projectId, route!.mode, `/api-keys/${secret.id}`));
          }}
        />
      )}
    </>
  );
}

export default ApiKeyPage;
