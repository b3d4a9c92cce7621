import { Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { CopyButton, CopyText } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { exactTime } from '../../components/ui/relative-time';
import { apiWrite } from '../../lib/api-write';
import { STATUS_LABEL, type Delivery } from './types';
import { DeliveryBadge } from './webhook-status';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 min-w-0">{children}</dd>
    </div>
  );
}

function Block({ title, text, copy }: { title: string; text: string; copy: string }) {
  return (
    <section className="grid gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">{title}</h3>
        <CopyButton value={text} label={copy} />
      </div>
      <pre
        tabIndex={0}
        className="max-h-72 overflow-auto rounded-md border border-border bg-muted/50 p-3 font-mono text-xs whitespace-pre-wrap break-all"
      >
        {text}
      </pre>
    </section>
  );
}

/** One delivery attempt in a sheet: what was sent, what came back (code, body excerpt, error, latency); resend. */
export function DeliverySheet({
  delivery: d,
  webhookPath,
  canWrite,
  onClose,
}: {
  delivery: Delivery;
  webhookPath: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const payload = JSON.stringify(d.payload, null, 2) ?? 'null';
  return (
    <Dialog
      side
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${STATUS_LABEL[d.status]} delivery`}
      description={`Attempt ${d.attempt} of a ${d.topic} event, ${d.status === 'pending' ? 'due ' : ''}${exactTime(d.createdAt)}.`}
    >
      <dl>
        <Row label="Status">
          <DeliveryBadge status={d.status} />
        </Row>
        <Row label="Response code">
          {d.responseCode === null ? 'No response' : <span className="font-mono">{d.responseCode}</span>}
        </Row>
        {/* A pending attempt's note says why it waits (a held attempt: the DNS lookup failed on our side). */}
        {d.error && (
          <Row label={d.status === 'pending' ? 'Note' : 'Error'}>
            <span className={d.status === 'pending' ? 'text-muted-foreground' : 'text-destructive'}>{d.error}</span>
          </Row>
        )}
        <Row label="Latency">{d.latencyMs === null ? '—' : `${d.latencyMs} ms`}</Row>
        <Row label="Topic">
          <span className="font-mono text-xs">{d.topic}</span>
        </Row>
        {d.eventId && (
          <Row label="Event (webhook-id)">
            <CopyText value={d.eventId} label="event id" />
          </Row>
        )}
        <Row label="Attempt id">
          <CopyText value={d.id} label="delivery id" />
        </Row>
        {d.nextAttemptAt && <Row label="Next attempt">{exactTime(d.nextAttemptAt)}</Row>}
      </dl>
      <Block title="Request payload" text={payload} copy="payload" />
      {d.responseBody ? (
        <Block title="Response body (first 1 KB)" text={d.responseBody} copy="response body" />
      ) : (
        <p className="text-sm text-muted-foreground">No response body was recorded.</p>
      )}
      {canWrite && (
        <div className="border-t border-border pt-4">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await apiWrite(`${webhookPath}/deliveries/${d.id}/resend`, {
                  method: 'POST',
                  pending: 'Resending…',
                  done: 'Resent: the new attempt appears in the log',
                  invalidate: [`${webhookPath}/deliveries`, webhookPath],
                });
                onClose();
              } catch {
                // The toast says why.
              } finally {
                setBusy(false);
              }
            }}
          >
            <Send className="h-4 w-4" aria-hidden /> Resend this event
          </Button>
        </div>
      )}
    </Dialog>
  );
}

export default DeliverySheet;
