import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { THEME_CSS_VARIABLES, faviconType, readEcosystemTheme, type EcosystemTheme } from '../shared/theme';
import { jsonCodec } from './json-codec';

/** The ecosystem theme, applied to the CSS variables as stored. */
export const $ecosystemTheme = persistentAtom<EcosystemTheme>(
  STORAGE_KEYS.ecosystemTheme,
  {},
  jsonCodec<EcosystemTheme>({}, (v): v is EcosystemTheme => readEcosystemTheme(v) !== undefined),
);

/** The page icon of src/layouts/BaseLayout.astro, shown when the theme has none. */
export const DEFAULT_ICON = { href: '/favicon.svg', type: 'image/svg+xml' } as const;

/** Applies a theme to the document: CSS variables exactly as given, and the page icon with its type. */
export function applyTheme(theme: EcosystemTheme, doc: Document = document): void {
  const style = doc.documentElement.style;
  for (const [field, cssVar] of Object.entries(THEME_CSS_VARIABLES)) {
    const value = theme[field as keyof typeof THEME_CSS_VARIABLES];
    if (value) style.setProperty(cssVar, value);
    else style.removeProperty(cssVar);
  }
  // Without an icon of its own the theme shows the dashboard's (a preview or another tab may have changed it).
  const link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) {
    const href = theme.faviconUrl || DEFAULT_ICON.href;
    const type = theme.faviconUrl ? faviconType(theme.faviconUrl) : DEFAULT_ICON.type;
    // Writing either attribute, even with the same value, makes the browser fetch the icon again (twice a swap).
    if (link.getAttribute('href') !== href) link.href = href;
    if (link.getAttribute('type') !== type) link.type = type;
  }
}

/** Saves and applies a new theme (other tabs follow through the storage event). */
export function setEcosystemTheme(theme: EcosystemTheme): void {
  const checked = readEcosystemTheme(theme);
  if (!checked) throw new TypeError('Not an ecosystem theme: each field is a string within its length limit.');
  $ecosystemTheme.set(checked);
}

/** Keeps the document in step with the stored theme, in this tab and when another tab changes it. */
export function followEcosystemTheme(): () => void {
  return $ecosystemTheme.listen((theme) => applyTheme(theme));
}
