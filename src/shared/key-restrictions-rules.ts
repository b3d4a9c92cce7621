import ipaddr from 'ipaddr.js';

/**
 * The rules of a secret key's restrictions (docs/api.md "Key restrictions") that both the API (through zod in
 * src/shared/api/key-restrictions.ts) and the key page apply: an allowlist entry is an IPv4 or IPv6 address or CIDR
 * range, written in one canonical form, so "2001:DB8:0::1" and "2001:db8::1" are the same entry.
 */

/** At most this many addresses and ranges per key. */
export const MAX_ALLOWED_IPS = 50;
/** The highest key limit when the project has no limit of its own (`API_RATE_LIMIT_PER_MINUTE=0`). */
export const MAX_KEY_RATE_LIMIT = 1_000_000;

type Parsed = { ok: true; canonical: string } | { ok: false; message: string };

const isV4 = (a: string) => ipaddr.IPv4.isValidFourPartDecimal(a);
const isV6 = (a: string) => !a.includes('%') && ipaddr.IPv6.isValid(a);

/** One entry, checked and canonicalised: an address as `ipaddr.js` writes it (RFC 5952 for IPv6), a range as network/prefix. */
export function parseAllowlistEntry(value: string): Parsed {
  const v = value.trim();
  if (!v) return { ok: false, message: 'Enter an address such as 203.0.113.7 or a range such as 203.0.113.0/24' };
  if (v.length > 50) return { ok: false, message: 'At most 50 characters' };
  const slash = v.indexOf('/');
  const address = slash < 0 ? v : v.slice(0, slash);
  const v4 = isV4(address);
  if (!v4 && !isV6(address))
    return {
      ok: false,
      message: 'Expected an IPv4 or IPv6 address (203.0.113.7, 2001:db8::1) or range (203.0.113.0/24, 2001:db8::/32)',
    };
  const parsed = ipaddr.parse(address);
  // An IPv4-mapped IPv6 address (::ffff:203.0.113.7) is the IPv4 address a client connects from.
  const plain = (a: ipaddr.IPv4 | ipaddr.IPv6) =>
    a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
  if (slash < 0) return { ok: true, canonical: plain(parsed).toString() };
  const prefix = v.slice(slash + 1);
  const max = v4 ? 32 : 128;
  if (!/^(0|[1-9][0-9]{0,2})$/.test(prefix) || Number(prefix) > max)
    return { ok: false, message: `The prefix length must be from 0 to ${max}` };
  const bits = Number(prefix);
  if (bits === max) return { ok: true, canonical: plain(parsed).toString() };
  const network = (v4 ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(`${address}/${bits}`).toString();
  if (network !== parsed.toString())
    return { ok: false, message: `Host bits are set past the /${bits}: the range is ${network}/${bits}` };
  return { ok: true, canonical: `${network}/${bits}` };
}

/** The message of an entry, or null when it is fine. */
export const allowlistEntryError = (value: string): string | null => {
  const r = parseAllowlistEntry(value);
  return r.ok ? null : r.message;
};

/** Indexes of the entries whose canonical form repeats an earlier entry's (bad entries are not compared). */
export function repeatedEntries(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  values.forEach((v, i) => {
    const r = parseAllowlistEntry(v);
    if (!r.ok) return;
    if (seen.has(r.canonical)) out.push(i);
    seen.add(r.canonical);
  });
  return out;
}
export const REPEATED_ENTRY_MESSAGE = 'Listed twice (the same address or range): remove the repeat';

/**
 * The highest limit a key may take: below the project's own limit per caller (`projectLimit`), any positive number
 * up to MAX_KEY_RATE_LIMIT when the project has none (0).
 */
export const maxKeyRateLimit = (projectLimit: number): number =>
  projectLimit > 0 ? projectLimit - 1 : MAX_KEY_RATE_LIMIT;

/** The message of a key's rate limit (null: no limit of its own, or fine). */
export function rateLimitError(value: number | null, projectLimit: number): string | null {
  if (value === null) return null;
  if (!Number.isSafeInteger(value) || value < 1) return 'Enter a whole number of requests per minute, at least 1';
  const max = maxKeyRateLimit(projectLimit);
  if (value > max)
    return projectLimit > 0
      ? `Must be below the project's limit of ${projectLimit.toLocaleString('en-US')} requests per minute`
      : `At most ${max.toLocaleString('en-US')} requests per minute`;
  return null;
}
