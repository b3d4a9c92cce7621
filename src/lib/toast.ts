import { toast as sonner, type ExternalToast } from 'sonner';
import { STORAGE_KEYS } from '../shared/storage-keys';

/** The toast rules in one place (the Toaster and the tests read them from here). */
export const TOAST_RULES = {
  position: 'top-right',
  duration: 5000,
  loadingDuration: 20_000,
  swipeThreshold: 50,
  hotkey: ['F8'],
  offset: 16,
  maxWidthClass: 'max-w-xs',
} as const;

type Options = Omit<ExternalToast, 'className'>;

const ID_CLASS = 'toast-id-';
const loadingTimers = new Map<string | number, ReturnType<typeof setTimeout>>();

function withId(options: Options | undefined): ExternalToast & { id: string | number } {
  const id = options?.id ?? `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { ...options, id, className: `${ID_CLASS}${id}` };
}

function settle(id: string | number): void {
  const timer = loadingTimers.get(id);
  if (timer) clearTimeout(timer);
  loadingTimers.delete(id);
}

/** The dashboard's toasts: sonner with our rules. Pass `{ id }` of a loading toast to turn it into a result. */
export const toast = {
  success(message: string, options?: Options) {
    const o = withId(options);
    settle(o.id);
    return sonner.success(message, o);
  },
  error(message: string, options?: Options) {
    const o = withId(options);
    settle(o.id);
    return sonner.error(message, o);
  },
  /** A loading toast: not closable by the user, gone after 20 s unless it became a result first. */
  loading(message: string, options?: Options) {
    const o = withId(options);
    settle(o.id);
    // sonner never times out a loading toast by itself.
    loadingTimers.set(
      o.id,
      setTimeout(() => (loadingTimers.delete(o.id), sonner.dismiss(o.id)), TOAST_RULES.loadingDuration),
    );
    return sonner.loading(message, { ...o, dismissible: false });
  },
  dismiss(id?: string | number) {
    if (id !== undefined) settle(id);
    return sonner.dismiss(id);
  },
};

/** The toast id carried by a toast element's class, or null. */
export function toastIdOf(element: Element): string | null {
  for (const c of element.classList) if (c.startsWith(ID_CLASS)) return c.slice(ID_CLASS.length);
  return null;
}

export type ToastKind = 'success' | 'error' | 'loading';

/** What non-React scripts dispatch on window to show a toast (`dashboard:toast` CustomEvent detail). */
export interface ToastRequest {
  kind: ToastKind;
  message: string;
  id?: string;
}

export const TOAST_EVENT = 'dashboard:toast';

const NEXT_PAGE_KEY = STORAGE_KEYS.toastNext;

/** Keeps a result toast for the page a write navigates to (session storage; shown once by the Toaster there). */
export function toastOnNextPage(kind: Exclude<ToastKind, 'loading'>, message: string): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify({ kind, message }));
  } catch {
    // Storage blocked: the navigation itself is the feedback.
  }
}

/** Shows (once) the toast a previous page queued for this one. */
export function showQueuedToast(): void {
  try {
    const raw = sessionStorage.getItem(NEXT_PAGE_KEY);
    if (!raw) return;
    sessionStorage.removeItem(NEXT_PAGE_KEY);
    const { kind, message } = JSON.parse(raw) as { kind: 'success' | 'error'; message: string };
    if ((kind === 'success' || kind === 'error') && typeof message === 'string') toast[kind](message);
  } catch {
    // A corrupt entry is dropped.
  }
}
