import { describe, expect, it } from 'vitest';
import { contrastError } from '../../../src/shared/contrast';
import { ECOSYSTEM_MESSAGES } from '../../../src/shared/ecosystem';
import { addMember, api, newProject, token } from './helpers';

/**
 * Ecosystem settings (docs/api.md "Ecosystem"): https links, hostnames, the theme's colours, radius and favicon, each
 * refused at its own field with the message the dashboard's form shows too; a custom domain only through its DNS
 * proof (tests/workers/api/domain-claims.test.ts).
 */

const VALID = {
  name: 'Demo Worlds',
  // Set only through a claim and its DNS proof (tests/workers/api/domain-claims.test.ts).
  customDomain: null,
  logoUrl: 'https://cdn.demo-worlds.com/logo.png',
  theme: {
    primaryColor: '#0f766e',
    primaryColorForeground: '#ffffff',
    radius: '12px',
    faviconUrl: 'https://cdn.demo-worlds.com/favicon.ico?v=2',
  },
  walletDomains: ['play.demo-worlds.com', 'demo-worlds.com'],
  links: {
    terms: 'https://demo-worlds.com/terms',
    privacy: 'https://demo-worlds.com/privacy',
    support: 'https://help.demo-worlds.com',
    docs: null,
  },
};

async function patch(projectId: string, auth: string, body: Record<string, unknown>, mode = 'test') {
  const path = `/projects/${projectId}/${mode}/ecosystem`;
  const { version } = (await api('GET', path, auth)).body;
  return api('PATCH', path, auth, { ...body, version });
}

describe('PATCH …/{mode}/ecosystem', () => {
  it('stores a valid ecosystem and answers it', async () => {
    const p = await newProject('eco-valid');
    const res = await patch(p.id, p.ownerToken, VALID);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual(VALID);
    // Nullable fields can be cleared again.
    const cleared = await patch(p.id, p.ownerToken, {
      customDomain: null,
      logoUrl: null,
      walletDomains: [],
      theme: { faviconUrl: null },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data).toMatchObject({ customDomain: null, logoUrl: null, walletDomains: [] });
  });

  it.each([
    ['logoUrl', { logoUrl: 'http://cdn.example.com/logo.png' }, ECOSYSTEM_MESSAGES.httpsUrl],
    ['logoUrl', { logoUrl: 'https://user:pw@cdn.example.com/logo.png' }, ECOSYSTEM_MESSAGES.httpsUrl],
    ['links.terms', { links: { terms: 'javascript:alert(1)' } }, ECOSYSTEM_MESSAGES.httpsUrl],
    ['links.support', { links: { support: 'https://localhost/help' } }, ECOSYSTEM_MESSAGES.httpsUrl],
    ['links.docs', { links: { docs: 'https://127.0.0.1/docs' } }, ECOSYSTEM_MESSAGES.httpsUrl],
    ['customDomain', { customDomain: 'Wallet.Example.com' }, ECOSYSTEM_MESSAGES.hostname],
    ['customDomain', { customDomain: 'https://wallet.example.com' }, ECOSYSTEM_MESSAGES.hostname],
    ['customDomain', { customDomain: 'wallet' }, ECOSYSTEM_MESSAGES.hostname],
    ['walletDomains.1', { walletDomains: ['ok.example.com', 'not a host'] }, ECOSYSTEM_MESSAGES.hostname],
    [
      'walletDomains.2',
      { walletDomains: ['a.example.com', 'b.example.com', 'a.example.com'] },
      ECOSYSTEM_MESSAGES.duplicateDomain,
    ],
    ['theme.primaryColor', { theme: { primaryColor: 'red' } }, ECOSYSTEM_MESSAGES.color],
    ['theme.primaryColorForeground', { theme: { primaryColorForeground: '#fff' } }, ECOSYSTEM_MESSAGES.color],
    ['theme.radius', { theme: { radius: '1.2.3rem' } }, ECOSYSTEM_MESSAGES.radius],
    ['theme.radius', { theme: { radius: '500px' } }, ECOSYSTEM_MESSAGES.radius],
    ['theme.faviconUrl', { theme: { faviconUrl: 'https://cdn.example.com/icon.gif' } }, ECOSYSTEM_MESSAGES.favicon],
    ['theme.faviconUrl', { theme: { faviconUrl: 'https://cdn.example.com/icon' } }, ECOSYSTEM_MESSAGES.favicon],
    ['theme.faviconUrl', { theme: { faviconUrl: 'http://cdn.example.com/icon.png' } }, ECOSYSTEM_MESSAGES.httpsUrl],
  ])('refuses %s at its field: %j', async (path, body, message) => {
    const p = await newProject('eco-invalid');
    const res = await patch(p.id, p.ownerToken, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
  });

  // WCAG AA (4.5:1) for text on the primary colour, with the shared rule's message (src/shared/contrast.ts).
  it.each([
    ['white on the default primary is kept', { primaryColorForeground: '#ffffff' }, null],
    [
      'a foreground changed alone to pale grey',
      { primaryColorForeground: '#cccccc' },
      'Text on the primary colour has a contrast of 3.91:1; WCAG AA needs at least 4.5:1 to keep it readable. The nearest colour that passes is #dbdbdb.',
    ],
    [
      'a primary changed alone to yellow (stored white stays)',
      { primaryColor: '#facc15' },
      'Text on the primary colour has a contrast of 1.53:1; WCAG AA needs at least 4.5:1 to keep it readable. The nearest colour that passes is #5a5a5a.',
    ],
    [
      'the same colour twice',
      { primaryColor: '#336699', primaryColorForeground: '#336699' },
      contrastError('#336699', '#336699'),
    ],
    ['black on yellow passes', { primaryColor: '#facc15', primaryColorForeground: '#000000' }, null],
  ])('theme contrast: %s', async (_, theme, message) => {
    const p = await newProject('eco-contrast');
    const before = (await api('GET', `/projects/${p.id}/test/ecosystem`, p.ownerToken)).body;
    const res = await patch(p.id, p.ownerToken, { name: 'Readable', theme });
    if (message === null) {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.theme).toMatchObject(theme);
      return;
    }
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'theme.primaryColorForeground', message }]);
    // Nothing was written: the name and the theme are what they were.
    const after = (await api('GET', `/projects/${p.id}/test/ecosystem`, p.ownerToken)).body;
    expect(after.version).toBe(before.version);
    expect(after.data).toEqual(before.data);
  });

  it('a custom domain is not set by PATCH: it needs the DNS proof; clearing it is allowed', async () => {
    const a = await newProject('eco-domain-a');
    const domain = `wallet-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const refused = await patch(a.id, a.ownerToken, { customDomain: domain });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: 'customDomain', message: expect.stringContaining('DNS TXT record') },
    ]);
    expect((await patch(a.id, a.ownerToken, { customDomain: null })).status).toBe(200);
  });

  it('refuses a stale version, and developers and viewers', async () => {
    const p = await newProject('eco-roles');
    const path = `/projects/${p.id}/test/ecosystem`;
    const { version } = (await api('GET', path, p.ownerToken)).body;
    expect((await api('PATCH', path, p.ownerToken, { name: 'First', version })).status).toBe(200);
    const stale = await api('PATCH', path, p.ownerToken, { name: 'Second', version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toEqual({ reason: 'stale_version' });
    for (const role of ['admin', 'developer', 'viewer']) await addMember(p.id, `eco-${role}`, role);
    const now = (await api('GET', path, p.ownerToken)).body.version;
    for (const role of ['developer', 'viewer']) {
      const t = await token(`eco-${role}`);
      expect((await api('GET', path, t)).status).toBe(200);
      expect((await api('PATCH', path, t, { name: 'Mine', version: now })).status, role).toBe(403);
    }
    expect((await api('PATCH', path, await token('eco-admin'), { name: 'Admin', version: now })).status).toBe(200);
  });
});
