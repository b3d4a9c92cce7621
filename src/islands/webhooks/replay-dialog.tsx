import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toast } from '../../lib/toast';
import { toLocalInput } from '../shared/date-range-filter';

/** Replay: every event of a window whose latest attempt to this webhook failed is sent again. */
export function ReplayDialog({ webhookPath }: { webhookPath: string }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function replay() {
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
        body: { from: new Date(f).toISOString(), to: new Date(t).toISOString() },
        pending: 'Replaying failed deliveries…',
        done: 'Replay queued',
        invalidate: [`${webhookPath}/deliveries`, webhookPath],
      });
      setOpen(false);
      toast.success(
        queued === 0
          ? 'No failed deliveries in that window: nothing to replay.'
          : `${queued} failed ${queued === 1 ? 'event is' : 'events are'} being sent again.`,
      );
    } catch (e) {
      if (e instanceof ApiRequestError) setErrors(e.fieldErrors);
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
          void replay();
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
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Replay failed deliveries
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
