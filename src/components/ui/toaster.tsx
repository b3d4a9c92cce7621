import { lazy, Suspense, useEffect } from 'react';
import { $toasterNeeded, TOAST_EVENT, showQueuedToast, toast, type ToastRequest } from '../../lib/toast';
import { useClientStore } from '../../lib/use-client-store';

const ToasterView = lazy(() => import('./toaster-view'));

/** Shows toasts that plain (non-React) scripts request with a `dashboard:toast` event, and the one a previous page queued. */
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

/**
 * The toast island of every page. sonner and its viewport load when the first toast is asked for, not with the
 * page (docs/decisions.md, "Toasts load on first use").
 */
export function Toaster() {
  const needed = useClientStore($toasterNeeded, false);
  useToastEvents();
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}

export default Toaster;
