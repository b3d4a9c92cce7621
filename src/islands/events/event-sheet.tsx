import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CopyButton, CopyText } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { exactTime, RelativeTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { projectPath } from '../../shared/routes';
import { useApiQuery } from '../../lib/use-api-query';
import { useProjectRoute } from '../../lib/use-project';
import { patchSearch } from '../../stores/location';
import type { EventLogDetail } from '../webhooks/types';
import { DeliveryBadge } from '../webhooks/webhook-status';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 min-w-0">{children}</dd>
    </div>
  );
}

/**
 * One event of the log in a sheet (`?event=evt_…`): its payload, and every attempt to deliver it, with the webhook,
 * the result and the response code. Closing it (or Escape) goes back to the list's URL.
 */
export function EventSheet({ id, apiPath }: { id: string; apiPath: string }) {
  const route = useProjectRoute();
  const { data: e, error, reload } = useApiQuery<EventLogDetail>(`${apiPath}/${encodeURIComponent(id)}`);
  const close = () => patchSearch({ event: null });
  const notFound = error && (error.notFound || error.status === 400);
  const payload = e ? (JSON.stringify(e.payload, null, 2) ?? 'null') : '';
  return (
    <Dialog
      side
      open
      onOpenChange={(open) => !open && close()}
      title={e ? e.topic : notFound ? 'Event not found' : 'Event'}
      description={e ? `Created ${exactTime(e.createdAt)}` : undefined}
    >
      {error ? (
        notFound ? (
          <StatePanel
            kind="not-found"
            title="No event with this id here"
            description={`${id} is not an event of this project in ${route?.mode ?? 'this'} mode.`}
            action={
              <Button size="sm" variant="outline" onClick={close}>
                All events
              </Button>
            }
          />
        ) : (
          <StatePanel kind="error" title="Could not load the event" description={error.message} onRetry={reload} />
        )
      ) : !e || !route ? (
        <div className="grid gap-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : (
        <>
          <dl>
            <Row label="Event id (webhook-id)">
              <CopyText value={e.id} label="event id" short={false} />
            </Row>
            <Row label="Topic">
              <span className="font-mono text-xs">{e.topic}</span>
            </Row>
          </dl>
          <section className="grid gap-2">
            <div className="flex items-center justify-between">
              <h3 className="text-sm font-semibold">Payload</h3>
              <CopyButton value={payload} label="payload" />
            </div>
            <pre
              tabIndex={0}
              className="max-h-72 overflow-auto rounded-md border border-border bg-muted/50 p-3 font-mono text-xs break-all whitespace-pre-wrap"
            >
              {payload}
            </pre>
          </section>
          <section aria-labelledby="attempts-heading" className="grid gap-2">
            <h3 id="attempts-heading" className="text-sm font-semibold">
              Deliveries
            </h3>
            {e.attempts.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No attempt yet: no webhook of this mode subscribed to this topic when it happened, or its first attempt
                is still to come.
              </p>
            ) : (
              <ul className="grid gap-2">
                {e.attempts.map((a) => (
                  <li key={a.deliveryId} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
                    <span className="flex flex-wrap items-center gap-2">
                      <DeliveryBadge status={a.status} />
                      {a.responseCode !== null && <Badge>{a.responseCode}</Badge>}
                      <span className="text-xs text-muted-foreground">
                        attempt {a.attempt} · <RelativeTime iso={a.createdAt} />
                      </span>
                    </span>
                    {a.webhookUrl ? (
                      <a
                        className="font-mono text-xs break-all text-primary hover:underline"
                        href={projectPath(route.projectId, route.mode, `/webhooks/${a.webhookId}`)}
                      >
                        {a.webhookUrl}
                      </a>
                    ) : (
                      <span className="text-xs text-muted-foreground">A webhook deleted since</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Dialog>
  );
}

export default EventSheet;
