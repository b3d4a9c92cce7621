import { useTestStorageEngine } from '@nanostores/persistent';
import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio } from '../../src/shared/contrast';
import { draftOf, previewOf, validate } from '../../src/islands/ecosystem/draft';
import { ECOSYSTEM_DEFAULTS } from '../../src/shared/api/ecosystem';
import { ECOSYSTEM_MESSAGES } from '../../src/shared/ecosystem';

useTestStorageEngine();
const { applyTheme, DEFAULT_ICON } = await import('../../src/stores/ecosystem');

/** A document with just what `applyTheme` touches. */
function fakeDocument() {
  const vars = new Map<string, string>();
  const link = { href: '/favicon.svg', type: 'image/svg+xml', getAttribute: () => link.href };
  const doc = {
    documentElement: {
      style: { setProperty: (k: string, v: string) => vars.set(k, v), removeProperty: (k: string) => vars.delete(k) },
    },
    querySelector: () => link,
  } as unknown as Document;
  return { doc, vars, link };
}

describe('applyTheme (the preview and the stored theme)', () => {
  it('sets the variables and the icon with its type, and puts the dashboard icon back for a theme without one', () => {
    const { doc, vars, link } = fakeDocument();
    applyTheme({ primaryColor: '#0f766e', radius: '12px', faviconUrl: 'https://cdn.example.com/i.png?v=2' }, doc);
    expect(Object.fromEntries(vars)).toEqual({ '--primary': '#0f766e', '--radius': '12px' });
    expect([link.href, link.type]).toEqual(['https://cdn.example.com/i.png?v=2', 'image/png']);
    applyTheme({ primaryColor: '#b91c1c' }, doc);
    expect(Object.fromEntries(vars)).toEqual({ '--primary': '#b91c1c' });
    expect([link.href, link.type]).toEqual([DEFAULT_ICON.href, DEFAULT_ICON.type]);
  });
});

describe('the ecosystem form', () => {
  it('checks with the API’s rules and messages, at the API’s field paths', () => {
    const draft = draftOf(ECOSYSTEM_DEFAULTS);
    draft.customDomain = 'Wallet.Example.com';
    draft.walletDomains = ['a.example.com', 'A.example.com', '', 'nope'];
    draft.links.terms = 'http://example.com/terms';
    draft.theme.primaryColor = 'teal';
    draft.theme.faviconUrl = 'https://cdn.example.com/icon.gif';
    expect(validate(draft).errors).toEqual({
      'walletDomains.1': ECOSYSTEM_MESSAGES.duplicateDomain,
      'walletDomains.3': ECOSYSTEM_MESSAGES.hostname,
      'links.terms': ECOSYSTEM_MESSAGES.httpsUrl,
      'theme.primaryColor': ECOSYSTEM_MESSAGES.color,
      'theme.faviconUrl': ECOSYSTEM_MESSAGES.favicon,
    });
    // The preview keeps the last valid value of an invalid field.
    expect(previewOf(draft, ECOSYSTEM_DEFAULTS.theme).primaryColor).toBe(ECOSYSTEM_DEFAULTS.theme.primaryColor);
  });

  it('sends hostnames in lower case, blanks as null, and drops empty domain rows', () => {
    const draft = draftOf(ECOSYSTEM_DEFAULTS);
    draft.customDomain = ' Wallet.Example.com ';
    draft.walletDomains = ['Play.Example.com', ''];
    draft.name = '  ';
    expect(validate(draft).body).toMatchObject({
      name: null,
      customDomain: 'wallet.example.com',
      walletDomains: ['play.example.com'],
    });
  });

  it('measures contrast as WCAG does, and never rounds a failing ratio up to 4.5', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4f46e5', '#ffffff')).toBeCloseTo(6.29, 2);
    expect(formatRatio(4.4999)).toBe('4.49:1');
  });
});
