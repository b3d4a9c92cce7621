import { describe, expect, it } from 'vitest';
import { headersFile, routesJson, STATIC_ASSETS } from '../../scripts/build/static-assets';
import { CACHE, COMMON_HEADERS, NON_HTML_CSP } from '../../functions/_lib/security-headers';

/** `_headers` as Pages reads it: a path line, then its indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.set(line.trim(), (current = {}));
    else {
      const at = line.indexOf(':');
      current![line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

describe('static assets served without the Pages Function (_routes.json, _headers)', () => {
  it('the Function runs for every path except the built modules and the icon', () => {
    expect(JSON.parse(routesJson())).toEqual({ version: 1, include: ['/*'], exclude: ['/_astro/*', '/favicon.svg'] });
  });

  it.each([
    ['/_astro/*', CACHE.immutable],
    ['/favicon.svg', CACHE.icon],
  ])('%s gets the edge’s security headers, the non-HTML policy and Cache-Control %s', (pattern, cache) => {
    const rule = parseHeaders(headersFile()).get(pattern);
    expect(rule).toEqual({ ...COMMON_HEADERS, 'Content-Security-Policy': NON_HTML_CSP, 'Cache-Control': cache });
  });

  it('every excluded path has its headers, and no other path is listed', () => {
    expect([...parseHeaders(headersFile()).keys()]).toEqual(STATIC_ASSETS.map((a) => a.pattern));
  });
});
