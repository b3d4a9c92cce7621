import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LEGACY_REDIRECTS } from '../../src/shared/legacy-redirects';
import { ROUTE_SAMPLES, SAMPLE_PROJECT } from '../route-samples';
import { edge } from './edge';

const P = `/${SAMPLE_PROJECT}/live`;
const PLAYER = 'pla_0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

/** Concrete legacy source and expected target for a table row. */
function concrete(path: string): string {
  return path.replace('{playerId}', PLAYER);
}

describe('legacy redirects (every row, with and without a query)', () => {
  for (const [from, to] of LEGACY_REDIRECTS) {
    for (const query of ['', '?page=2&filters=a%3Db']) {
      it(`${from}${query} → ${to}${query}`, async () => {
        const res = await edge(`${P}${concrete(from)}${query}`);
        expect(res.status).toBe(301);
        expect(res.headers.get('Location')).toBe(`${P}${concrete(to)}${query}`);
      });
    }
  }

  it('keeps the project id and mode of the request', async () => {
    const res = await edge('/pro_other/test/developers/api-keys');
    expect(res.headers.get('Location')).toBe('/pro_other/test/api-keys');
  });

  it('a trailing slash on a legacy path still redirects', async () => {
    const res = await edge(`${P}/players/`);
    expect(res.headers.get('Location')).toBe(`${P}/users`);
  });

  it.each(['pla_1', 'pla_abc-def', `${PLAYER}`])('any pla_ segment is a user id: %s', async (id) => {
    const res = await edge(`${P}/players/${id}`);
    expect(res.headers.get('Location')).toBe(`${P}/users/${id}`);
  });
});

describe('unmappable and unknown paths answer the 404 page with status 404', () => {
  const notFound = [
    `${P}/players/not-a-user`,
    `${P}/players/${PLAYER}/wallets`,
    `${P}/developers/unknown`,
    `${P}/settings/project/danger-zone`,
    `${P}/auth/anything`,
    `${P}/no-such-section`,
    `/${SAMPLE_PROJECT}/prod/wallets`,
    '/project_1/live/wallets'.replace('project_1', 'pro_1') + '/x/y/z',
    '/auth/unknown',
    '/shell/wallets',
    '/missing-file.png',
  ];
  it.each(notFound)('%s', async (path) => {
    const res = await edge(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Looking for something?');
    expect(html).toContain('We couldn&#39;t find the page that you&#39;re looking for!'.replace(/&#39;/g, "'"));
    expect(html).toContain('Head back');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });
});

describe('every route is rewritten to its own shell', () => {
  it.each(ROUTE_SAMPLES.map((s) => [s.path, s.route.shell, s.route.title] as const))(
    '%s → %s',
    async (path, _shell, title) => {
      const res = await edge(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      expect(await res.text()).toContain(`<title>${title.replace(/&/g, '&amp;')} · Dashboard</title>`);
    },
  );

  it('a trailing slash serves the same page', async () => {
    const res = await edge(`${P}/users/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Users · Dashboard</title>');
  });

  it('paths outside any project reach the client guard', async () => {
    for (const path of ['/wallets', '/users/pla_1', '/anything']) {
      const res = await edge(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Redirecting · Dashboard</title>');
    }
  });

  it('refuses other methods on pages', async () => {
    const res = await edge(`${P}/wallets`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
  });
});

describe('headers', () => {
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  };

  it('HTML: hash-only script CSP matching every inline script, short CDN cache with stale-while-revalidate', async () => {
    const res = await edge(`${P}/wallets`);
    for (const [k, v] of Object.entries(common)) expect(res.headers.get(k)).toBe(v);
    expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
    const csp = res.headers.get('Content-Security-Policy')!;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, a, b]) => !/src=/.test(a!) && b,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline) {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
      expect(scriptSrc).toContain(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
    }
    expect(res.headers.get('Cache-Control')).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/);
  });

  it('the sign-in page’s policy allows the inline scripts of the dashboard pages it opens, no other page’s does', async () => {
    const hashes = async (path: string) => {
      const html = await (await edge(path)).text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, a, b]) => !/src=/.test(a!) && b,
      );
      return Promise.all(
        inline.map(async ([, , body]) => {
          const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
          return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
        }),
      );
    };
    const scriptSrc = async (path: string) =>
      (await edge(path)).headers
        .get('Content-Security-Policy')!
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!;
    const dashboard = [...(await hashes('/')), ...(await hashes(`${P}/wallets`))];
    const login = await scriptSrc('/auth/login');
    for (const hash of dashboard) expect(login).toContain(hash);
    // The sign-up page opens no dashboard page in its own document: only its own scripts.
    const register = await scriptSrc('/auth/register');
    expect(
      register
        .split(' ')
        .filter((t) => t.startsWith("'sha256-"))
        .sort(),
    ).toEqual([...new Set(await hashes('/auth/register'))].sort());
  });

  it('the page carries the public config, and connect-src allows only what it names', async () => {
    const res = await edge('/auth/login');
    const html = await res.text();
    expect(html).toContain('<meta name="dashboard-config"');
    expect(res.headers.get('Content-Security-Policy')).toContain(
      `connect-src 'self' ${new URL(env.PUBLIC_SUPABASE_URL!).origin};`,
    );
  });

  it('hashed assets are immutable for a year', async () => {
    const html = await (await edge('/auth/login')).text();
    const asset = /\/_astro\/[^"]+\.js/.exec(html)![0];
    const res = await edge(asset);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    for (const [k, v] of Object.entries(common)) expect(res.headers.get(k)).toBe(v);
  });

  it('the page icon is kept a day (browsers ask for it on every section switch)', async () => {
    const res = await edge('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
    for (const [k, v] of Object.entries(common)) expect(res.headers.get(k)).toBe(v);
  });

  it('errors and redirects carry the security headers too', async () => {
    for (const path of [`${P}/nope`, `${P}/players`]) {
      const res = await edge(path);
      for (const [k, v] of Object.entries(common)) expect(res.headers.get(k)).toBe(v);
      expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('API responses are not cached and get a locked-down CSP', async () => {
    const res = await edge('/api/v1/projects');
    expect(res.headers.get('X-From')).toBe('api');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  });
});
