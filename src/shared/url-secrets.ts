/**
 * Credentials that travel in URLs: the email links' `token_hash`, a PKCE `code`, the implicit flow's tokens in the
 * fragment (`#access_token=…&refresh_token=…`), and the like. Analytics, logs and referrers must never carry them.
 */

/** Parameter names that are secrets as a whole. */
const SECRET_NAMES = new Set(['code', 'otp', 'nonce', 'state', 'key', 'sig', 'signature', 'jwt', 'ticket']);
/** Parameter names containing one of these are secrets too (`token_hash`, `provider_refresh_token`, `client_secret`…). */
const SECRET_PARTS = ['token', 'secret', 'passw', 'apikey', 'api_key', 'credential'];

/** True for a query or fragment parameter that carries a credential. */
export function isSecretParam(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_PARTS.some((part) => lower.includes(part));
}

const ABSOLUTE = /^https?:\/\//i;
const RELATIVE_BASE = 'http://relative.invalid';

function looksLikeUrl(value: string): boolean {
  return ABSOLUTE.test(value) || value.startsWith('/');
}

/** The query string without secret parameters (values that are URLs scrubbed too); `search` itself when unchanged. */
function scrubSearch(search: string): string {
  const params = [...new URLSearchParams(search)];
  let changed = false;
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (isSecretParam(name)) {
      changed = true;
      continue;
    }
    const clean = looksLikeUrl(value) ? scrubUrl(value) : value;
    if (clean !== value) changed = true;
    kept.push([name, clean]);
  }
  if (!changed) return search;
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
}

/**
 * `value` without its secret query parameters, its fragment and any credentials, when it is an `http(s)` URL or a
 * path; any other string is returned as it is. What is kept keeps its original spelling.
 */
export function scrubUrl(value: string): string {
  if (!looksLikeUrl(value) || !/[?#@]/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value, RELATIVE_BASE);
  } catch {
    return value;
  }
  const path = url.pathname + scrubSearch(url.search);
  return ABSOLUTE.test(value) ? url.origin + path : path;
}

/** True when `href` carries a secret: in its query (also inside a URL-valued parameter) or in its fragment. */
export function hasUrlSecrets(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href, RELATIVE_BASE);
  } catch {
    return false;
  }
  if (scrubSearch(url.search) !== url.search) return true;
  return [...new URLSearchParams(url.hash.slice(1)).keys()].some(isSecretParam);
}
