import { useEffect } from 'react';
import type { EcosystemTheme } from '../../shared/theme';
import { $ecosystemTheme, applyTheme } from '../../stores/ecosystem';

/**
 * The live preview: while `theme` is set, the dashboard itself wears it, through the same CSS variables and icon rule
 * as the head script (`applyTheme` of src/stores/ecosystem.ts). Nothing is stored: leaving the page (a new document
 * paints the stored theme) or `restoreSavedTheme` brings the saved theme back.
 */
export function useThemePreview(theme: EcosystemTheme | null): void {
  const key = theme ? JSON.stringify(theme) : null;
  useEffect(() => {
    if (key) applyTheme(JSON.parse(key) as EcosystemTheme);
  }, [key]);
}

/** Puts the stored theme (what every other page paints) back on the dashboard. */
export function restoreSavedTheme(): void {
  applyTheme($ecosystemTheme.get());
}
