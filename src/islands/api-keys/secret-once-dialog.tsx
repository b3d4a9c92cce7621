import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { DialogRoot } from '../../components/ui/dialog-root';

/**
 * Shows a new secret exactly once. It cannot be dismissed (no Escape, no outside click, no close button) until the
 * user confirms it is saved; the value lives only in this component's state: never in the URL, storage or analytics.
 */
export function SecretOnceDialog({
  secret,
  title,
  onDone,
  description = 'Copy it now and keep it somewhere safe. It is shown only this once: we store a hash, not the key.',
  noun = 'secret key',
  children,
}: {
  secret: string;
  title: string;
  onDone: () => void;
  /** What happens to the secret after this dialog (the default is an API key's). */
  description?: string;
  /** What the secret is called in the copy button and the checkbox. */
  noun?: string;
  /** More to say under the secret (e.g. a rotation's grace period). */
  children?: ReactNode;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <DialogRoot
      open
      onOpenChange={() => {}}
      content={(DialogPrimitive) => (
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <DialogPrimitive.Content
            onEscapeKeyDown={(e) => e.preventDefault()}
            onPointerDownOutside={(e) => e.preventDefault()}
            onInteractOutside={(e) => e.preventDefault()}
            className="ph-no-capture fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-card p-6 shadow-lg"
          >
            <DialogPrimitive.Title className="flex items-center gap-2 text-lg font-semibold">
              <KeyRound className="h-5 w-5" aria-hidden /> {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
            <div className="flex items-center gap-2 rounded-md border border-border bg-muted/50 p-3">
              <code data-secret className="min-w-0 flex-1 font-mono text-sm break-all">
                {secret}
              </code>
              <CopyButton value={secret} label={noun} size="md" />
            </div>
            {children}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="h-4 w-4" />
              I have saved this {noun}
            </label>
            <div className="flex justify-end">
              <Button disabled={!saved} onClick={onDone}>
                Done
              </Button>
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      )}
    />
  );
}
