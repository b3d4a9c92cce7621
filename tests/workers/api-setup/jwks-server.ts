import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    jwksBaseUrl: string;
    jwtPrivateJwk: string;
    jwtRotatedPrivateJwk: string;
  }
}

/**
 * Node-side global setup of the workers project: a real ES256 key pair and a real JWKS endpoint on 127.0.0.1
 * (`/auth/v1/.well-known/jwks.json`), so the Worker verifies test tokens over HTTP exactly as in production.
 */
export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const pub = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'ES256', use: 'sig' };
  const priv = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'ES256' };
  // A second issuer under /rotating whose JWKS gains `test-key-2` after POST /rotating/__rotate (key rotation), and
  // which counts its JWKS fetches (GET /rotating/__fetches), to test caching and the refetch on an unknown `kid`.
  const next = await generateKeyPair('ES256', { extractable: true });
  const pub2 = { ...(await exportJWK(next.publicKey)), kid: 'test-key-2', alg: 'ES256', use: 'sig' };
  const priv2 = { ...(await exportJWK(next.privateKey)), kid: 'test-key-2', alg: 'ES256' };
  let rotated = false;
  let rotatingFetches = 0;
  const json = (res: import('node:http').ServerResponse, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    if (req.url === '/auth/v1/.well-known/jwks.json') return json(res, { keys: [pub] });
    if (req.url === '/rotating/auth/v1/.well-known/jwks.json') {
      rotatingFetches++;
      return json(res, { keys: rotated ? [pub, pub2] : [pub] });
    }
    if (req.url === '/rotating/__rotate' && req.method === 'POST') {
      rotated = true;
      return json(res, { rotated });
    }
    if (req.url === '/rotating/__fetches') return json(res, { fetches: rotatingFetches });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('jwksBaseUrl', `http://127.0.0.1:${port}`);
  project.provide('jwtPrivateJwk', JSON.stringify(priv));
  project.provide('jwtRotatedPrivateJwk', JSON.stringify(priv2));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
