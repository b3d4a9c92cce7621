import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { DialogRoot } from './dialog-root';

/**
 * A modal dialog (Radix: focus trapped, Escape closes, title and description announced). `side` makes it a sheet
 * sliding from the right, for details next to a list. Radix loads after the page (dialog-root.tsx).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  side = false,
  trigger,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  side?: boolean;
  trigger?: ReactNode;
}) {
  const [inner, setInner] = useState(false);
  const isOpen = open ?? inner;
  const setOpen = (next: boolean) => {
    if (open === undefined) setInner(next);
    onOpenChange?.(next);
  };
  return (
    <DialogRoot
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      content={(DialogPrimitive) => (
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <DialogPrimitive.Content
            className={cn(
              'fixed z-50 grid gap-4 overflow-y-auto border border-border bg-card p-6 shadow-lg',
              side
                ? 'inset-y-0 right-0 w-full max-w-lg content-start'
                : 'top-1/2 left-1/2 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl',
            )}
          >
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
                {description ? (
                  <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
                    {description}
                  </DialogPrimitive.Description>
                ) : (
                  <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
                )}
              </div>
              <DialogPrimitive.Close
                aria-label="Close"
                className="inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-muted"
              >
                <X className="h-4 w-4" aria-hidden />
              </DialogPrimitive.Close>
            </div>
            {children}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      )}
    />
  );
}
