/** What the palette lists when it opens: everything, or only the projects (the project switcher). */
export type PaletteScope = 'all' | 'projects';

export const PALETTE_EVENT = 'dashboard:palette';

/** Opens the command palette (its code loads on first use). */
export function openPalette(scope: PaletteScope = 'all'): void {
  window.dispatchEvent(new CustomEvent<PaletteScope>(PALETTE_EVENT, { detail: scope }));
}
