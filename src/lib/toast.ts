import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { atom } from 'nanostores';
import { STORAGE_KEYS } from '../shared/storage-keys';

/** The toast rules in one place (the Toaster and the tests read them from here). */
export const TOAST_RULES = {
  position: 'top-right',
  duration: 5000,
  loadingDuration: 20_000,
  swipeThreshold: 50,
  hotkey: ['F8'],
  offset: 16,
  /**
   * Toasts start below the dashboard header (h-14, 56 px), so they never cover the Live/Test switch or Profile:
   * top = header + offset; every page uses the same rule (pages without the header just have more air above).
   */
  top: 56 + 16,
  maxWidthClass: 'max-w-xs',
} as const;

type Options = Omit<ExternalToast, 'className'>;

const ID_CLASS = 'toast-id-';
const loadingTimers = new Map<string | number, ReturnType<typeof setTimeout>>();

type Sonner = typeof SonnerToast;

/**
 * sonner loads with the first toast, not with the page (docs/decisions.md, "Toasts load on first use"): until the
 * Toaster island has mounted it (`attachSonner`), calls wait in order in `pending`.
 */
let sonner: Sonner | null = null;
let pending: ((s: Sonner) => void)[] = [];

/** True once a toast was asked for: the Toaster island then loads and mounts sonner. */
export const $toasterNeeded = atom(false);

function withSonner(call: (s: Sonner) => void): void {
  if (sonner) return call(sonner);
  pending.push(call);
  $toasterNeeded.set(true);
}

/** Called by the mounted toast viewport: runs the calls that waited for it. */
export function attachSonner(loaded: Sonner): void {
  sonner = loaded;
  const waiting = pending;
  pending = [];
  for (const call of waiting) call(loaded);
}

function withId(options: Options | undefined): ExternalToast & { id: string | number } {
  const id = options?.id ?? `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { ...options, id, className: `${ID_CLASS}${id}` };
}

function settle(id: string | number): void {
  const timer = loadingTimers.get(id);
  if (timer) clearTimeout(timer);
  loadingTimers.delete(id);
}

/**
 * The dashboard's toasts: sonner with our rules. Pass `{ id }` of a loading toast to turn it into a result. Each
 * call returns the toast's id at once, even while sonner is still loading.
 */
export const toast = {
  success(message: string, options?: Options): string | number {
    const o = withId(options);
    settle(o.id);
    withSonner((s) => s.success(message, o));
    return o.id;
  },
  error(message: string, options?: Options): string | number {
    const o = withId(options);
    settle(o.id);
    withSonner((s) => s.error(message, o));
    return o.id;
  },
  /** Done, but not all of it (an invite saved whose email could not be sent). */
  warning(message: string, options?: Options): string | number {
    const o = withId(options);
    settle(o.id);
    withSonner((s) => s.warning(message, o));
    return o.id;
  },
  /** A loading toast: not closable by the user, gone after 20 s unless it became a result first. */
  loading(message: string, options?: Options): string | number {
    const o = withId(options);
    settle(o.id);
    // sonner never times out a loading toast by itself.
    loadingTimers.set(
      o.id,
      setTimeout(() => (loadingTimers.delete(o.id), withSonner((s) => s.dismiss(o.id))), TOAST_RULES.loadingDuration),
    );
    withSonner((s) => s.loading(message, { ...o, dismissible: false }));
    return o.id;
  },
  dismiss(id?: string | number): void {
    if (id !== undefined) settle(id);
    // Nothing is on screen before sonner has loaded, unless a call is waiting for it.
    if (sonner || pending.length > 0) withSonner((s) => s.dismiss(id));
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
