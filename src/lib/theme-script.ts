import { THEME_CSS_VARIABLES, faviconType } from '../shared/theme';
import { STORAGE_KEYS } from '../shared/storage-keys';

/**
 * Applies the stored ecosystem theme to the CSS variables and the page icon. It runs as an inline script in the
 * head, before first paint, so it must be self-contained: everything it needs comes in as arguments.
 */
export function applyStoredTheme(key: string, vars: Record<string, string>, typeOf: (url: string) => string): void {
  try {
    const theme: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!theme || typeof theme !== 'object') return;
    const t = theme as Record<string, unknown>;
    const style = document.documentElement.style;
    for (const field of Object.keys(vars)) {
      const value = t[field];
      if (typeof value === 'string' && value) style.setProperty(vars[field]!, value);
    }
    const favicon = t.faviconUrl;
    if (typeof favicon === 'string' && favicon) {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (link) {
        link.href = favicon;
        link.type = typeOf(favicon);
      }
    }
  } catch {
    // A corrupt stored theme must never break the page: the defaults stay.
  }
}

/** Source of the inline head script (the edge allows it by its SHA-256 hash). */
export const THEME_SCRIPT = `(${applyStoredTheme.toString()})(${JSON.stringify(STORAGE_KEYS.ecosystemTheme)},${JSON.stringify(THEME_CSS_VARIABLES)},${faviconType.toString()});`;
