/**
 * Best-effort per-isolate rate limit per caller (user or key): a fixed one-minute window. Cloudflare's own rate limiting
 * rules should front it in production; this only keeps one runaway client from hogging an isolate.
 */
export const RATE_LIMIT_PER_MINUTE = 1200;
const windows = new Map<string, { start: number; count: number }>();

/** Counts a request; false when the caller is over the limit. */
export function rateLimit(actorId: string, now: number, limit = RATE_LIMIT_PER_MINUTE): boolean {
  const w = windows.get(actorId);
  if (!w || now - w.start >= 60_000) {
    if (windows.size > 10_000) windows.clear();
    windows.set(actorId, { start: now, count: 1 });
    return true;
  }
  w.count++;
  return w.count <= limit;
}
