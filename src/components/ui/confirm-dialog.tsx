import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { DialogRoot } from './dialog-root';

/**
 * Asks before a consequential action (Radix dialog: focus trapped, Escape and the Cancel button close it, the title
 * and description are announced). `onConfirm` may be async; the dialog stays open, busy, until it settles, and stays
 * open when it throws so the caller's error can be shown.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  open: openProp,
  onOpenChange,
}: {
  /** The element that opens the dialog (must accept a ref, e.g. a Button); none when `open` is given. */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<void> | void;
  /** Opened by the caller (a list row) rather than by a trigger. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => (onOpenChange ? onOpenChange(next) : setOwnOpen(next));
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The caller reports the failure; keep the dialog so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogRoot
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      trigger={trigger}
      content={(Dialog) => (
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content
            role="alertdialog"
            className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-card p-6 shadow-lg"
          >
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
            <div className="flex justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button
                variant={destructive ? 'destructive' : 'primary'}
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => void confirm()}
              >
                {confirmLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      )}
    />
  );
}
