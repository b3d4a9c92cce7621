import { lazy, Suspense, useEffect } from 'react';
import { $toasterNeeded, TOAST_EVENT, showQueuedToast, toast, type ToastRequest } from '../../lib/toast';
import { useClientStore } from '../../lib/use-client-store';

const ToasterView = lazy(() => import('./toaster-view'));

/**
 * Shows toasts that plain (non-React) scripts request with a `dashboard:toast` event. The listener is added when this
 * module is evaluated, before the island hydrates, so an event sent while the page is still hydrating is not lost.
 */
function onToastEvent(e: Event) {
  const { kind, message, id } = (e as CustomEvent<ToastRequest>).detail;
  toast[kind](message, id ? { id } : undefined);
}
if (typeof window !== 'undefined') window.addEventListener(TOAST_EVENT, onToastEvent);

/** Shows the toast a previous page queued. */
function useQueuedToast() {
  useEffect(() => showQueuedToast(), []);
}

/**
 * The toast island of every page. sonner and its viewport load when the first toast is asked for, not with the
 * page (docs/decisions.md, "Toasts load on first use").
 */
export function Toaster() {
  const needed = useClientStore($toasterNeeded, false);
  useQueuedToast();
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}

export default Toaster;
