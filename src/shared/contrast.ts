/**
 * WCAG 2.x contrast between two #rrggbb colours (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), and the rule a
 * theme's text-on-primary colour must meet. Zod-free and shared: the API refuses a theme with it
 * (src/shared/api/ecosystem.ts) and the dashboard's theme editor says the same and offers the fix.
 */

/** The level AA asks of normal text. */
export const WCAG_AA_TEXT = 4.5;

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb): string => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const ratioOf = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The contrast ratio of two #rrggbb colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(luminanceOf(rgbOf(a)), luminanceOf(rgbOf(b)));
}

/** `4.47:1`: two decimals, cut rather than rounded, so 4.499 never reads as passing 4.5. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * The #rrggbb colour closest to `foreground` (straight-line distance in sRGB) that reaches WCAG AA against
 * `background`: the foreground mixed towards black or towards white by the least amount that passes, whichever
 * of the two moves it less. `foreground` itself when it already passes. Black or white always passes against some
 * side of any colour (the worst case is 4.58:1), so there is always an answer.
 */
export function nearestPassingForeground(background: string, foreground: string): string {
  const bg = luminanceOf(rgbOf(background));
  const fg = rgbOf(foreground);
  if (ratioOf(bg, luminanceOf(fg)) >= WCAG_AA_TEXT) return hexOf(fg);
  const candidates: Rgb[] = [];
  for (const target of [0, 255]) {
    // 256 steps of the mix: the first whose rounded colour passes is the least change in that direction.
    for (let step = 1; step <= 256; step++) {
      const t = step / 256;
      const mixed = fg.map((c) => Math.round(c + (target - c) * t)) as Rgb;
      if (ratioOf(bg, luminanceOf(mixed)) >= WCAG_AA_TEXT) {
        candidates.push(mixed);
        break;
      }
    }
  }
  const distance = (c: Rgb) => c.reduce((sum, v, i) => sum + (v - fg[i]!) ** 2, 0);
  return hexOf(candidates.sort((a, b) => distance(a) - distance(b))[0]!);
}

/**
 * Why text in `foreground` on `background` is refused, or undefined when the pair meets WCAG AA. Both must be
 * #rrggbb colours (the colour rule reports them otherwise).
 */
export function contrastError(background: string, foreground: string): string | undefined {
  const ratio = contrastRatio(background, foreground);
  if (ratio >= WCAG_AA_TEXT) return undefined;
  return `Text on the primary colour has a contrast of ${formatRatio(ratio)}; WCAG AA needs at least 4.5:1 to keep it readable. The nearest colour that passes is ${nearestPassingForeground(background, foreground)}.`;
}
