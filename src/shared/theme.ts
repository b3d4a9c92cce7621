// zod/mini: the theme is read on every page before the dashboard starts, so its validator must weigh little.
import { z } from 'zod/mini';

const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** The ecosystem theme as stored under `dashboard:ecosystemTheme`. */
export const ecosystemThemeSchema = z.object({
  primaryColor: text(100),
  primaryColorForeground: text(100),
  radius: text(50),
  faviconUrl: text(2048),
});
export type EcosystemTheme = z.infer<typeof ecosystemThemeSchema>;

/** CSS variable each theme field sets. Values are applied exactly as stored. */
export const THEME_CSS_VARIABLES = {
  primaryColor: '--primary',
  primaryColorForeground: '--primary-foreground',
  radius: '--radius',
} as const;

/** MIME type of a favicon, from the URL's ending (query and fragment ignored). */
export function faviconType(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!.toLowerCase();
  if (path.endsWith('.svg')) return 'image/svg+xml';
  if (path.endsWith('.png')) return 'image/png';
  return 'image/x-icon';
}
