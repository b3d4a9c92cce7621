import { describe, expect, it } from 'vitest';
import {
  contrastError,
  contrastRatio,
  formatRatio,
  nearestPassingForeground,
  WCAG_AA_TEXT,
} from '../../src/shared/contrast';

/** The theme's text-on-primary rule (src/shared/contrast.ts), shared by the API's schema and the theme editor. */

describe('contrastRatio (WCAG 2.x)', () => {
  it.each([
    ['#000000', '#ffffff', '21.00:1'],
    ['#ffffff', '#ffffff', '1.00:1'],
    // The well-known grey boundary on white: #777 fails, #767676 passes.
    ['#ffffff', '#777777', '4.47:1'],
    ['#ffffff', '#767676', '4.54:1'],
    ['#4f46e5', '#ffffff', '6.28:1'],
    ['#ff0000', '#ffffff', '3.99:1'],
    ['#facc15', '#000000', '13.71:1'],
  ])('%s against %s is %s, the same either way round', (a, b, shown) => {
    expect(formatRatio(contrastRatio(a, b))).toBe(shown);
    expect(contrastRatio(b, a)).toBe(contrastRatio(a, b));
  });
});

describe('nearestPassingForeground', () => {
  it.each([
    // [primary, foreground as typed, nearest foreground that passes]
    ['#ffffff', '#777777', '#767676'],
    ['#4f46e5', '#ffffff', '#ffffff'],
    ['#4f46e5', '#cccccc', '#dbdbdb'],
    ['#facc15', '#ffffff', '#5a5a5a'],
    ['#ff0000', '#ffffff', '#161616'],
    ['#336699', '#336699', '#d6e1eb'],
    ['#000000', '#222222', '#757575'],
  ])('on %s, %s becomes %s', (primary, typed, nearest) => {
    expect(nearestPassingForeground(primary, typed)).toBe(nearest);
  });

  it.each([
    ['#ffffff', '#777777'],
    ['#4f46e5', '#cccccc'],
    ['#facc15', '#ffffff'],
    ['#767676', '#767676'],
    ['#0f766e', '#2dd4bf'],
    ['#808080', '#808080'],
  ])('on %s the answer for %s passes AA, and a colour one step closer to it does not', (primary, typed) => {
    const nearest = nearestPassingForeground(primary, typed);
    expect(contrastRatio(primary, nearest)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    // One unit back towards the typed colour on every channel that moved: below AA again (the least change).
    const back = [1, 3, 5].map((i) => {
      const from = parseInt(typed.slice(i, i + 2), 16);
      const to = parseInt(nearest.slice(i, i + 2), 16);
      return to + Math.sign(from - to);
    });
    const hex = `#${back.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    expect(contrastRatio(primary, hex)).toBeLessThan(WCAG_AA_TEXT);
  });
});

describe('contrastError (the message at the field, from the API and the editor)', () => {
  it.each([
    ['#4f46e5', '#ffffff', undefined],
    ['#ffffff', '#767676', undefined],
    [
      '#ffffff',
      '#777777',
      'Text on the primary colour has a contrast of 4.47:1; WCAG AA needs at least 4.5:1 to keep it readable. The nearest colour that passes is #767676.',
    ],
    [
      '#facc15',
      '#ffffff',
      'Text on the primary colour has a contrast of 1.53:1; WCAG AA needs at least 4.5:1 to keep it readable. The nearest colour that passes is #5a5a5a.',
    ],
  ])('%s with %s: %s', (primary, foreground, message) => {
    expect(contrastError(primary, foreground)).toBe(message);
  });
});
