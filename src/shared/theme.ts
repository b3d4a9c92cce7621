import { z } from 'zod';

/** The ecosystem theme as stored under `dashboard:ecosystemTheme`. */
export const ecosystemThemeSchema = z.object({
  primaryColor: z.string().max(100).optional(),
  primaryColorForeground: z.string().max(100).optional(),
  radius: z.string().max(50).optional(),
  faviconUrl: z.string().max(2048).optional(),
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
