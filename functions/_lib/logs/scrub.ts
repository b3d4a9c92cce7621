import ipaddr from 'ipaddr.js';

/**
 * What the request log may keep of a request (docs/security.md "Request logs"): never a body, a header with
 * credentials or a secret-like query value; the client address only to its network (IPv4 /24, IPv6 /48).
 */

/** Query parameter names whose values are replaced by `[redacted]` (any case, anywhere in the name). */
const SECRET_NAME =
  /token|secret|key|pass(word|wd)?|pwd|signature|sig$|code|auth|credential|session|jwt|otp|nonce|cookie|private/i;

export const REDACTED = '[redacted]';
/** Longest path and query kept (longer ones are cut: a log entry stays small). */
const MAX_TEXT = 2048;
/** Longest user agent kept. */
const MAX_USER_AGENT = 512;

/** Whether a query parameter's name looks like it carries a secret. */
export const isSecretName = (name: string) => SECRET_NAME.test(name);

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * The query string (without `?`) with the value of every secret-like name replaced by `[redacted]`; the other
 * parameters stay as sent, in order. Null when there is none.
 */
export function scrubQuery(search: string): string | null {
  const q = search.startsWith('?') ? search.slice(1) : search;
  if (!q) return null;
  const parts = q.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    if (!isSecretName(decodeName(name))) return part;
    return `${name}=${REDACTED}`;
  });
  return parts.join('&').slice(0, MAX_TEXT);
}

/** The client's network: `203.0.113.0/24` for IPv4 (and IPv4-mapped IPv6), `2001:db8:1::/48` for IPv6. */
export function clientNetwork(address: string | null): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') {
    const [a, b, c] = (ip as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (ip as ipaddr.IPv6).parts;
  const net = new ipaddr.IPv6([parts[0]!, parts[1]!, parts[2]!, 0, 0, 0, 0, 0]);
  return `${net.toString()}/48`;
}

/** A path as logged: at most 2 KB. */
export const scrubPath = (path: string) => path.slice(0, MAX_TEXT);

/** A user agent as logged: at most 512 characters, no control characters. */
export function scrubUserAgent(ua: string | null): string | null {
  if (!ua) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return ua.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, MAX_USER_AGENT);
}
