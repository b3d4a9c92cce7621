import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parsed allowlists by their stored text: a busy key's list is parsed once per isolate. */
const parsedCache = new Map<string, Range[]>();
const MAX_CACHED = 500;

/** The stored entries as ranges (an address is its /32 or /128); an entry that does not parse matches nothing. */
function ranges(entries: readonly string[]): Range[] {
  const text = entries.join(',');
  const cached = parsedCache.get(text);
  if (cached) return cached;
  const out: Range[] = [];
  for (const e of entries) {
    try {
      if (e.includes('/')) out.push(ipaddr.parseCIDR(e));
      else {
        const a = ipaddr.parse(e);
        out.push([a, a.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      // Matches nothing.
    }
  }
  if (parsedCache.size >= MAX_CACHED) parsedCache.delete(parsedCache.keys().next().value!);
  parsedCache.set(text, out);
  return out;
}

/**
 * The client address as the allowlist and "last addresses seen" write it (IPv4-mapped IPv6 as IPv4, IPv6 in
 * RFC 5952 form), or null when it is missing or not an address.
 */
export function canonicalClientAddress(raw: string | null): string | null {
  if (!raw) return null;
  try {
    return ipaddr.process(raw.trim()).toString();
  } catch {
    return null;
  }
}

/** Whether `address` (canonical, or null when unknown) is in the allowlist; an empty list allows any address. */
export function addressAllowed(entries: readonly string[], address: string | null): boolean {
  if (entries.length === 0) return true;
  if (!address) return false;
  const a = ipaddr.parse(address);
  return ranges(entries).some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
}
