import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local DNS-over-HTTPS stand-in (JSON API, `application/dns-json`, as Cloudflare's public resolver answers it) for
 * the local stacks and the Workers tests: nothing here resolves real names, only the records set through
 * `POST /records` (`{ name, type: 'A' | 'AAAA' | 'TXT', data: string[] }`; an empty `data` removes them). The
 * API's custom-domain proof (TXT) and the JWKS check's name check ask it when `DNS_OVER_HTTPS_URL` points here.
 * Listens on 127.0.0.1 and answers only a loopback `Host` (a DNS-rebinding page cannot set records).
 */

const TYPES = { A: 1, AAAA: 28, TXT: 16 } as const;
type RecordType = keyof typeof TYPES;

export interface DohServer {
  /** The resolver's URL (`…/dns-query`), for `DNS_OVER_HTTPS_URL`. */
  url: string;
  port: number;
  set(name: string, type: RecordType, data: string[]): void;
  close(): Promise<void>;
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

async function body(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text || 'null');
}

export async function createDohServer(port = 0): Promise<DohServer> {
  const records = new Map<string, string[]>();
  const key = (name: string, type: string) => `${name.toLowerCase().replace(/\.$/, '')} ${type}`;
  const set = (name: string, type: RecordType, data: string[]) => {
    if (data.length) records.set(key(name, type), data);
    else records.delete(key(name, type));
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (!LOOPBACK_HOST.test(req.headers.host ?? '')) {
        res.writeHead(403).end('loopback Host only');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://doh');
      if (req.method === 'POST' && url.pathname === '/records') {
        const b = (await body(req).catch(() => null)) as { name?: unknown; type?: unknown; data?: unknown } | null;
        if (
          typeof b?.name !== 'string' ||
          !(typeof b.type === 'string' && b.type in TYPES) ||
          !Array.isArray(b.data) ||
          !b.data.every((d) => typeof d === 'string')
        ) {
          res
            .writeHead(400, { 'Content-Type': 'text/plain' })
            .end('expected { name, type: A|AAAA|TXT, data: string[] }');
          return;
        }
        set(b.name, b.type as RecordType, b.data as string[]);
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && url.pathname === '/dns-query') {
        const name = (url.searchParams.get('name') ?? '').toLowerCase().replace(/\.$/, '');
        const type = (url.searchParams.get('type') ?? 'A').toUpperCase();
        if (!(type in TYPES)) {
          res.writeHead(400).end('unsupported type');
          return;
        }
        const data = records.get(key(name, type)) ?? [];
        const known = [...records.keys()].some((k) => k.startsWith(`${name} `));
        res.writeHead(200, { 'Content-Type': 'application/dns-json' });
        res.end(
          JSON.stringify({
            Status: known ? 0 : 3,
            Answer: data.map((d) => ({
              name,
              type: TYPES[type as RecordType],
              TTL: 60,
              // TXT data as resolvers write it: a quoted character-string.
              data: type === 'TXT' ? `"${d.replace(/["\\]/g, '\\$&')}"` : d,
            })),
          }),
        );
        return;
      }
      res.writeHead(404).end('not found');
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/dns-query`,
    port: actual,
    set,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
