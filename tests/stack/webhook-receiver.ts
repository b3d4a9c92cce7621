import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a receiver got, and which of the known secrets verified it (Standard Webhooks library). */
export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  at: number;
  /** Names of the secrets (see `secrets`) whose verification passed. */
  verifiedBy: string[];
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, socket: Socket) => void;

/**
 * A real webhook receiver on 127.0.0.1: every request is verified with `standardwebhooks` against every secret
 * registered for its path, then answered by the path's behaviour (200 by default).
 */
export async function startReceiver(port = 0) {
  const received: Received[] = [];
  const secrets = new Map<string, Map<string, string>>();
  const behaviours = new Map<string, Behaviour>();
  const sockets = new Set<Socket>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      const verifiedBy: string[] = [];
      for (const [name, secret] of secrets.get(path) ?? []) {
        try {
          new Webhook(secret).verify(body, headers);
          verifiedBy.push(name);
        } catch {
          // Not this secret.
        }
      }
      received.push({
        path,
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        at: Date.now(),
        verifiedBy,
      });
      const b = behaviours.get(path);
      if (b) b(req, res, req.socket);
      else res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  };
  let server: Server = createServer(handler);
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const track = () =>
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
  track();
  const actualPort = await listen(port);
  return {
    port: actualPort,
    url: (path: string) => `http://127.0.0.1:${actualPort}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    secret(path: string, name: string, secret: string) {
      if (!secrets.has(path)) secrets.set(path, new Map());
      secrets.get(path)!.set(name, secret);
    },
    on(path: string, behaviour: Behaviour) {
      behaviours.set(path, behaviour);
    },
    /** Stops listening and drops every open connection (the receiver is down: connections are refused). */
    async down() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
    /** Listens again on the same port. */
    async up() {
      server = createServer(handler);
      track();
      await listen(actualPort);
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
