import { z } from 'zod';
import { ERROR_CODES, MAX_BODY_BYTES, type ErrorCode } from '../../../src/shared/api/common';
import { ListParamError } from '../../../src/shared/api/list-params';

/** An error answered as `{ error: { code, message, details? } }` with its status. */
export class ApiError extends Error {
  /** Extra response headers (the `Retry-After` of a 429). */
  headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export const notFound = (what = 'Resource') => new ApiError('not_found', `${what} not found`);
export const forbidden = (message = 'Your role does not allow this action') => new ApiError('forbidden', message);
export const conflict = (message: string, details?: unknown) => new ApiError('conflict', message, details);
export const badRequest = (message: string, details?: unknown) => new ApiError('bad_request', message, details);

/** A JSON response. */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const res = new Response(JSON.stringify(data), { status, headers });
  res.headers.set('Content-Type', 'application/json; charset=utf-8');
  res.headers.set('Cache-Control', 'no-store');
  return res;
}

/** Zod issues as `{ path, message }` for `details`. */
export function zodDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 20).map((i) => ({
    path: i.path.map(String).join('.') || '(body)',
    message: i.code === 'unrecognized_keys' ? `Unknown field(s): ${i.keys.join(', ')}` : i.message,
  }));
}

/** Maps any thrown value to an error response; unknown errors become a generic 500 without internals. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) {
    // RFC 9470 step-up: a valid token that lacks the second factor.
    const extra: Record<string, string> | undefined =
      err.code === 'unauthorized'
        ? { 'WWW-Authenticate': 'Bearer' }
        : err.code === 'mfa_required'
          ? { 'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", acr_values="aal2"' }
          : err.code === 'unavailable'
            ? { 'Retry-After': '5' }
            : undefined;
    return json(
      {
        error: { code: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) },
      },
      err.status,
      err.headers ? { ...extra, ...err.headers } : extra,
    );
  }
  if (err instanceof ListParamError)
    return json({ error: { code: 'bad_request', message: err.message, details: { param: err.param } } }, 400);
  if (err instanceof z.ZodError)
    return json({ error: { code: 'bad_request', message: 'Invalid request', details: zodDetails(err) } }, 400);
  console.error('api: unhandled error', err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  return json({ error: { code: 'internal', message: 'Something went wrong on our side' } }, 500);
}

/**
 * Reads a JSON body's text (≤ 1 MB, `application/json`, UTF-8, well-formed, present); the route's zod schema then
 * validates it (api-app.ts). Each failure has its own status and message (docs/api.md "Errors").
 */
export async function readJsonText(request: Request): Promise<string> {
  const type = request.headers.get('Content-Type') ?? '';
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new ApiError('payload_too_large', 'Request body is larger than 1 MB');
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ApiError('unsupported_media_type', 'Send the body as application/json');
  const text = await readCapped(request);
  if (text === '') throw badRequest('A JSON body is required');
  try {
    JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  return text;
}

/**
 * Reads the body as UTF-8 text and stops at `max` bytes (413) even when Content-Length lies or is absent: the JSON
 * body gate's reader, and the raw body of a signed provider event (whose signature covers the exact bytes).
 */
export async function readCapped(request: Request, max = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () =>
    new ApiError(
      'payload_too_large',
      max === MAX_BODY_BYTES ? 'Request body is larger than 1 MB' : `Request body is larger than ${max / 1024} KB`,
    );
  if (Number(request.headers.get('Content-Length') ?? '0') > max) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(all);
  } catch {
    throw badRequest('Body is not valid UTF-8');
  }
}

/** Milliseconds → ISO string (null stays null). */
export const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
/** Milliseconds → ISO string, for non-null columns. */
export const isoStrict = (ms: number): string => new Date(ms).toISOString();
