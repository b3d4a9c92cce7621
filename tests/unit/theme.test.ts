import { describe, expect, it } from 'vitest';
import { faviconType, readEcosystemTheme } from '../../src/shared/theme';
import { THEME_SCRIPT } from '../../src/lib/theme-script';
import { STORAGE_KEYS } from '../../src/shared/storage-keys';

describe('faviconType', () => {
  it.each([
    ['https://x.test/a.svg', 'image/svg+xml'],
    ['https://x.test/a.SVG?v=1', 'image/svg+xml'],
    ['/icon.png', 'image/png'],
    ['/icon.png#frag', 'image/png'],
    ['/favicon.ico', 'image/x-icon'],
    ['/icon', 'image/x-icon'],
    ['/icon.svg.php', 'image/x-icon'],
  ])('%s → %s', (url, type) => expect(faviconType(url)).toBe(type));
});

/** Runs the inline head script against a minimal document and storage. */
function runThemeScript(stored: string | null) {
  const vars = new Map<string, string>();
  const link = { href: '/favicon.svg', type: 'image/svg+xml' };
  const document = {
    documentElement: { style: { setProperty: (k: string, v: string) => vars.set(k, v) } },
    querySelector: () => link,
  };
  const localStorage = { getItem: (k: string) => (k === STORAGE_KEYS.ecosystemTheme ? stored : null) };
  new Function('document', 'localStorage', THEME_SCRIPT)(document, localStorage);
  return { vars: Object.fromEntries(vars), link };
}

describe('the inline theme script', () => {
  it('applies every stored field exactly as stored', () => {
    const { vars, link } = runThemeScript(
      JSON.stringify({
        primaryColor: 'oklch(0.6 0.2 30)',
        primaryColorForeground: '#fff',
        radius: '0.75rem',
        faviconUrl: '/brand.png',
      }),
    );
    expect(vars).toEqual({ '--primary': 'oklch(0.6 0.2 30)', '--primary-foreground': '#fff', '--radius': '0.75rem' });
    expect(link).toEqual({ href: '/brand.png', type: 'image/png' });
  });

  it.each([null, '', '{bad json', '42', '"str"', 'null'])('ignores %j', (stored) => {
    const { vars, link } = runThemeScript(stored);
    expect(vars).toEqual({});
    expect(link.href).toBe('/favicon.svg');
  });

  it('skips fields that are not strings', () => {
    expect(runThemeScript(JSON.stringify({ primaryColor: 7, radius: '2px' })).vars).toEqual({ '--radius': '2px' });
  });
});

describe('readEcosystemTheme (the stored theme, checked on every page)', () => {
  it.each([
    [{}, {}],
    [
      { primaryColor: '#123456', radius: '8px' },
      { primaryColor: '#123456', radius: '8px' },
    ],
    [{ primaryColor: '#123456', extra: 'dropped' }, { primaryColor: '#123456' }],
    [{ primaryColor: 'x'.repeat(100) }, { primaryColor: 'x'.repeat(100) }],
    [{ primaryColor: 'x'.repeat(101) }, undefined],
    [{ faviconUrl: 'x'.repeat(2049) }, undefined],
    [{ radius: 8 }, undefined],
    [{ radius: null }, undefined],
    [null, undefined],
    [[], undefined],
    ['#123456', undefined],
  ])('%j → %j', (stored, read) => expect(readEcosystemTheme(stored)).toEqual(read));
});
