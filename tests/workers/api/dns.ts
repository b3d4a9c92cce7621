import { testEnv } from './helpers';

/** Sets records of the local DNS-over-HTTPS stand-in the API asks (tests/workers/api-setup/doh-server.ts). */
export async function setDns(name: string, type: 'A' | 'AAAA' | 'TXT', data: string[]): Promise<void> {
  const url = new URL(testEnv.DNS_OVER_HTTPS_URL!);
  const res = await fetch(`${url.origin}/records`, { method: 'POST', body: JSON.stringify({ name, type, data }) });
  if (res.status !== 204) throw new Error(`DoH stand-in: ${res.status} ${await res.text()}`);
}
