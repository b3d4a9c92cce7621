// Zod-free: the theme is read on every page before the dashboard starts, and a validator library there would put
// its core on every page (docs/decisions.md, "What every page loads").

/** Longest value of each theme field, in characters. */
export const THEME_FIELD_MAX = {
  primaryColor: 100,
  primaryColorForeground: 100,
  radius: 50,
  faviconUrl: 2048,
} as const;

/** The ecosystem theme as stored under `dashboard:ecosystemTheme`. */
export type EcosystemTheme = { -readonly [K in keyof typeof THEME_FIELD_MAX]?: string };

/**
 * The stored theme's fields, or undefined when the value is not a theme: not a plain object, or a field that is not a
 * string or is longer than its limit. Other keys are dropped.
 */
export function readEcosystemTheme(value: unknown): EcosystemTheme | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: EcosystemTheme = {};
  for (const [field, max] of Object.entries(THEME_FIELD_MAX) as [keyof EcosystemTheme, number][]) {
    const v = (value as Record<string, unknown>)[field];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.length > max) return undefined;
    out[field] = v;
  }
  return out;
}

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
