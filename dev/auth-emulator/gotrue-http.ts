import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_VERSION } from './config.ts';

/** A GoTrue-shaped error: rendered as `{ code, error_code, msg }` with the HTTP status. */
export class GoTrueError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

const MAX_BODY_BYTES = 1_000_000;

/** Read and parse a JSON request body (empty body → `{}`); GoTrue's `bad_json` on malformed input. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new GoTrueError(413, 'request_too_large', 'Request body too large');
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString('utf8').trim();
  if (!raw) return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON');
}

/** Send a JSON response with the Supabase API version header. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Supabase-Api-Version': API_VERSION,
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

/** Send an empty response (204 and friends). */
export function sendEmpty(res: ServerResponse, status = 204, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'X-Supabase-Api-Version': API_VERSION, ...headers });
  res.end();
}

/** Send an HTML page. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

/** Render an {@link GoTrueError} the way GoTrue does, readable by auth-js with or without the API version header. */
export function sendError(res: ServerResponse, error: GoTrueError): void {
  sendJson(
    res,
    error.status,
    { code: error.code, error_code: error.code, msg: error.message, ...error.extra },
    error.headers,
  );
}

const LOCAL_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
const ALLOWED_HEADERS = 'authorization, apikey, content-type, x-client-info, x-supabase-api-version';
const EXPOSED_HEADERS = 'X-Supabase-Api-Version, Retry-After, Content-Length';

/** CORS for the local dashboard: reflect loopback origins (and the configured site origin). */
export function applyCors(req: IncomingMessage, res: ServerResponse, siteOrigin: string): void {
  const origin = req.headers.origin;
  if (!origin || !(LOCAL_ORIGIN.test(origin) || origin === siteOrigin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
  }
}

/**
 * Client IP for rate limiting: the socket address. `X-Forwarded-For` is ignored: the emulator listens on loopback
 * with no proxy in front, so the header could only come from the client itself (a new value per request would reset
 * every limit).
 */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress || 'unknown';
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * True when the `Host` header names a loopback host with the emulator's own port (`127.0.0.1:54321`,
 * `localhost:54321`, `[::1]:54321`). A DNS-rebinding page reaches the same socket under its own name
 * (`attacker.example:54321`), so pages that show codes or links refuse any other Host.
 */
export function loopbackHost(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host?.toLowerCase();
  if (!host) return false;
  const match = /^(\[[^\]]*\]|[^:[\]]+):(\d+)$/.exec(host);
  return Boolean(match && LOOPBACK_HOSTNAMES.has(match[1]!) && Number(match[2]) === port);
}

/** The bearer token of the `Authorization` header, if any. */
export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || null;
}

/** A string field of a parsed body, or undefined. */
export function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}
