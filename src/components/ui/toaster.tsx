import { useEffect, useRef } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_EVENT, TOAST_RULES, showQueuedToast, toast, toastIdOf, type ToastRequest } from '../../lib/toast';

/**
 * Swipe-to-dismiss with our own threshold (sonner's is fixed at 45 px): a toast moved at least 50 px sideways
 * is closed; loading toasts never are.
 */
function useSwipeToDismiss(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let start: { x: number; el: HTMLElement } | null = null;
    const down = (e: PointerEvent) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-sonner-toast]');
      start = el && el.dataset.type !== 'loading' ? { x: e.clientX, el } : null;
    };
    const up = (e: PointerEvent) => {
      if (!start) return;
      const id = toastIdOf(start.el);
      if (id && Math.abs(e.clientX - start.x) >= TOAST_RULES.swipeThreshold) toast.dismiss(id);
      start = null;
    };
    root.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    return () => {
      root.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
    };
  }, [ref]);
}

/** Shows toasts that plain (non-React) scripts request with a `dashboard:toast` event. */
function useToastEvents() {
  useEffect(() => {
    const onToast = (e: Event) => {
      const { kind, message, id } = (e as CustomEvent<ToastRequest>).detail;
      toast[kind](message, id ? { id } : undefined);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    showQueuedToast();
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);
}

/** The one toast viewport: top right, 16 px from the edges, F8 to focus it. */
export function Toaster() {
  const ref = useRef<HTMLDivElement>(null);
  useSwipeToDismiss(ref);
  useToastEvents();
  return (
    <div ref={ref}>
      <Sonner
        position={TOAST_RULES.position}
        duration={TOAST_RULES.duration}
        hotkey={[...TOAST_RULES.hotkey]}
        offset={TOAST_RULES.offset}
        mobileOffset={TOAST_RULES.offset}
        swipeDirections={[]}
        richColors
        closeButton
        containerAriaLabel="Notifications"
        style={{ '--width': '20rem' } as React.CSSProperties}
        toastOptions={{
          classNames: {
            toast: TOAST_RULES.maxWidthClass,
          },
        }}
      />
    </div>
  );
}

export default Toaster;
