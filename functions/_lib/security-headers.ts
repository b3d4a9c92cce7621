import type { PublicConfig } from '../../src/shared/public-config';

/** Origin of a URL, or null when it is not an http(s) URL. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Content-Security-Policy for an HTML page whose inline scripts have the given SHA-256 hashes. */
export function htmlCsp(scriptHashes: readonly string[], config: PublicConfig): string {
  const connect = [
    "'self'",
    originOf(config.supabaseUrl),
    config.posthogKey ? originOf(config.posthogHost) : null,
  ].filter((v): v is string => Boolean(v));
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((h) => `'sha256-${h}'`).join(' ')}`.trim(),
    // Tailwind and sonner inject styles at run time; scripts stay hash-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** CSP for everything that is not an HTML page (JSON, assets, redirects). */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The security headers of every response: the edge's and the static assets' (scripts/build/static-assets.ts). */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Cache policies, by kind of response. */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  // Browsers revalidate every time; the CDN keeps a shell 5 minutes and serves it stale while it refetches.
  shell: 'public, max-age=0, must-revalidate, s-maxage=300, stale-while-revalidate=86400',
  notFound: 'public, max-age=0, must-revalidate, s-maxage=60',
  redirect: 'public, max-age=3600',
  // The page icon (public/favicon.svg): browsers ask for it again on every section switch, so it is kept a day
  // rather than revalidated each time; a changed icon shows within a day.
  icon: 'public, max-age=86400',
  none: 'no-store',
} as const;

/** Returns a copy of `response` with the security headers (and `csp`) set. */
export function withSecurityHeaders(response: Response, csp: string): Response {
  const out = new Response(response.body, response);
  for (const [k, v] of Object.entries(COMMON_HEADERS)) out.headers.set(k, v);
  out.headers.set('Content-Security-Policy', csp);
  return out;
}
