import type * as DialogPrimitive from '@radix-ui/react-dialog';
import { cloneElement, isValidElement, useEffect, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { useDialogModule } from './lazy-radix';

export type DialogModule = typeof DialogPrimitive;

type TriggerProps = {
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (e: unknown) => void;
  onFocus?: (e: unknown) => void;
};

/**
 * Radix's Dialog.Root and Trigger with Radix loaded on first use (lazy-radix.ts). Until the dialog first opens,
 * `trigger` renders as it is (pointer over it or focus fetches Radix; a click opens the dialog); an open dialog
 * renders with Radix as soon as it has loaded. `content` renders the Portal (overlay, content) with the loaded
 * module. Always controlled: `open`, `onOpenChange`.
 */
export function DialogRoot({
  open,
  onOpenChange,
  trigger,
  content,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  content: (dialog: DialogModule) => ReactNode;
}) {
  const [D, preload, activate] = useDialogModule();
  useEffect(() => {
    if (open && !D) activate();
  }, [open, D, activate]);

  const element = isValidElement<TriggerProps>(trigger) ? (trigger as ReactElement<TriggerProps>) : null;
  if (!D) {
    if (!element) return trigger ?? null;
    const own = element.props;
    return cloneElement(element, {
      onPointerEnter: (e) => (preload(), own.onPointerEnter?.(e)),
      onFocus: (e) => (preload(), own.onFocus?.(e)),
      onClick: (e) => {
        own.onClick?.(e);
        if (!e.defaultPrevented) onOpenChange(true);
      },
    });
  }
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      {element ? <D.Trigger asChild>{element}</D.Trigger> : trigger}
      {content(D)}
    </D.Root>
  );
}
