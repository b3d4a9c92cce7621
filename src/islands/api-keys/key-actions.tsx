import { RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey, ApiKeyWithSecret } from '../../shared/api/api-keys';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { inputClass } from '../../components/ui/field';
import { apiWrite } from '../../lib/api-write';

const GRACE = [
  { seconds: 0, label: 'None: the old key stops now' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '1 day' },
  { seconds: 3 * 86_400, label: '3 days' },
  { seconds: 7 * 86_400, label: '7 days (the most)' },
];

/** Rotate (new secret now, the old one works for the chosen grace period) and revoke, for an active secret key. */
export function KeyActions({
  apiKey,
  keyPath,
  listPath,
  onSecret,
}: {
  apiKey: ApiKey;
  keyPath: string;
  listPath: string;
  onSecret: (key: ApiKeyWithSecret) => void;
}) {
  const [rotating, setRotating] = useState(false);
  const [grace, setGrace] = useState(86_400);
  const [busy, setBusy] = useState(false);
  if (apiKey.status !== 'active') return null;
  return (
    <div className="flex flex-wrap gap-2">
      {apiKey.type !== 'publishable' && (
        <Dialog
          open={rotating}
          onOpenChange={setRotating}
          title={`Rotate ${apiKey.name}`}
          description="A new secret is made now. Until the grace period ends, the old secret keeps working, so you can deploy the new one first."
          trigger={
            <Button variant="outline" size="sm">
              <RefreshCw className="h-4 w-4" aria-hidden /> Rotate
            </Button>
          }
        >
          <label className="grid gap-1.5 text-sm font-medium">
            Grace period for the old secret
            <select value={grace} onChange={(e) => setGrace(Number(e.target.value))} className={inputClass}>
              {GRACE.map((g) => (
                <option key={g.seconds} value={g.seconds}>
                  {g.label}
                </option>
              ))}
            </select>
          </label>
          <div className="flex justify-end">
            <Button
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  const next = await apiWrite<ApiKeyWithSecret>(`${keyPath}/rotate`, {
                    method: 'POST',
                    body: { gracePeriodSeconds: grace },
                    pending: 'Rotating key…',
                    done: 'Key rotated',
                    invalidate: [listPath],
                  });
                  setRotating(false);
                  onSecret(next);
                } catch {
                  // The toast says why; the dialog stays for another try.
                } finally {
                  setBusy(false);
                }
              }}
            >
              Rotate key
            </Button>
          </div>
        </Dialog>
      )}
      <ConfirmDialog
        destructive
        title={`Revoke ${apiKey.name}?`}
        description="Requests with this key are refused from now on. This cannot be undone."
        confirmLabel="Revoke key"
        trigger={
          <Button variant="outline" size="sm">
            <Trash2 className="h-4 w-4" aria-hidden /> Revoke
          </Button>
        }
        onConfirm={async () => {
          await apiWrite(keyPath, {
            method: 'DELETE',
            pending: 'Revoking key…',
            done: 'Key revoked',
            invalidate: [listPath],
          });
        }}
      />
    </div>
  );
}
