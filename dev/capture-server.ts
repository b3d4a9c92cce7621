/**
 * A PostHog-compatible capture endpoint on loopback for tests: it accepts what posthog-js sends (plain JSON,
 * base64 form data or gzip) and lists the events at GET /__events (DELETE clears them).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
  distinct_id?: string;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes one posthog-js request body into events. */
export function decodeCapture(raw: Buffer, url: URL, contentType: string): CapturedEvent[] {
  let text: string;
  if (url.searchParams.get('compression') === 'gzip-js' || (raw[0] === 0x1f && raw[1] === 0x8b))
    text = gunzipSync(raw).toString();
  else text = raw.toString();
  if (contentType.includes('application/x-www-form-urlencoded') || text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data') ?? '';
    text =
      url.searchParams.get('compression') === 'base64' || !data.trim().startsWith('[')
        ? Buffer.from(data, 'base64').toString()
        : data;
  }
  const parsed: unknown = JSON.parse(text);
  const list = Array.isArray(parsed) ? parsed : ((parsed as { batch?: unknown[] }).batch ?? [parsed]);
  return list as CapturedEvent[];
}

/** Starts the capture server on 127.0.0.1:`port`. */
export function startCaptureServer(port: number): Promise<Server> {
  const events: CapturedEvent[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (url.pathname === '/__events') {
      if (req.method === 'DELETE') events.length = 0;
      res.setHeader('Content-Type', 'application/json');
      return void res.end(JSON.stringify(events));
    }
    if (req.method === 'POST') {
      try {
        events.push(...decodeCapture(await body(req), url, req.headers['content-type'] ?? ''));
      } catch (error) {
        console.error('[capture] undecodable body', error);
      }
      res.setHeader('Content-Type', 'application/json');
      return void res.end('{"status":1}');
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
