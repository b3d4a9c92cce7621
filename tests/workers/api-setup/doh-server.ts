import type { TestProject } from 'vitest/node';
import { createDohServer } from '../../../dev/doh/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dohUrl: string;
  }
}

/**
 * Node-side global setup: the local DNS-over-HTTPS stand-in (dev/doh/server.ts) the API asks in the Workers tests
 * (`DNS_OVER_HTTPS_URL`): TXT proofs of custom domains, the JWKS check's name check. Tests set records over HTTP
 * (`POST /records`, tests/workers/api/dns.ts).
 */
export default async function setup(project: TestProject) {
  const doh = await createDohServer();
  project.provide('dohUrl', doh.url);
  return () => doh.close();
}
