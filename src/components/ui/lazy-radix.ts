import { useCallback, useState } from 'react';

/**
 * A Radix primitive's module that loads when the user reaches for a control that needs it, not with the page
 * (docs/decisions.md "Menus and dialogs load on first use"). Until the control opens it renders a plain element
 * with the same look, so neither the first paint nor the first seconds of the page spend time on Radix; when it
 * opens, Radix renders it, open, and takes the focus from there (and gives it back to its trigger on close).
 * Loaded once per page, shared by every control.
 */
export function lazyModule<T>(importer: () => Promise<T>) {
  let promise: Promise<T> | null = null;
  const load = () => (promise ??= importer());

  /**
   * `[module, preload, activate]`: the module once this control was activated (null until then); `preload` fetches
   * it (pointer over the control, focus) without changing what is rendered, so a click in progress is not
   * interrupted; `activate` (the control opens) renders with it.
   */
  return function useLazyModule(): [T | null, () => void, () => void] {
    const [module, setModule] = useState<T | null>(null);
    const preload = useCallback(() => void load(), []);
    const activate = useCallback(() => void load().then((m) => setModule(() => m)), []);
    return [module, preload, activate];
  };
}

/** The Radix dropdown menu (menus of the lists: filter chips, column chooser). */
export const useMenuModule = lazyModule(() => import('@radix-ui/react-dropdown-menu'));

/** The Radix dialog (dialogs, confirmations, the drawer). */
export const useDialogModule = lazyModule(() => import('@radix-ui/react-dialog'));
