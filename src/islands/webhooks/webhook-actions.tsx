import { KeyRound, Power, PowerOff, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { apiWrite } from '../../lib/api-write';
import { invalidatePaths } from '../../lib/query';
import type { Webhook, WebhookWithSecret } from './types';

/** Send a test event, enable or disable, rotate the signing secret, delete: for roles that may write data. */
export function WebhookActions({
  webhook,
  path,
  collection,
  onRotated,
  onDeleted,
}: {
  webhook: Webhook;
  path: string;
  collection: string;
  onRotated: (w: WebhookWithSecret) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const invalidate = [collection, path];

  async function run(fn: () => Promise<unknown>) {
    setBusy(true);
    try {
      await fn();
    } catch {
      // The toast says why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={busy || !webhook.enabled}
        title={webhook.enabled ? undefined : 'Enable the webhook to send it events'}
        onClick={() =>
          run(async () => {
            await apiWrite<{ eventId: string }>(`${path}/test`, {
              method: 'POST',
              pending: 'Sending a test event…',
              done: 'Test event sent: its delivery appears in the log',
              invalidate,
            });
            // The delivery is made by the engine right after: show it without a manual refresh.
            for (const ms of [1500, 4000]) setTimeout(() => invalidatePaths(path), ms);
          })
        }
      >
        <Send className="h-4 w-4" aria-hidden /> Send test event
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() =>
          run(() =>
            apiWrite<Webhook>(path, {
              method: 'PATCH',
              body: { enabled: !webhook.enabled, version: webhook.version },
              pending: webhook.enabled ? 'Disabling webhook…' : 'Enabling webhook…',
              done: webhook.enabled ? 'Webhook disabled' : 'Webhook enabled',
              invalidate,
            }),
          )
        }
      >
        {webhook.enabled ? (
          <>
            <PowerOff className="h-4 w-4" aria-hidden /> Disable
          </>
        ) : (
          <>
            <Power className="h-4 w-4" aria-hidden /> Enable
          </>
        )}
      </Button>
      <ConfirmDialog
        title="Rotate the signing secret?"
        description="A new secret is made now and shown once. For 24 hours every delivery is signed with both the old and the new secret, so you can deploy the new one without dropping events; then only the new one signs."
        confirmLabel="Rotate secret"
        trigger={
          <Button size="sm" variant="outline" disabled={busy}>
            <KeyRound className="h-4 w-4" aria-hidden /> Rotate secret
          </Button>
        }
        onConfirm={async () => {
          const next = await apiWrite<WebhookWithSecret>(`${path}/rotate-secret`, {
            method: 'POST',
            pending: 'Rotating the signing secret…',
            done: 'Signing secret rotated',
            invalidate,
          });
          onRotated(next);
        }}
      />
      <ConfirmDialog
        destructive
        title="Delete this webhook?"
        description={`No more events are sent to ${webhook.url}, and its delivery log is deleted with it. This cannot be undone.`}
        confirmLabel="Delete webhook"
        trigger={
          <Button size="sm" variant="outline" disabled={busy}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        }
        onConfirm={async () => {
          await apiWrite(path, {
            method: 'DELETE',
            pending: 'Deleting webhook…',
            done: 'Webhook deleted',
            invalidate: [collection],
          });
          onDeleted();
        }}
      />
    </div>
  );
}
