import ipaddr from 'ipaddr.js';
import { checkTarget, forbiddenAddress } from './ssrf-guard';

/**
 * The SSRF checks of an SMTP host (docs/api.md "Custom SMTP"): the address rules of ssrf-guard.ts for the name as
 * written (save time and send time), then at send time its DNS addresses, each of which must pass too. A Worker
 * cannot resolve a name without connecting, so the addresses come from DNS over HTTPS (`SMTP_DNS_URL`, JSON API;
 * Cloudflare's public resolver by default). Loopback (the local SMTP inbox) only with `SMTP_ALLOW_LOOPBACK=true`.
 */

export interface SmtpHostOptions {
  mode: 'live' | 'test';
  allowLoopback: boolean;
}

export const DEFAULT_DNS_URL = 'https://cloudflare-dns.com/dns-query';

/** The host as written: null when allowed, else why not (shown at the host field). */
export async function smtpHostRefusal(host: string, o: SmtpHostOptions): Promise<string | null> {
  const literal = host.replace(/^\[|\]$/g, '');
  const url = ipaddr.IPv6.isValid(literal) ? `https://[${literal}]/` : `https://${host}/`;
  const r = await checkTarget(url, { mode: o.mode, allowLoopback: o.allowLoopback });
  return r.ok ? null : r.reason;
}

export type SmtpResolution =
  { ok: true } | { ok: false; kind: 'refused' | 'unknown_host' | 'dns_unavailable'; message: string };

/** Send time: the host as written, then every address DNS gives for a name. */
export async function resolveSmtpHost(
  host: string,
  o: SmtpHostOptions & { dnsUrl?: string; fetch?: typeof fetch },
): Promise<SmtpResolution> {
  const refusal = await smtpHostRefusal(host, o);
  if (refusal) return { ok: false, kind: 'refused', message: refusal };
  const name = host.toLowerCase().replace(/\.$/, '');
  if (ipaddr.isValid(name.replace(/^\[|\]$/g, '')) || name === 'localhost' || name.endsWith('.localhost'))
    return { ok: true };
  const addresses: string[] = [];
  let nxdomain = false;
  for (const type of ['A', 'AAAA'] as const) {
    let answer: { Status?: number; Answer?: { type: number; data: string }[] };
    try {
      const res = await (o.fetch ?? fetch)(
        `${o.dnsUrl || DEFAULT_DNS_URL}?name=${encodeURIComponent(name)}&type=${type}`,
        { headers: { Accept: 'application/dns-json' }, signal: AbortSignal.timeout(3_000) },
      );
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      answer = await res.json();
    } catch {
      return {
        ok: false,
        kind: 'dns_unavailable',
        message: `Could not look up ${name} (the DNS resolver did not answer): try again shortly`,
      };
    }
    if (answer.Status === 3) nxdomain = true;
    for (const a of answer.Answer ?? []) if (a.type === 1 || a.type === 28) addresses.push(a.data);
  }
  if (!addresses.length)
    return {
      ok: false,
      kind: 'unknown_host',
      message: nxdomain
        ? `The host ${name} does not exist (DNS): check the spelling`
        : `The host ${name} has no address (DNS): check the spelling`,
    };
  for (const a of addresses) {
    const why = forbiddenAddress(a, o.allowLoopback);
    if (why)
      return {
        ok: false,
        kind: 'refused',
        message: `The host ${name} resolves to ${why.replace(/^.*? is /, `${a}, `)}`,
      };
  }
  return { ok: true };
}
