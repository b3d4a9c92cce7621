import type { Resolver } from './ssrf-guard';

/** Cloudflare's public resolver (JSON API): the default of every DNS-over-HTTPS lookup the API makes. */
export const DEFAULT_DOH_URL = 'https://cloudflare-dns.com/dns-query';

/** The API's DNS-over-HTTPS endpoint: `DNS_OVER_HTTPS_URL` (tests and local stacks: a local stand-in), else the default. */
export const dnsOverHttpsUrl = (env: { DNS_OVER_HTTPS_URL?: string }) => env.DNS_OVER_HTTPS_URL || DEFAULT_DOH_URL;

/**
 * A resolver for the SSRF guard at send time: Workers have no DNS API, so the delivery engine asks a
 * DNS-over-HTTPS server (JSON API, `application/dns-json`, e.g. https://cloudflare-dns.com/dns-query) for the A and
 * AAAA records. A failed lookup throws: the attempt is held (`DNS_HOLD_MS`) rather than going out unchecked.
 */
export function dohResolver(endpoint: string, fetcher: typeof fetch = fetch): Resolver {
  return async (host) => {
    const answers = await Promise.all(
      (['A', 'AAAA'] as const).map(async (type) => {
        const url = new URL(endpoint);
        url.searchParams.set('name', host);
        url.searchParams.set('type', type);
        const res = await fetcher(url.href, {
          headers: { Accept: 'application/dns-json' },
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) throw new Error(`DNS lookup of ${host} failed (${res.status})`);
        const body = (await res.json()) as { Status?: number; Answer?: { type: number; data: string }[] };
        return (body.Answer ?? []).filter((a) => a.type === 1 || a.type === 28).map((a) => a.data);
      }),
    );
    return answers.flat();
  };
}

/**
 * The TXT records of a name (DNS over HTTPS, JSON API), each record's strings joined as RFC 7208 says and unquoted.
 * NXDOMAIN or no TXT: an empty list. A resolver that does not answer throws.
 */
export async function lookupTxt(endpoint: string, name: string, fetcher: typeof fetch = fetch): Promise<string[]> {
  const url = new URL(endpoint);
  url.searchParams.set('name', name);
  url.searchParams.set('type', 'TXT');
  const res = await fetcher(url.href, {
    headers: { Accept: 'application/dns-json' },
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`DNS lookup of ${name} failed (${res.status})`);
  const body = (await res.json()) as { Status?: number; Answer?: { type: number; data: string }[] };
  return (body.Answer ?? [])
    .filter((a) => a.type === 16)
    .map((a) => {
      const parts = a.data.match(/"((?:[^"\\]|\\.)*)"/g);
      return parts ? parts.map((p) => p.slice(1, -1).replace(/\\(.)/g, '$1')).join('') : a.data;
    });
}
