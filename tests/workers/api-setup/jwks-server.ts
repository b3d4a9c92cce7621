import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    jwksBaseUrl: string;
    jwtPrivateJwk: string;
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
  const server: Server = createServer((req, res) => {
    if (req.url === '/auth/v1/.well-known/jwks.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [pub] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('jwksBaseUrl', `http://127.0.0.1:${port}`);
  project.provide('jwtPrivateJwk', JSON.stringify(priv));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
