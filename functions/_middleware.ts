import { decide, shellAssetPath } from './_lib/edge-router';
import { CACHE, NON_HTML_CSP, htmlCsp, withSecurityHeaders } from './_lib/security-headers';
import { injectConfig, pageScriptHashes } from './_lib/shell-html';
import { publicConfig } from './_lib/runtime-config';
import { NOT_FOUND_SHELL } from '../src/shared/routes';

/** Serves a section's static shell with the given status, its CSP (inline script hashes) and the public config. */
async function serveShell(ctx: EventContext<Env, string, unknown>, shell: string, status: number): Promise<Response> {
  const assetUrl = new URL(shellAssetPath(shell), ctx.request.url);
  const asset = await ctx.env.ASSETS.fetch(new Request(assetUrl, { method: 'GET' }));
  if (!asset.ok) {
    if (shell === NOT_FOUND_SHELL) {
      return withSecurityHeaders(
        new Response('Not found', { status: 404, headers: { 'Cache-Control': CACHE.none } }),
        NON_HTML_CSP,
      );
    }
    return serveShell(ctx, NOT_FOUND_SHELL, 404);
  }
  const config = publicConfig(ctx.env);
  const html = injectConfig(await asset.text(), config);
  const response = new Response(ctx.request.method === 'HEAD' ? null : html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': status === 200 ? CACHE.shell : CACHE.notFound,
    },
  });
  return withSecurityHeaders(response, htmlCsp(await pageScriptHashes(html), config));
}

/** Edge entry: security headers → legacy redirects → route rewrite to the section's shell → 404 with status 404. */
export const onRequest: PagesFunction<Env> = async (ctx) => {
  const url = new URL(ctx.request.url);
  const decision = decide(url);
  switch (decision.kind) {
    case 'api': {
      const res = withSecurityHeaders(await ctx.next(), NON_HTML_CSP);
      if (!res.headers.has('Cache-Control')) res.headers.set('Cache-Control', CACHE.none);
      return res;
    }
    case 'asset': {
      const res = await ctx.next();
      if (res.status === 404) return serveShell(ctx, NOT_FOUND_SHELL, 404);
      const out = withSecurityHeaders(res, NON_HTML_CSP);
      if (url.pathname.startsWith('/_astro/') && res.ok) out.headers.set('Cache-Control', CACHE.immutable);
      else if (url.pathname === '/favicon.svg' && res.ok) out.headers.set('Cache-Control', CACHE.icon);
      return out;
    }
    case 'redirect':
      return withSecurityHeaders(
        new Response(null, { status: 301, headers: { Location: decision.location, 'Cache-Control': CACHE.redirect } }),
        NON_HTML_CSP,
      );
    case 'shell': {
      if (ctx.request.method !== 'GET' && ctx.request.method !== 'HEAD') {
        return withSecurityHeaders(
          new Response('Method not allowed', {
            status: 405,
            headers: { Allow: 'GET, HEAD', 'Cache-Control': CACHE.none },
          }),
          NON_HTML_CSP,
        );
      }
      return serveShell(ctx, decision.shell, decision.status);
    }
  }
};
