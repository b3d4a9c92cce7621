import { exactTime } from '../../components/ui/relative-time';
import { SecretOnceDialog } from '../api-keys/secret-once-dialog';
import type { WebhookWithSecret } from './types';

/**
 * A webhook's signing secret, shown once (after create or rotation). We keep it encrypted to sign with, and never
 * show it again; after a rotation the old secret still signs for 24 hours (both signatures in `webhook-signature`).
 */
export function WebhookSecretDialog({
  webhook,
  rotated = false,
  onDone,
}: {
  webhook: WebhookWithSecret;
  rotated?: boolean;
  onDone: () => void;
}) {
  return (
    <SecretOnceDialog
      title={rotated ? 'The new signing secret' : 'Your webhook’s signing secret'}
      secret={webhook.secret}
      noun="signing secret"
      description="Verify each delivery’s webhook-signature header with it (Standard Webhooks). Copy it now: it is shown only this once."
      onDone={onDone}
    >
      {rotated && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          For 24 hours every delivery carries two signatures, one with the old secret and one with this one, so you can
          deploy it without dropping events.
          {webhook.previousSecretExpiresAt && (
            <> The old secret stops signing on {exactTime(webhook.previousSecretExpiresAt)}.</>
          )}
        </p>
      )}
    </SecretOnceDialog>
  );
}
