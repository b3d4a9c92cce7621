import { useEffect, useRef } from 'react';
import { Toaster as Sonner, toast as sonnerToast } from 'sonner';
import { TOAST_RULES, attachSonner, toast, toastIdOf } from '../../lib/toast';

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

/**
 * The one toast viewport: top right, below the header (72 px from the top), 16 px from the right, F8 to focus it. Loaded with the first toast (see
 * toaster.tsx); once mounted (sonner's own effects have subscribed first), the toasts that waited are shown.
 */
export function ToasterView() {
  const ref = useRef<HTMLDivElement>(null);
  useSwipeToDismiss(ref);
  useEffect(() => attachSonner(sonnerToast), []);
  return (
    <div ref={ref}>
      <Sonner
        position={TOAST_RULES.position}
        duration={TOAST_RULES.duration}
        hotkey={[...TOAST_RULES.hotkey]}
        offset={{
          top: TOAST_RULES.top,
          right: TOAST_RULES.offset,
          bottom: TOAST_RULES.offset,
          left: TOAST_RULES.offset,
        }}
        mobileOffset={{
          top: TOAST_RULES.top,
          right: TOAST_RULES.offset,
          bottom: TOAST_RULES.offset,
          left: TOAST_RULES.offset,
        }}
        swipeDirections={[]}
        // The dashboard follows the system's colour scheme (src/styles/global.css); the toasts do too, so their rich
        // colours keep their contrast in dark mode.
        theme="system"
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

export default ToasterView;
