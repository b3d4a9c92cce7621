import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GUARD_SHELL,
  MODES,
  ROUTES,
  buildPath,
  matchRoute,
  switchModeHref,
  switchModePath,
  switchProjectPath,
} from '../../src/shared/routes';
import { LEGACY_REDIRECTS, resolveLegacy } from '../../src/shared/legacy-redirects';
import { ROUTE_SAMPLES, SAMPLE_PROJECT } from '../route-samples';

const pagesDir = path.join(import.meta.dirname, '../../src/pages/shell');
const ownPages = readdirSync(pagesDir)
  .filter((f) => f.endsWith('.astro') && !f.startsWith('['))
  .map((f) => f.slice(0, -'.astro'.length));

describe('route table', () => {
  it('shells and patterns are unique', () => {
    expect(new Set(ROUTES.map((r) => r.shell)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.pattern)).size).toBe(ROUTES.length);
  });

  it('every page file in src/pages/shell is a route (or the guard)', () => {
    const shells = new Set([...ROUTES.map((r) => r.shell), GUARD_SHELL]);
    for (const page of ownPages) expect(shells, `${page}.astro`).toContain(page);
  });

  it.each(ROUTE_SAMPLES.map((s) => [s.path, s.route.shell] as const))('%s matches %s', (p, shell) => {
    expect(matchRoute(p)?.route.shell).toBe(shell);
  });

  it('project ids must start with pro_ and modes are live or test', () => {
    expect(matchRoute('/proj_1/live/wallets')).toBeNull();
    expect(matchRoute(`/${SAMPLE_PROJECT}/prod/wallets`)).toBeNull();
    for (const mode of MODES) expect(matchRoute(`/${SAMPLE_PROJECT}/${mode}/wallets`)?.route.shell).toBe('wallets');
  });

  it('static segments win over parameters', () => {
    expect(matchRoute(`/${SAMPLE_PROJECT}/test/users/unauthenticated`)?.route.shell).toBe('users-unauthenticated');
    expect(matchRoute(`/${SAMPLE_PROJECT}/test/users/pla_1`)?.params.playerId).toBe('pla_1');
  });

  it('buildPath encodes params and refuses missing ones', () => {
    expect(buildPath('/{projectId}/{mode}', { projectId: 'pro_a b', mode: 'live' })).toBe('/pro_a%20b/live');
    expect(() => buildPath('/{projectId}', {})).toThrow(/projectId/);
  });

  it.each([
    [`/${SAMPLE_PROJECT}/test/wallets`, 'live', `/${SAMPLE_PROJECT}/live/wallets`],
    [`/${SAMPLE_PROJECT}/live/users/pla_1`, 'test', `/${SAMPLE_PROJECT}/test/users`],
    [
      `/${SAMPLE_PROJECT}/live/email-templates/custom-smtp`,
      'test',
      `/${SAMPLE_PROJECT}/test/email-templates/custom-smtp`,
    ],
    [`/${SAMPLE_PROJECT}/live`, 'test', `/${SAMPLE_PROJECT}/test`],
  ] as const)('switchModePath(%s, %s) → %s', (from, mode, to) => {
    expect(switchModePath(from, mode)).toBe(to);
  });

  it.each([
    // Filters, the page number and an open object are of one mode; sort, page size and time frame are not.
    [
      `/${SAMPLE_PROJECT}/test/wallets`,
      '?filters=%5B%7B%22field%22%3A%22chainId%22%7D%5D&page=3&order=createdAt%3Aasc&limit=50&wallet=acc_1',
      `/${SAMPLE_PROJECT}/live/wallets?order=createdAt%3Aasc&limit=50`,
    ],
    [`/${SAMPLE_PROJECT}/live/users/pla_1`, '?page=linked', `/${SAMPLE_PROJECT}/test/users`],
    [
      `/${SAMPLE_PROJECT}/live/analytics/wallets`,
      '?timeFrame=week',
      `/${SAMPLE_PROJECT}/test/analytics/wallets?timeFrame=week`,
    ],
    [`/${SAMPLE_PROJECT}/live`, '?total=5', `/${SAMPLE_PROJECT}/test`],
  ] as const)('switchModeHref(%s, %s) → %s', (pathname, search, to) => {
    expect(switchModeHref(pathname, search, to.includes('/live') ? 'live' : 'test')).toBe(to);
  });

  it('switchProjectPath keeps the section', () => {
    expect(switchProjectPath(`/${SAMPLE_PROJECT}/live/policies/pol_1`, 'pro_2')).toBe('/pro_2/live/policies');
    expect(switchProjectPath('/profile', 'pro_2')).toBe('/pro_2');
  });
});

describe('legacy redirect table', () => {
  const P = `/${SAMPLE_PROJECT}/live`;
  const concrete = (p: string) => p.replace('{playerId}', 'pla_1');

  it.each(LEGACY_REDIRECTS.map(([from, to]) => [from, to]))('%s → %s is consistent', (from, to) => {
    expect(matchRoute(P + concrete(from)), 'a legacy source must not be a route').toBeNull();
    expect(matchRoute(P + concrete(to))?.route, 'a legacy target must be a route').toBeTruthy();
    expect(resolveLegacy(P + concrete(to)).kind, 'no chains').toBe('none');
    expect(resolveLegacy(P + concrete(from), '?a=1')).toEqual({
      kind: 'redirect',
      location: `${P}${concrete(to)}?a=1`,
    });
  });

  it('sources are unique', () => {
    expect(new Set(LEGACY_REDIRECTS.map(([f]) => f)).size).toBe(LEGACY_REDIRECTS.length);
  });

  it('no current route looks legacy', () => {
    for (const { path: p } of ROUTE_SAMPLES) expect(resolveLegacy(p).kind, p).toBe('none');
  });

  it.each(['/players/abc', '/developers', '/developers/x', '/auth', '/settings/project', '/project/x'])(
    '%s is unmapped',
    (tail) => {
      expect(resolveLegacy(P + tail).kind).toBe('unmapped');
    },
  );

  it('paths outside a project are never legacy', () => {
    expect(resolveLegacy('/players').kind).toBe('none');
    expect(resolveLegacy('/auth/login').kind).toBe('none');
  });
});
