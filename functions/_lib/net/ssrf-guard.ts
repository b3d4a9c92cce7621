import ipaddr from 'ipaddr.js';

/**
 * Outbound-request guard for URLs customers give us (webhooks; later anything the server fetches). Runtime-neutral:
 * no Workers or Node APIs, so the API (create/update time) and the webhook delivery engine (send time) share it.
 *
 * Refused: credentials in the URL; schemes other than https (http only for loopback when `allowLoopback`, never in
 * live mode); and every address that is not global unicast — loopback, private (10/8, 172.16/12, 192.168/16),
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), carrier-grade NAT (100.64/10), unspecified,
 * broadcast, multicast, reserved, IPv6 unique-local (fc00::/7), IPv4-mapped and other IPv4-embedding IPv6 forms
 * (NAT64, 6to4, Teredo). The URL parser turns decimal, octal and hex IPv4 forms (`2130706433`, `0177.0.0.1`,
 * `0x7f.1`) into dotted quads first. Names: `localhost` and `*.localhost` are loopback; single-label names and
 * `.local`, `.internal`, `.home.arpa`, `.lan` names are refused as non-public.
 *
 * Names that resolve to a private address are refused when a `resolve` function is given. At create time the API
 * has none (a Worker's `fetch` cannot resolve a name without connecting to it), so it checks the URL as written; the
 * delivery engine must resolve at send time, call this guard with the addresses, connect to a checked address and
 * not follow redirects unchecked (DNS can change between the two: a create-time answer would not hold anyway).
 */

export type Resolver = (hostname: string) => Promise<string[]>;

export interface GuardOptions {
  /** `live` requires https even for loopback. */
  mode: 'live' | 'test';
  /** Allow loopback targets (127.0.0.0/8, ::1, localhost): `WEBHOOK_ALLOW_LOOPBACK=true`, local development only. */
  allowLoopback?: boolean;
  /** Resolves a host name to its addresses (send time); every address must pass. */
  resolve?: Resolver;
}

/** A refusal; `unresolved` when the host name has no address (a DNS failure rather than a forbidden target). */
export type GuardResult = { ok: true; url: URL } | { ok: false; reason: string; unresolved?: true };

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address (cloud metadata lives there)',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'the unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  uniqueLocal: 'an IPv6 unique-local address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6145: 'an IPv4-translated IPv6 address',
  rfc6052: 'a NAT64 (IPv4-embedding) IPv6 address',
  '6to4': 'a 6to4 (IPv4-embedding) IPv6 address',
  teredo: 'a Teredo (IPv4-embedding) IPv6 address',
};

/** IPv6: only global unicast (2000::/3) is a target. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Special-purpose blocks inside 2000::/3 (IANA IPv6 Special-Purpose Address Registry) refused besides what ipaddr.js
 * names: a new block of the registry is added here. Outside 2000::/3 everything is refused (IPv4-compatible
 * `::a9fe:a9fe` and `::127.0.0.1`, NAT64, discard, multicast, unique-local, link-local …).
 */
export const SPECIAL_V6: readonly [string, string][] = [
  ['2001::/23', 'an IETF protocol assignment (Teredo, benchmarking, ORCHID …)'],
  ['2001:db8::/32', 'an IPv6 documentation address'],
  ['2002::/16', 'a 6to4 (IPv4-embedding) IPv6 address'],
  ['3fff::/20', 'an IPv6 documentation address'],
  ['5f00::/16', 'an IPv6 segment-routing address'],
];
const SPECIAL_V6_CIDRS = SPECIAL_V6.map(([cidr, name]) => [ipaddr.parseCIDR(cidr), name] as const);

/** Why an IP address may not be a target, or null when it is global unicast (or allowed loopback). */
export function forbiddenAddress(address: string, allowLoopback = false): string | null {
  const text = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return 'not an IP address';
  const ip = ipaddr.parse(text);
  const range = ip.range();
  if (range === 'loopback' && allowLoopback) return null;
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (range === 'unicast' && v6.match(GLOBAL_UNICAST_V6)) {
      const special = SPECIAL_V6_CIDRS.find(([cidr]) => v6.match(cidr));
      return special ? `${text} is ${special[1]}` : null;
    }
    if (range === 'unicast')
      return `${text} is ${
        v6.parts.slice(0, 6).every((p) => p === 0)
          ? 'an IPv4-compatible IPv6 address'
          : 'not a global unicast IPv6 address (only 2000::/3 is)'
      }`;
  } else if (range === 'unicast') return null;
  return `${text} is ${RANGE_NAMES[range] ?? `not a public address (${range})`}`;
}

const NON_PUBLIC_SUFFIXES = ['.local', '.internal', '.home.arpa', '.lan', '.intranet', '.corp'];

/** Checks a URL for an outbound request: scheme, credentials, and the host (and its addresses with `resolve`). */
export async function checkTarget(raw: string, o: GuardOptions): Promise<GuardResult> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Not a valid URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials (user:password@) are refused' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'Use an https URL' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.replace(/^\[|\]$/g, '');
  const isIp = ipaddr.isValid(literal);
  let loopback: boolean;
  if (isIp) {
    const why = forbiddenAddress(literal, o.allowLoopback);
    if (why) return { ok: false, reason: `The host ${why}` };
    loopback = ipaddr.parse(literal).range() === 'loopback';
  } else {
    loopback = host === 'localhost' || host.endsWith('.localhost');
    if (loopback && !o.allowLoopback) return { ok: false, reason: `The host ${host} is a loopback name` };
    if (!loopback) {
      if (!host.includes('.'))
        return { ok: false, reason: `The host ${host} is a single-label name, not a public one` };
      if (NON_PUBLIC_SUFFIXES.some((s) => host.endsWith(s)))
        return { ok: false, reason: `The host ${host} is a local or internal name, not a public one` };
    }
  }
  if (url.protocol === 'http:' && (!loopback || o.mode === 'live'))
    return {
      ok: false,
      reason:
        o.mode === 'live'
          ? 'Live mode requires https'
          : 'Use https (http only for loopback receivers in local development)',
    };
  if (!isIp && !loopback && o.resolve) {
    const addresses = await o.resolve(host);
    if (!addresses.length) return { ok: false, reason: `The host ${host} does not resolve`, unresolved: true };
    for (const a of addresses) {
      const why = forbiddenAddress(a, o.allowLoopback);
      if (why) return { ok: false, reason: `The host ${host} resolves to ${why.replace(/^.*? is /, `${a}, `)}` };
    }
  }
  return { ok: true, url };
}
