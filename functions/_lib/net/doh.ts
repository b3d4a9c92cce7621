import type { Resolver } from './ssrf-guard';

/**
 * A resolver for the SSRF guard at send time: Workers have no DNS API, so the delivery engine asks a
 * DNS-over-HTTPS server (JSON API, `application/dns-json`, e.g. https://cloudflare-dns.com/dns-query) for the A and
 * AAAA records. A failed lookup throws: the attempt fails rather than going out unchecked.
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
