import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toast } from '../../lib/toast';
import { toLocalInput } from '../shared/date-range-filter';

/** The API's pause of a replay after the webhook's URL changed (409 `url_changed`). */
interface UrlChange {
  message: string;
  eventsBefore: number;
  url: string;
}
function urlChangeOf(e: ApiRequestError): UrlChange | null {
  const d = e.details as { reason?: unknown; eventsBefore?: unknown; url?: unknown } | undefined;
  if (e.status !== 409 || d?.reason !== 'url_changed') return null;
  return { message: e.message, eventsBefore: Number(d.eventsBefore) || 0, url: String(d.url ?? '') };
}

/**
 * Replay: every event of a window whose latest attempt to this webhook failed is sent again. Events created before
 * the webhook's URL last changed go to the new URL only when the user confirms (the API asks with a 409).
 */
export function ReplayDialog({ webhookPath }: { webhookPath: string }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [urlChange, setUrlChange] = useState<UrlChange | null>(null);

  async function replay(confirmUrlChange = false) {
    const f = Date.parse(from);
    const t = Date.parse(to);
    const local: Record<string, string> = {};
    if (Number.isNaN(f)) local.from = 'Choose when the window starts.';
    if (Number.isNaN(t)) local.to = 'Choose when the window ends.';
    else if (!Number.isNaN(f) && f >= t) local.to = 'The end must be after the start.';
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    setErrors({});
    try {
      const { queued } = await apiWrite<{ queued: number }>(`${webhookPath}/replay`, {
        method: 'POST',
        body: {
          from: new Date(f).toISOString(),
          to: new Date(t).toISOString(),
          ...(confirmUrlChange ? { confirmUrlChange: true } : {}),
        },
        pending: 'Replaying failed deliveries…',
        done: 'Replay queued',
        invalidate: [`${webhookPath}/deliveries`, webhookPath],
      });
      setOpen(false);
      setUrlChange(null);
      toast.success(
        queued === 0
          ? 'No failed deliveries in that window: nothing to replay.'
          : `${queued} failed ${queued === 1 ? 'event is' : 'events are'} being sent again.`,
      );
    } catch (e) {
      if (!(e instanceof ApiRequestError)) return;
      setErrors(e.fieldErrors);
      setUrlChange(urlChangeOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          const now = Date.now();
          setFrom(toLocalInput(now - 86_400_000));
          setTo(toLocalInput(now));
          setErrors({});
          setUrlChange(null);
        }
        setOpen(next);
      }}
      title="Replay failed deliveries"
      description="Every event of this window whose latest attempt to this webhook failed is sent again now, with its original webhook-id."
      trigger={
        <Button size="toolbar" variant="outline">
          <History className="h-4 w-4" aria-hidden /> Replay failed
        </Button>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void replay(false);
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="From"
            type="datetime-local"
            value={from}
            error={errors.from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <Field
            label="To"
            type="datetime-local"
            value={to}
            error={errors.to}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <p className="text-xs text-muted-foreground">Times are in your local time zone.</p>
        {urlChange ? (
          <div
            role="alert"
            className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <p>
              The URL of this webhook changed after {urlChange.eventsBefore}{' '}
              {urlChange.eventsBefore === 1 ? 'event' : 'events'} of this window{' '}
              {urlChange.eventsBefore === 1 ? 'was' : 'were'} created:{' '}
              {urlChange.eventsBefore === 1 ? 'it was' : 'they were'} meant for the old URL. Send{' '}
              {urlChange.eventsBefore === 1 ? 'it' : 'them'} to{' '}
              <span className="break-all font-mono">{urlChange.url}</span>?
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setUrlChange(null)}>
                Cancel
              </Button>
              <Button type="button" size="sm" disabled={busy} onClick={() => void replay(true)}>
                Send to the new URL
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              Replay failed deliveries
            </Button>
          </div>
        )}
      </form>
    </Dialog>
  );
}
