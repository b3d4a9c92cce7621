import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CopyButton, CopyText } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { exactTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import type { RequestLog } from '../../shared/api/request-logs';
import { projectPath } from '../../shared/routes';
import { useApiQuery } from '../../lib/use-api-query';
import { useProjectRoute } from '../../lib/use-project';
import { bytes, curlOf, statusTone } from './format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** A request's detail: the fetch's states (not found, error, loading) and everything recorded, with "copy as curl". */
export function LogDetail({
  id,
  apiPath,
  onBack,
  onFilter,
}: {
  id: string;
  apiPath: string;
  /** Back to the list (the not-found state's button). */
  onBack: () => void;
  /** Shows the list of requests with this route or key. */
  onFilter: (field: 'route' | 'keyId', value: string) => void;
}) {
  const route = useProjectRoute();
  const { data: l, error, reload } = useApiQuery<RequestLog>(`${apiPath}/${encodeURIComponent(id)}`);
  const notFound = error && (error.notFound || error.status === 400);
  const curl = l ? curlOf(l, location.origin) : '';
  if (error)
    return notFound ? (
      <StatePanel
        kind="not-found"
        title="No request with this id here"
        description={`${id} is not a request of this project in ${route?.mode ?? 'this'} mode, or it is older than 30 days.`}
        action={
          <Button size="sm" variant="outline" onClick={onBack}>
            All requests
          </Button>
        }
      />
    ) : (
      <StatePanel kind="error" title="Could not load the request" description={error.message} onRetry={reload} />
    );
  if (!l || !route)
    return (
      <div className="grid gap-3" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    );
  return (
    <>
      <dl>
        <Row label="Request id">
          <CopyText value={l.id} label="request id" />
        </Row>
        <Row label="Status">
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge tone={statusTone(l.status)}>{l.status}</Badge>
            {l.errorCode && <span className="font-mono text-xs">{l.errorCode}</span>}
          </span>
        </Row>
        <Row label="Method">
          <span className="font-mono text-xs">{l.method}</span>
        </Row>
        <Row label="Path">
          <span className="font-mono text-xs break-all">{l.path}</span>
        </Row>
        <Row label="Query">
          <span className="font-mono text-xs break-all">{l.query ?? '—'}</span>
        </Row>
        <Row label="Route">
          <span className="font-mono text-xs break-all">{l.route ?? 'No route matched'}</span>
          {l.route && (
            <Button size="sm" variant="outline" className="mt-1" onClick={() => onFilter('route', l.route!)}>
              Requests of this route
            </Button>
          )}
        </Row>
        <Row label="Latency">{l.latencyMs} ms</Row>
        <Row label="Caller">
          {l.caller ? (
            l.caller.type === 'key' ? (
              <span className="grid justify-items-start gap-1">
                <a
                  className="text-primary hover:underline"
                  href={projectPath(route.projectId, route.mode, `/api-keys/${l.caller.id}`)}
                >
                  {l.caller.name ?? 'A deleted key'} (API key)
                </a>
                <Button size="sm" variant="outline" onClick={() => onFilter('keyId', l.caller!.id)}>
                  Requests of this key
                </Button>
              </span>
            ) : (
              <span>{l.caller.name ?? 'A former member'} (dashboard)</span>
            )
          ) : (
            'Not signed in'
          )}
        </Row>
        <Row label="Client network">{l.clientAddress ?? '—'}</Row>
        <Row label="User agent">
          <span className="text-xs">{l.userAgent ?? '—'}</span>
        </Row>
        <Row label="Request size">{bytes(l.requestBytes)}</Row>
        <Row label="Response size">{bytes(l.responseBytes)}</Row>
      </dl>
      <section className="grid gap-2">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-semibold">As curl</h3>
          <CopyButton value={curl} label="curl command" />
        </div>
        <pre
          tabIndex={0}
          data-testid="log-curl"
          className="max-h-48 overflow-auto rounded-md border border-border bg-muted/50 p-3 font-mono text-xs break-all whitespace-pre-wrap"
        >
          {curl}
        </pre>
        <p className="text-xs text-muted-foreground">
          Set <code>API_KEY</code> to a secret key of this mode first: the log never holds credentials
          {l.method !== 'GET' && l.method !== 'DELETE' ? ', nor bodies (put yours in body.json)' : ''}.
        </p>
      </section>
    </>
  );
}

/**
 * One request in a sheet over the list (`?request=req_…`): its detail (LogDetail). Closing it (or Escape) goes back
 * to the list's URL.
 */
export function LogSheet({
  id,
  apiPath,
  onClose,
  onFilter,
}: {
  id: string;
  apiPath: string;
  onClose: () => void;
  onFilter: (field: 'route' | 'keyId', value: string) => void;
}) {
  const { data: l, error } = useApiQuery<RequestLog>(`${apiPath}/${encodeURIComponent(id)}`);
  const notFound = error && (error.notFound || error.status === 400);
  return (
    <Dialog
      side
      open
      onOpenChange={(open) => !open && onClose()}
      title={l ? `${l.method} ${l.shortPath}` : notFound ? 'Request not found' : 'Request'}
      description={l ? exactTime(l.createdAt) : undefined}
    >
      <LogDetail id={id} apiPath={apiPath} onBack={onClose} onFilter={onFilter} />
    </Dialog>
  );
}

export default LogSheet;
